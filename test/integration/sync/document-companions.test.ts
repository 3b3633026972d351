import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import { dropGroup, order, sentDocuments } from '../../support/document-groups';
import { startTestEngine, type TestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const setFaults = (rules: unknown[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });
const uploads = async (c: TestCompany) =>
  (await (await sb.call(`/__sandbox/companies/${c.company_id}/uploads`)).json()) as {
    transmission_id?: string;
    uuid?: string;
    attempts: number;
    id: string | null;
  }[];

describe('trading documents with attachments and references beside them', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    t = await startTestEngine(sb, company, { stableMs: 50 });
  });
  afterAll(async () => {
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    await t.close();
  });
  const orders = () => join(t.root, 'Outbox', 'Documents', 'ORDER');

  it('sends a document with its two attachments and references exactly once through failures, and moves the group to Sent/', async () => {
    await dropGroup(orders(), 'ORDER-1001', 1001);
    await setFaults([
      { action: 'drop_response', method: 'POST', path: '^/v1/documents$', times: 1 },
      { action: 'error', status: 503, method: 'POST', path: '^/v1/documents$', probability: 0.3 },
      { action: 'reset', method: 'POST', path: '^/v1/documents$', probability: 0.2 },
      { action: 'garbage', method: 'POST', path: '^/v1/documents$', probability: 0.2 },
    ]);
    for (let i = 0; i < 30 && (await readdir(orders())).length > 0; i++) {
      await t.engine.syncOnce();
      t.engine[WRITER].outbox.releaseHeld(t.account.id);
    }
    await setFaults([]);
    expect(await readdir(orders())).toEqual([]);
    const docs = await sentDocuments(sb, company);
    expect(docs).toHaveLength(1);
    const doc = docs[0];
    expect(doc?.number).toBe('GROUP-1001');
    expect(doc?.files.map((f) => [f.filename, f.type]).sort()).toEqual([
      ['ORDER-1001.attachment-drawing.pdf', 'ATTACHMENT'],
      ['ORDER-1001.attachment-terms.txt', 'ATTACHMENT'],
      ['ORDER-1001.xml', 'PRIMARY_FILE'],
    ]);
    expect(doc?.references.map((r) => [r.reference_id, r.reference_id_type])).toEqual([
      ['45001001', 'PurchaseOrder'],
      ['CONTRACT-1001', null],
    ]);
    expect((await uploads(company)).filter((u) => u.id === doc?.id)).toHaveLength(1);
    expect((await readdir(join(t.root, 'Sent'))).sort()).toEqual([
      'ORDER-1001.attachment-drawing.pdf',
      'ORDER-1001.attachment-terms.txt',
      'ORDER-1001.references.txt',
      'ORDER-1001.xml',
    ]);
    const row = t.engine.store.outbox.listByStates(t.account.id, ['done']).find((j) => j.filename === 'ORDER-1001.xml');
    expect(row?.remoteId).toBe(doc?.id);
    expect(row?.companions).toHaveLength(3);
  }, 60_000);

  it('refuses the whole group before upload when an attachment is one the service refuses, with one note', async () => {
    const before = (await sentDocuments(sb, company)).length;
    await writeFile(join(orders(), 'ORDER-2.attachment-broken.xml'), '<Drawing><Line></Drawing>');
    await writeFile(join(orders(), 'ORDER-2.xml'), await order(2));
    for (let i = 0; i < 5 && (await readdir(orders())).length > 0; i++) await t.engine.syncOnce();
    expect(await readdir(orders())).toEqual([]);
    const failed = await readdir(join(t.root, 'Failed'));
    expect(failed).toEqual(expect.arrayContaining(['ORDER-2.xml', 'ORDER-2.xml.error.txt', 'ORDER-2.attachment-broken.xml']));
    expect(failed).not.toContain('ORDER-2.attachment-broken.xml.error.txt');
    const note = await readFile(join(t.root, 'Failed', 'ORDER-2.xml.error.txt'), 'utf8');
    expect(note).toMatch(/did not send the document "ORDER-2.xml"/);
    expect(note).toMatch(/ORDER-2.attachment-broken.xml: the attachment looks like XML but is not well-formed/);
    expect(note).toMatch(/Moved here with it, as they belong to it: ORDER-2.attachment-broken.xml/);
    expect(await sentDocuments(sb, company)).toHaveLength(before);
  }, 30_000);

  it('waits for a document that comes after its attachment, and sets aside with a note a companion whose document never comes', async () => {
    // The attachment first, the document a little later: sent together.
    await writeFile(join(orders(), 'LATE.attachment-photo.pdf'), Buffer.from('%PDF-1.4\n%%EOF\n'));
    await t.engine.syncOnce();
    expect(await readdir(orders())).toEqual(['LATE.attachment-photo.pdf']);
    await writeFile(join(orders(), 'LATE.xml'), await order('late'));
    // An attachment of a document that is never dropped.
    await writeFile(join(orders(), 'NEVER.attachment-scan.pdf'), Buffer.from('%PDF-1.4\n%%EOF\n'));
    await vi.waitFor(
      async () => {
        await t.engine.syncOnce();
        expect(await readdir(orders())).toEqual([]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const late = (await sentDocuments(sb, company)).find((d) => d.number === 'GROUP-late');
    expect(late?.files.map((f) => f.filename).sort()).toEqual(['LATE.attachment-photo.pdf', 'LATE.xml']);
    const note = await readFile(join(t.root, 'Failed', 'NEVER.attachment-scan.pdf.error.txt'), 'utf8');
    expect(note).toMatch(/an attachment of a document named "NEVER" \(such as NEVER.xml\), but no such document is beside it/);
  }, 30_000);
});
