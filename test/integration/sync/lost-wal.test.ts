import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { cli, crashAccount, exited, finishCleanly } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

const FILES = 10;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

interface Upload {
  filename: string;
  uuid: string;
  id: string;
}

const uploadsOf = async (companyId: string) => (await (await sb.call(`/__sandbox/companies/${companyId}/uploads`)).json()) as Upload[];

// The database is the engine's memory of what it sent; the service's de-duplication is keyed on what the
// engine tells it. A key that lives only in the database is gone with it: these tests take the database's
// last commits away (its WAL, as a power cut with a lying disk or a restore from an older copy would) or the
// whole file, after every upload reached the service but no answer reached the engine.
describe('a lost database never sends twice', () => {
  async function dropAndLoseAnswers(prefix: string) {
    const run = await crashAccount(sb, prefix);
    const template = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    for (let i = 0; i < FILES; i++) {
      await writeFile(
        join(run.root, 'Outbox', 'Invoices', `wal-${i}.xml`),
        template.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>WAL-${i}</cbc:ID>`),
      );
    }
    // Every upload is applied by the service, and its answer lost on the way back; the sent list, where
    // a try after a lost answer looks for what the first one made, does not answer either.
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'drop_response', method: 'POST', path: '^/v1/invoices$', probability: 1 },
        { action: 'error', status: 503, method: 'GET', path: '^/v1/invoices$', probability: 1 },
      ],
    });
    const p = cli(['--data', run.data, 'sync', '--stable-ms', '100'], run.env);
    await vi.waitFor(
      async () => {
        if ((await uploadsOf(run.company.company_id)).length < FILES) throw new Error('not all sent yet');
      },
      { timeout: 60_000, interval: 100 },
    );
    p.kill('SIGKILL');
    await exited(p);
    expect(await readdir(join(run.root, 'Outbox', 'Invoices')), 'the files wait in the Outbox').toHaveLength(FILES);
    return run;
  }

  async function expectOncePerFile(run: Awaited<ReturnType<typeof dropAndLoseAnswers>>) {
    const uploads = await uploadsOf(run.company.company_id);
    expect(new Set(uploads.map((u) => u.id)).size, `seed ${run.seed}: one invoice per file at the service`).toBe(FILES);
    expect(uploads.map((u) => u.filename).sort()).toEqual(Array.from({ length: FILES }, (_, i) => `wal-${i}.xml`).sort());
    expect(await readdir(join(run.root, 'Outbox', 'Invoices'))).toEqual([]);
    expect((await readdir(join(run.root, 'Sent'))).sort()).toEqual(Array.from({ length: FILES }, (_, i) => `wal-${i}.xml`).sort());
  }

  it('takes the files in again under the keys they were sent with when the WAL is lost', async () => {
    const run = await dropAndLoseAnswers('einvoice-lostwal-');
    const db = dbFile(run.data);
    await rm(`${db}-wal`, { force: true });
    await rm(`${db}-shm`, { force: true });
    await finishCleanly(sb, run);
    await expectOncePerFile(run);
  }, 120_000);

  it('sends nothing twice when the outbox rows are gone, as a restore of an older copy leaves them', async () => {
    const run = await dropAndLoseAnswers('einvoice-lostrows-');
    const { default: Database } = await import('better-sqlite3');
    // The account stays (its id, settings and secrets: what a backup from before the drop holds); every
    // row the drop wrote is forgotten.
    const db = new Database(dbFile(run.data));
    db.exec('DELETE FROM outbox');
    db.close();
    await finishCleanly(sb, run);
    await expectOncePerFile(run);
  }, 120_000);
});
