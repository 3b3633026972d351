import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFile } from '../../../main/core/paths';
import { runCli } from '../../support/cli';
import { crashAccount } from '../../support/crash-harness';
import { FIXTURES } from '../../support/engine';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';

// A received file the service refused to hand over is given up (its tries are the service's to
// spend). Given up is never silent: `status` counts it, and `fetch-again` queues it once more, for
// an account or all of them, which the next sync fetches.

const INVOICES = 3;
const FILE_PATHS = '^/v1/invoices/[^/]+$';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 37 });
});
afterAll(async () => sb.close());

function states(data: string): string[] {
  const db = new Database(dbFile(data), { readonly: true });
  try {
    return (db.prepare('SELECT state FROM invoice_files ORDER BY job_id').all() as { state: string }[]).map((r) => r.state);
  } finally {
    db.close();
  }
}

describe('npm run cli -- fetch-again', () => {
  it('counts the files given up in `status` and fetches them again, at the next sync', async () => {
    const run = await crashAccount(sb, 'einvoice-fetch-again-');
    const cli = (...args: string[]) => runCli(['--data', run.data, '--log-level', 'error', ...args], { ...process.env, ...run.env });
    const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    for (let i = 0; i < INVOICES; i++) {
      const data = Buffer.from(xml.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>AGAIN-${i}</cbc:ID>`));
      const res = await sb.call(`/__sandbox/companies/${run.company.company_id}/received-invoices`, {
        method: 'POST',
        body: form({ name: `again-${i}.xml`, data }),
      });
      expect(res.status).toBe(201);
    }
    // The service refuses every file (a 422 is its final word): each one is given up at its first try.
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 422, method: 'GET', path: FILE_PATHS }] });
    expect((await cli('sync', '--once', '--stable-ms', '0')).code).toBe(1);
    expect(states(run.data)).toEqual(Array(INVOICES * 2).fill('failed'));
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    // The service would hand them over now, but nothing asks for a file given up.
    expect((await cli('sync', '--once', '--stable-ms', '0')).code).toBe(0);
    expect(states(run.data)).toEqual(Array(INVOICES * 2).fill('failed'));

    const text = await cli('status');
    expect(text.stdout).toContain(`0 downloads pending, ${INVOICES * 2} given up (fetch them with \`fetch-again\`)`);
    const json = JSON.parse((await cli('status', '--json')).stdout) as { accounts: { downloads_given_up: number }[] };
    expect(json.accounts[0]?.downloads_given_up).toBe(INVOICES * 2);

    expect((await cli('fetch-again', '--account', 'Nobody')).code).toBe(2);
    const again = await cli('fetch-again', '--account', 'Crash');
    expect(again.stdout).toBe(`${INVOICES * 2} received file(s) will be fetched again at the next sync.\n`);
    expect((await cli('fetch-again')).stdout).toBe('No received file was given up; nothing to fetch again.\n');
    expect(states(run.data)).toEqual(Array(INVOICES * 2).fill('pending'));

    const sync = await cli('sync', '--once', '--stable-ms', '0');
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    expect(states(run.data)).toEqual(Array(INVOICES * 2).fill('done'));
    expect((await cli('status')).stdout).toContain('0 downloads pending, 0 given up;');
  }, 120_000);
});
