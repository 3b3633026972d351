import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { INTAKE_BATCH } from '../../../main/core/sync/intake';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const setFaults = (rules: unknown[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });

describe('a crash between a batch of spool copies and its rows', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company);
    t.engine.setFolderOptions(t.account.id, 'Outbox/Invoices', { validation: 'off' });
  });
  afterEach(async () => {
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
  });
  afterAll(async () => t.close());

  it('on restart sends each file once: the copies no row owns are removed, the files still in the Outbox are taken in again', async () => {
    // More than one batch, so the files are queued in several transactions while the first are sent.
    const n = INTAKE_BATCH + 8;
    const outbox = join(t.root, 'Outbox', 'Invoices');
    const spool = join(t.dataDir, 'spool', t.account.id);
    const template = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    const names = Array.from({ length: n }, (_, i) => `batch-${String(i).padStart(2, '0')}.xml`);
    await mkdir(spool, { recursive: true });
    for (const [i, name] of names.entries()) {
      const xml = template.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>BATCH-${i}</cbc:ID>`);
      await writeFile(join(outbox, name), xml);
      // What the engine killed after the batch's copies took their names (and the spool folder was
      // synced) but before the rows' transaction committed leaves on disk: each copy under a key no
      // row holds. The runner has not started yet, so the first pass below is the restart.
      await writeFile(join(spool, `${randomUUID()}.spool`), xml);
    }
    // And copies of the next batch still being written when it was killed.
    await writeFile(join(spool, `.${'ab'.repeat(8)}.tmp`), template.slice(0, 500));
    expect(t.engine.store.outbox.countsByState(t.account.id).queued).toBe(0);

    // Lost answers (the service kept the invoice) are the worst case for sending twice.
    await setFaults([
      { action: 'drop_response', method: 'POST', path: '^/v1/invoices$', probability: 0.3 },
      { action: 'error', status: 503, method: 'POST', path: '^/v1/invoices$', probability: 0.15 },
      { action: 'reset', method: 'POST', path: '^/v1/invoices$', probability: 0.1 },
    ]);
    for (let round = 0; round < 30 && (await readdir(outbox)).length > 0; round++) {
      await t.engine.syncOnce();
      t.engine[WRITER].outbox.releaseHeld(t.account.id);
    }
    await setFaults([]);
    await t.engine.syncOnce();

    const uploads = (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as {
      filename: string;
      uuid: string;
    }[];
    expect(new Set(uploads.map((u) => u.uuid)).size).toBe(uploads.length);
    expect(uploads.map((u) => u.filename).sort(), 'each file became exactly one invoice').toEqual(names);
    expect(await readdir(outbox)).toEqual([]);
    expect((await readdir(join(t.root, 'Sent'))).sort()).toEqual(names);
    // Every row that was sent carries the key the service saw; no copy is left in the spool.
    const done = t.engine.store.outbox.listByStates(t.account.id, ['done']);
    expect(done.map((j) => j.serviceKey).sort()).toEqual(uploads.map((u) => u.uuid).sort());
    expect(await readdir(spool)).toEqual([]);
  }, 120_000);
});
