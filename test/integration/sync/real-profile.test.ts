import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

// Issue 38, item 3: the app leaned on answers only the sandbox gives. Against the sandbox's `real`
// profile (the answers real-service-facts.md shows), sent invoices carry no received_at, no invoice a
// `handled`, a 401 no reason and the reasons list is an object: the app still mirrors, sends once,
// polls without re-listing history, keeps "handled", and names an unverified company.

let sb: TestSandbox;
let company: TestCompany;
let t: TestEngine;
/** The list requests of the invoice feeds since the last reset: direction and the window asked. */
const lists: { direction: string | null; created: string | null; received: string | null }[] = [];

beforeAll(async () => {
  sb = await startTestSandbox();
  await sb.call('/__sandbox/config', { method: 'PATCH', json: { profile: 'real' } });
  company = await sb.company();
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/Vat-category-S.xml'));
  for (let i = 0; i < 3; i++) {
    const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: `in-${i}.xml`, data: xml }),
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status}`);
  }
  t = await startTestEngine(sb, company, {
    runner: {
      transport: {
        onRequest: (m, u) => {
          if (m === 'GET' && u.pathname === '/v1/invoices')
            lists.push({
              direction: u.searchParams.get('direction'),
              created: u.searchParams.get('created_at_start'),
              received: u.searchParams.get('received_at_start'),
            });
        },
      },
    },
  });
  t.engine.setFolderOptions(t.account.id, 'Outbox/Invoices', { validation: 'off' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await sb.close();
});

const sentAtService = async () =>
  (await (await sb.call('/v1/invoices?direction=SENT&per_page=100', { token: await sb.token(company) })).json()) as Record<
    string,
    unknown
  >[];

describe('against the real profile', () => {
  it('sends each dropped file once and mirrors it, with sent invoices windowed on created_at', async () => {
    const outbox = join(t.root, 'Outbox', 'Invoices');
    const template = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    for (let i = 0; i < 3; i++)
      await writeFile(join(outbox, `real-${i}.xml`), template.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>REAL-${i}</cbc:ID>`));
    for (let round = 0; round < 5 && (await readdir(outbox)).length > 0; round++) await t.engine.syncOnce();
    const sent = await sentAtService();
    expect(sent).toHaveLength(3);
    expect(Object.keys(sent[0] ?? {})).toEqual([
      'id',
      'status',
      'reference',
      'number',
      'sender',
      'recipient',
      'created_at',
      'date',
      'date_due',
      'source_format',
      'sum',
      'sum_tax',
      'currency',
      'destination',
      'comment',
      'files',
      'actions',
    ]);
    expect((await readdir(join(t.root, 'Sent'))).sort()).toEqual(['real-0.xml', 'real-1.xml', 'real-2.xml']);
    const s = t.engine.status()[0];
    expect(s?.received).toBe(3);

    // A poll with nothing new: one request per feed, the sent one from its created_at watermark.
    await t.engine.syncOnce();
    lists.length = 0;
    await t.engine.syncOnce();
    const sentAsks = lists.filter((l) => l.direction === 'SENT');
    const receivedAsks = lists.filter((l) => l.direction === 'RECEIVED');
    expect(sentAsks).toHaveLength(1);
    expect(receivedAsks).toHaveLength(1);
    expect(sentAsks[0]?.created).not.toBeNull();
    expect(receivedAsks[0]?.received).not.toBeNull();
  });

  it('keeps "handled" as the app set it, though no invoice carries the field', async () => {
    const received = (await (await sb.call('/v1/invoices?direction=RECEIVED', { token: await sb.token(company) })).json()) as Record<
      string,
      unknown
    >[];
    expect(received.every((i) => !('handled' in i))).toBe(true);
    const id = String(received[0]?.id);
    await t.engine.setHandled(t.account.id, id, true);
    await t.engine.syncOnce();
    expect(t.engine.store.invoices.get(t.account.id, id)?.handled).toBe(true);
  });

  it('reads the report reasons, which the real service answers as an object', async () => {
    const raw = await (await sb.call('/v1/invoices/reports/definitions', { token: await sb.token(company) })).json();
    expect(Array.isArray(raw)).toBe(false);
    const reasons = await (await t.engine.api(t.account.id)).invoiceReports.definitions();
    expect(reasons.map((r) => r.reason)).toContain('FRAUD');
  });

  it('names an unverified company, though the 401 says only auth_unauthorized', async () => {
    await sb.call(`/__sandbox/companies/${company.company_id}/authorization`, { method: 'POST', json: { company_state: 'UNVERIFIED' } });
    await copyFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), join(t.root, 'Outbox', 'Invoices', 'waits.xml'));
    const reports = await t.engine.syncOnce();
    const r = reports.get(t.account.id);
    expect(r?.problems.join('\n')).toMatch(/The company is not verified yet: complete company authorization/);
    await sb.call(`/__sandbox/companies/${company.company_id}/authorization`, { method: 'POST', json: { company_state: 'VERIFIED' } });
  });
});
