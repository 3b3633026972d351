import { readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function deliver(c: TestCompany, file: string, data?: string, fields: Record<string, string> = {}) {
  const body = data ?? (await readFile(join(FIXTURES, file), 'latin1'));
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: file.split('/').pop() ?? 'invoice.xml', data: Buffer.from(body, 'latin1') }, fields),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

/** Base BIS 3 invoice with an embedded attachment whose name tries to leave its folder. */
async function hostileInvoice(name: string): Promise<string> {
  const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
  const ref = `<cac:AdditionalDocumentReference><cbc:ID>att-1</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain" filename="${name}">${Buffer.from('hello').toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`;
  return xml.replace('<cac:AccountingSupplierParty>', `${ref}<cac:AccountingSupplierParty>`);
}

describe('inbound: service to mirror to files', () => {
  let t: TestEngine;
  let company: TestCompany;
  const seen: string[] = [];
  beforeAll(async () => {
    company = await sb.company();
    // These tests read the Inbox's folders as they are without subfolders (inbox-layout.test.ts has the others).
    t = await startTestEngine(sb, company, {
      inboxLayout: 'flat',
      runner: { transport: { onRequest: (m, u) => seen.push(`${m} ${u.pathname}`) } },
    });
  });
  afterAll(async () => t.close());

  it('mirrors received invoices of every format with their XML and PDF, once', async () => {
    const a = await deliver(company, 'invoices/peppol-bis3/base-example.xml');
    const b = await deliver(company, 'invoices/finvoice3/finvoice_30_example.xml');
    const c = await deliver(company, 'invoices/en16931-cii/CII_example1.xml');
    const report = await t.engine.syncOnce();
    expect([...report.values()][0]?.problems).toEqual([]);
    for (const inv of [a, b, c]) expect(t.engine.store.invoices.get(t.account.id, inv.id)).toBeDefined();
    const files = await readdir(join(t.root, 'Inbox', 'Invoices'));
    expect(files.filter((f) => f.endsWith('.xml'))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith('.pdf'))).toHaveLength(3);
    const finvoice = files.find((f) => f.endsWith('.xml') && f.includes(b.number));
    expect(finvoice, files.join('\n')).toBeDefined();
    const pdf = files.find((f) => f.endsWith('.pdf') && f.includes(a.number)) as string;
    expect((await readFile(join(t.root, 'Inbox', 'Invoices', pdf))).subarray(0, 5).toString()).toBe('%PDF-');
    // A second run downloads nothing again.
    await t.engine.syncOnce();
    expect(await readdir(join(t.root, 'Inbox', 'Invoices'))).toHaveLength(files.length);
  });

  it('keeps names from the service inside their folder (..\\, /, CON)', async () => {
    const inv = await deliver(company, 'evil.xml', await hostileInvoice('..\\..\\..\\CON'), { sender_name: '../../Evil/Oy' });
    await t.engine.syncOnce();
    const inbox = join(t.root, 'Inbox', 'Invoices');
    const written = t.engine.store.invoiceFiles.listForInvoice(t.account.id, inv.id);
    expect(written.map((w) => w.state).sort()).toEqual(['done', 'done', 'done']);
    for (const w of written) expect(resolve(w.path as string).startsWith(`${resolve(inbox)}/`)).toBe(true);
    const att = written.find((w) => w.kind === 'attachment');
    expect(await readFile(att?.path as string, 'utf8')).toBe('hello');
    expect((await readdir(t.root)).sort()).toEqual(['.einvoice-sync-root', 'Archive', 'Failed', 'Inbox', 'Outbox', 'Sent']);
  });

  it('saves an executable from a stranger blocked, without the override that hid its type (issue 39, item 4)', async () => {
    const inv = await deliver(company, 'rtl.xml', await hostileInvoice('invoice\u202efdp.exe'), { sender_name: 'Acme\u200b Oy\u202e' });
    await t.engine.syncOnce();
    const written = t.engine.store.invoiceFiles.listForInvoice(t.account.id, inv.id);
    expect(written.map((w) => w.state)).toEqual(['done', 'done', 'done']);
    const names = written.map((w) => basename(w.path as string));
    for (const n of names) expect(n, n).not.toMatch(/[\u200b\u202e]/);
    const att = names.find((n) => n.includes('fdp'));
    expect(att, names.join('\n')).toMatch(/ Acme Oy .* - invoice\.?fdp\.exe\.blocked$/);
  });

  it('costs one request per feed (received and sent invoices, received and sent documents, three bank feeds) when nothing is new', async () => {
    await t.engine.syncOnce();
    seen.length = 0;
    await t.engine.syncOnce();
    const feeds = seen.filter((p) => /^GET \/v1\/(invoices|documents|fi_bank_messages\/\w+)$/.test(p));
    expect(feeds.sort()).toEqual([
      'GET /v1/documents',
      'GET /v1/documents',
      'GET /v1/fi_bank_messages/error_messages',
      'GET /v1/fi_bank_messages/ri_messages',
      'GET /v1/fi_bank_messages/sent_messages',
      'GET /v1/invoices',
      'GET /v1/invoices',
    ]);
  });

  it('keeps going through a 5xx burst and garbage answers, and catches up afterwards', async () => {
    const inv = await deliver(company, 'invoices/ehf3/ehf-3-faktura-1.xml');
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 503, path: '^/v1/invoices$', times: 20 }] });
    const bad = await t.engine.syncOnce();
    expect([...bad.values()][0]?.ok).toBe(false);
    expect(t.engine.store.invoices.get(t.account.id, inv.id)).toBeUndefined();
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'garbage', path: '^/v1/invoices$', times: 20 }] });
    expect([...(await t.engine.syncOnce()).values()][0]?.ok).toBe(false);
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    const good = await t.engine.syncOnce();
    expect([...good.values()][0]?.problems).toEqual([]);
    expect(t.engine.store.invoices.get(t.account.id, inv.id)).toBeDefined();
  });

  it('fetches Detect results of new invoices, and again later when the first try failed', async () => {
    const inv = await deliver(company, 'invoices/peppol-bis3/Vat-category-S.xml');
    await sb.call('/__sandbox/faults', { method: 'PUT', json: [{ action: 'error', status: 503, path: '/detect_results$', times: 50 }] });
    await t.engine.syncOnce();
    expect(t.engine.store.invoices.get(t.account.id, inv.id)?.detectStatus).toBeNull();
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await t.engine.syncOnce();
    expect(['OK', 'WARN']).toContain(t.engine.store.invoices.get(t.account.id, inv.id)?.detectStatus);
  });

  it('mirrors received documents and Finnish bank messages with their files', async () => {
    const doc = await sb.call(`/__sandbox/companies/${company.company_id}/received-documents`, {
      method: 'POST',
      body: form({ name: 'ORDER_Order_Example.xml', data: await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml')) }),
    });
    expect(doc.status).toBe(201);
    const bank = await sb.call(`/__sandbox/companies/${company.company_id}/bank-messages`, { method: 'POST', json: { kind: 'ri' } });
    expect(bank.status).toBeLessThan(300);
    await t.engine.syncOnce();
    expect((await readdir(join(t.root, 'Inbox', 'Documents'))).some((f) => f.includes('ORDER_Order_Example'))).toBe(true);
    expect((await readdir(join(t.root, 'Inbox', 'BankMessages'))).some((f) => f.includes(' RI '))).toBe(true);
  });
});
