import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../main/core/store';
import { WRITER } from '../../../main/core/store/writer';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

// With some file answers replaced by garbage or cut short (a proxy, a captive portal, a dropped
// connection), every file still lands byte for byte as the service has it, and nothing else does.
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 8 });
});
afterAll(async () => sb.close());

const INVOICES = [
  'invoices/peppol-bis3/base-example.xml',
  'invoices/finvoice3/finvoice_30_example.xml',
  'invoices/en16931-cii/CII_example1.xml',
  'invoices/ehf3/ehf-3-faktura-1.xml',
  'invoices/en16931-ubl/guide-example1.xml',
  'invoices/peppol-bis3/base-example.xml',
];
/** The file endpoints: invoice formats and images, attachments, document files, bank message contents. */
const FILE_PATHS = '^/v1/invoices/[^/]+(/files/[^/]+)?$|^/v1/files/[^/]+$|^/v1/fi_bank_messages/[a-z_]+/[^/]+$';

async function seed(c: TestCompany): Promise<void> {
  for (const [i, file] of INVOICES.entries()) {
    const data = await readFile(join(FIXTURES, file));
    const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
      method: 'POST',
      body: form({ name: `${i}-${file.split('/').pop()}`, data }, { sender_name: `Sender ${i} Oy` }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const doc = await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml'));
  for (let i = 0; i < 2; i++) {
    const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-documents`, {
      method: 'POST',
      body: form({ name: `order-${i}.xml`, data: doc }, { type: 'ORDER', sender_name: `Buyer ${i} Oy` }),
    });
    expect(res.status).toBe(201);
  }
  for (const kind of ['ri', 'error'] as const) {
    const res = await sb.call(`/__sandbox/companies/${c.company_id}/bank-messages`, { method: 'POST', json: { kind } });
    expect(res.status).toBe(201);
  }
}

/** Every download job's file on disk against what the service answers without faults. */
async function expectEveryFileAsTheServiceHasIt(t: TestEngine, c: TestCompany): Promise<number> {
  const token = await sb.token(c);
  const get = async (path: string) => Buffer.from(await (await sb.call(path, { token })).arrayBuffer());
  const store: Store = t.engine[WRITER];
  let checked = 0;
  for (const row of store.invoices.list(t.account.id, { direction: 'RECEIVED' }, 100).items) {
    const inv = store.invoices.get(t.account.id, row.id);
    if (!inv) throw new Error(`invoice ${row.id} is not mirrored`);
    for (const job of store.invoiceFiles.listForInvoice(t.account.id, inv.id)) {
      expect(job.state, `${inv.id} ${job.kind}: ${job.lastError}`).toBe('done');
      const format =
        job.kind === 'image' ? 'ORIGINAL_OR_GENERATED_IMAGE' : inv.record.source_format === 'FINVOICE30' ? 'FINVOICE30' : 'PEPPOLBIS30';
      const want =
        job.kind === 'attachment'
          ? await get(`/v1/invoices/${inv.id}/files/${job.remoteFileId}`)
          : await get(`/v1/invoices/${inv.id}?return_format=${format}`);
      expect((await readFile(job.path as string)).equals(want), `${job.path} differs from the service's ${job.kind}`).toBe(true);
      checked++;
    }
  }
  return checked;
}

describe('downloads are verified before they land', () => {
  let company: TestCompany;
  let t: TestEngine;
  beforeAll(async () => {
    company = await sb.company();
    await seed(company);
    // Back-off of a millisecond or two: each sync pass finds the failed downloads due again.
    // The Inbox without subfolders: the checks below read its folders as they are.
    t = await startTestEngine(sb, company, { inboxLayout: 'flat', runner: { backoff: { baseMs: 1, capMs: 2 } } });
  });
  afterAll(async () => t.close());

  it('never writes garbage or a cut-short answer into the Inbox, and fetches the real file again', { timeout: 120_000 }, async () => {
    await sb.call('/__sandbox/faults', {
      method: 'PUT',
      json: [
        { action: 'garbage', method: 'GET', path: FILE_PATHS, probability: 0.35 },
        { action: 'truncate', method: 'GET', path: FILE_PATHS, probability: 0.35 },
      ],
    });
    for (let i = 0; i < 20; i++) {
      await t.engine.syncOnce();
      const pending = t.engine.status()[0]?.downloadsPending ?? 0;
      const left = ['invoiceFiles', 'documentFiles', 'bankMessages'] as const;
      const failed = left.reduce((n, k) => n + t.engine.store[k].countsByState(t.account.id).failed, 0);
      expect(failed, 'no download is given up').toBe(0);
      if (pending === 0) break;
    }
    const rules = (await (await sb.call('/__sandbox/faults')).json()) as { action: string; hits: number }[];
    await sb.call('/__sandbox/faults', { method: 'DELETE' });
    expect(rules.find((r) => r.action === 'garbage')?.hits).toBeGreaterThan(0);
    expect(rules.find((r) => r.action === 'truncate')?.hits).toBeGreaterThan(0);
    expect(t.engine.status()[0]?.downloadsPending).toBe(0);

    expect(await expectEveryFileAsTheServiceHasIt(t, company)).toBeGreaterThanOrEqual(INVOICES.length * 2);
    const inbox = join(t.root, 'Inbox', 'Invoices');
    const names = await readdir(inbox);
    expect(
      names.filter((n) => / \(\d+\)\./.test(n)),
      'no numbered second copies',
    ).toEqual([]);
    for (const n of names.filter((x) => x.endsWith('.xml'))) expect((await readFile(join(inbox, n), 'utf8')).startsWith('{')).toBe(false);
    const docs = t.engine.store.documentFiles;
    const bank = t.engine.store.bankMessages;
    expect(docs.countsByState(t.account.id)).toMatchObject({ done: 2, pending: 0, failed: 0 });
    expect(bank.countsByState(t.account.id)).toMatchObject({ done: 2, pending: 0, failed: 0 });
    for (const dir of ['Documents', 'BankMessages']) {
      for (const n of await readdir(join(t.root, 'Inbox', dir))) {
        const text = await readFile(join(t.root, 'Inbox', dir, n), 'utf8');
        expect(text.trimStart().startsWith('<'), `${dir}/${n} is the XML the service has`).toBe(true);
      }
    }
  });

  it('sets aside a bad file an earlier version saved, with a note, and fetches the real one again', { timeout: 60_000 }, async () => {
    const job = t.engine.store.invoiceFiles
      .listForInvoice(t.account.id, t.engine.store.invoices.list(t.account.id, { direction: 'RECEIVED' }, 1).items[0]?.id ?? '')
      .find((j) => j.kind === 'original');
    const path = job?.path as string;
    const real = await readFile(path);
    // What an earlier version left: the garbage answer saved under the invoice's name, never checked.
    await writeFile(path, '{"id": "7f3a", "status": [unterminated');
    t.engine[WRITER].db.prepare('UPDATE invoice_files SET verified = 0 WHERE job_id = ?').run(job?.jobId);
    await t.engine.syncOnce();
    expect((await readFile(path)).equals(real), 'the real invoice is back under its name').toBe(true);
    const aside = join(dirname(path), 'Set aside');
    const names = await readdir(aside);
    expect(names).toContain(basename(path));
    expect(await readFile(join(aside, basename(path)), 'utf8')).toMatch(/^\{"id"/);
    expect(await readFile(join(aside, `${basename(path)}.why.txt`), 'utf8')).toMatch(
      /not the file the service has[\s\S]*not a Peppol BIS 3/,
    );
    expect(t.engine.store.invoiceFiles.getJob(job?.jobId ?? 0)).toMatchObject({ state: 'done' });
    // Everything else was checked once and left alone.
    const unverified = ['invoice_files', 'document_files', 'bank_messages'].map(
      (table) => t.engine[WRITER].db.prepare(`SELECT count(*) FROM ${table} WHERE state = 'done' AND verified = 0`).pluck().get() as number,
    );
    expect(unverified).toEqual([0, 0, 0]);
  });
});
