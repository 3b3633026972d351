import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_BATCH } from '../../../main/core/sync/intake';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('a drop is sent while it is still being taken in', () => {
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

  it('moves the first files to Sent/ before the last are queued, and sends each once through lost answers and resets', async () => {
    const n = INTAKE_BATCH * 4;
    const outbox = join(t.root, 'Outbox', 'Invoices');
    const template = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    const names = Array.from({ length: n }, (_, i) => `drop-${String(i).padStart(3, '0')}.xml`);
    for (const [i, name] of names.entries())
      await writeFile(join(outbox, name), template.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>PIPE-${i}</cbc:ID>`));
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'drop_response', method: 'POST', path: '^/v1/invoices$', probability: 0.2 },
        { action: 'reset', method: 'POST', path: '^/v1/invoices$', probability: 0.1 },
      ],
    });
    const order: string[] = [];
    const offQueued = t.engine.events.on('queued', () => order.push('queued'));
    const offSent = t.engine.events.on('sent', () => order.push('sent'));
    await t.engine.syncOnce();
    offQueued();
    offSent();
    // The pipeline: a file reached Sent/ while later files were still to be queued.
    expect(order.indexOf('sent')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('sent')).toBeLessThan(order.lastIndexOf('queued'));

    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    for (let round = 0; round < 20 && (await readdir(outbox)).length > 0; round++) await t.engine.syncOnce();
    const uploads = (await (await sb.call(`/__sandbox/companies/${company.company_id}/uploads`)).json()) as {
      filename: string;
      uuid: string;
    }[];
    expect(new Set(uploads.map((u) => u.uuid)).size).toBe(uploads.length);
    expect(uploads.map((u) => u.filename).sort(), 'each file became exactly one invoice').toEqual(names);
    expect((await readdir(join(t.root, 'Sent'))).sort()).toEqual(names);
    expect(await readdir(join(t.dataDir, 'spool', t.account.id))).toEqual([]);
  }, 120_000);
});
