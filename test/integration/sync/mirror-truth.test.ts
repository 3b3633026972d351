import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order } from '../../support/document-groups';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

// What the app shows is what the service has: sent documents, the files of sent invoices, and
// every received document's files even when a listing fails half-way.
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('the mirror shows what the service has', () => {
  let company: TestCompany;
  let t: TestEngine;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company);
  });
  afterAll(async () => t.close());

  it('mirrors sent documents, ours and those sent by other means, and follows their status', async () => {
    const other = (await (
      await sb.call(`/__sandbox/companies/${company.company_id}/sent-documents`, {
        method: 'POST',
        json: { type: 'ORDER', number: 'OTHER-1' },
      })
    ).json()) as { id: string };
    await writeFile(join(t.root, 'Outbox', 'Documents', 'ORDER', 'ours.xml'), await order('ours'));
    await t.engine.syncOnce();
    const sent = t.engine.store.documents.list(t.account.id, 'SENT', 10).items;
    expect(sent.map((d) => d.id)).toContain(other.id);
    expect(sent).toHaveLength(2);
    expect(sent.every((d) => d.status === 'PROCESSING')).toBe(true);
    const moved = await sb.call(`/__sandbox/documents/${other.id}/status`, { method: 'POST', json: { status: 'DELIVERED' } });
    expect(moved.status).toBe(200);
    await t.engine.syncOnce();
    expect(t.engine.store.documents.get(t.account.id, other.id)?.status).toBe('DELIVERED');
  });

  it('fetches the files of a sent invoice into Archive/SentInvoices, as the service has them', async () => {
    const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
    const token = await sb.token(company);
    const res = await sb.call('/v1/invoices', { method: 'POST', token, body: form({ name: 'elsewhere.xml', data: xml }) });
    expect(res.status).toBe(201);
    const inv = (await res.json()) as { id: string };
    await t.engine.syncOnce();
    const jobs = t.engine.store.invoiceFiles.listForInvoice(t.account.id, inv.id);
    expect(jobs.map((j) => `${j.kind}:${j.state}`).sort()).toEqual(['image:done', 'original:done']);
    const original = jobs.find((j) => j.kind === 'original');
    expect(original?.path).toContain(join(t.root, 'Archive', 'SentInvoices'));
    const want = Buffer.from(await (await sb.call(`/v1/invoices/${inv.id}?return_format=PEPPOLBIS30`, { token })).arrayBuffer());
    expect((await readFile(original?.path as string)).equals(want)).toBe(true);
  });
});

describe('every received invoice has files of its own', () => {
  it('keeps two invoices whose files are byte for byte alike (a sender sending twice) in two files', async () => {
    const company = await sb.company();
    const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
    for (let i = 0; i < 2; i++) {
      const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
        method: 'POST',
        body: form({ name: 'same.xml', data: xml }, { sender_name: 'Twice Oy' }),
      });
      expect(res.status).toBe(201);
    }
    const t = await startTestEngine(sb, company);
    try {
      await t.engine.syncOnce();
      const originals = t.engine.store.invoices
        .list(t.account.id, { direction: 'RECEIVED' }, 10)
        .items.flatMap((r) => t.engine.store.invoiceFiles.listForInvoice(t.account.id, r.id).filter((j) => j.kind === 'original'));
      expect(originals).toHaveLength(2);
      expect(new Set(originals.map((j) => j.path)).size, 'two paths').toBe(2);
      for (const j of originals) expect((await readFile(j.path as string)).equals(xml)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('a received document and its files are saved together', () => {
  it('queues every document file although the listing failed after its first page', { timeout: 60_000 }, async () => {
    const company = await sb.company();
    const order = await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml'));
    for (let i = 0; i < 130; i++) {
      const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-documents`, {
        method: 'POST',
        body: form({ name: `order-${i}.xml`, data: order }, { type: 'ORDER' }),
      });
      expect(res.status).toBe(201);
    }
    const t = await startTestEngine(sb, company);
    try {
      // The second page of the received documents fails, so the first poll stops half-way.
      await sb.call('/__sandbox/faults', {
        method: 'PUT',
        json: [{ action: 'error', status: 503, method: 'GET', path: '^/v1/documents$', skip: 1, times: 10 }],
      });
      await t.engine.syncOnce();
      await sb.call('/__sandbox/faults', { method: 'DELETE' });
      const saved = t.engine.store.documents.list(t.account.id, 'RECEIVED', 200).items;
      expect(saved.length).toBeGreaterThan(0);
      for (const d of saved) expect(t.engine.store.documentFiles.listForDocument(t.account.id, d.id).length, d.id).toBeGreaterThan(0);
      await t.engine.syncOnce();
      const all = t.engine.store.documents.list(t.account.id, 'RECEIVED', 200).items;
      expect(all).toHaveLength(130);
      expect(t.engine.store.documentFiles.countsByState(t.account.id)).toMatchObject({ done: 130, pending: 0, failed: 0 });
    } finally {
      await t.close();
    }
  });
});
