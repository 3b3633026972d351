import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestSandbox } from '../../support/sandbox';

// A received file's tries are the service's to spend: a connection that closes before any answer (a
// network down for hours, a proxy that resets) never makes the app give a file up.
const FILE_PATHS = '^/v1/invoices/[^/]+$';

let sb: TestSandbox;
let t: TestEngine;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 11 });
  const company = await sb.company();
  t = await startTestEngine(sb, company);
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
  const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: 'in.xml', data: xml }),
  });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  await t.close();
  await sb.close();
});

const files = () =>
  t.engine[WRITER].db.prepare('SELECT state, attempts FROM invoice_files ORDER BY job_id').all() as { state: string; attempts: number }[];

describe('downloads with no answer from the service', () => {
  it('keeps trying past the cap while no answer comes, and fetches the files once one does', async () => {
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'reset', method: 'GET', path: FILE_PATHS }] });
    for (let round = 0; round < 14; round++) {
      await t.engine.syncOnce();
      // Due again now: the test does not wait out each back-off.
      t.engine[WRITER].db.exec("UPDATE invoice_files SET next_attempt_at = 0 WHERE state = 'pending'");
    }
    const tried = files();
    expect(tried.length).toBe(2);
    // Past the cap of ten tries, and not given up.
    expect(
      tried.every((f) => f.state === 'pending' && f.attempts > 10),
      JSON.stringify(tried),
    ).toBe(true);

    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await t.engine.syncOnce();
    expect(files().map((f) => f.state)).toEqual(['done', 'done']);
  }, 120_000);
});
