import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { silentLogger } from '../../../main/core/log';
import { MemorySecrets } from '../../../main/core/secrets';
import type { Account } from '../../../main/core/store/accounts';
import { WRITER } from '../../../main/core/store/writer';
import type { SyncContext } from '../../../main/core/sync/context';
import { sha256, sha256File } from '../../../main/core/sync/files';
import { REORGANIZE_KIND, requestReorganize } from '../../../main/core/sync/jobs/reorganize-queue';
import { reorganizeInbox } from '../../../main/core/sync/reorganize';
import { seededRandom } from '../../../sandbox/context';
import { INBOX_LAYOUTS, type InboxLayout } from '../../../shared/inbox-layout';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';
import { invoice } from '../../unit/store/invoice-fixtures';

// The Inbox layout option against the sandbox over HTTP, real folders and the real SQLite file: where
// downloads land for each option, that changing it moves nothing, and that "reorganize" moves every
// file with its recorded path, survives being stopped or killed part-way, and never overwrites.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const TABLES = ['invoice_files', 'document_files', 'bank_messages'] as const;

async function deliverInvoice(c: TestCompany, number: string, date: string, sender: string): Promise<string> {
  const xml = (await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8'))
    .replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace('<cbc:IssueDate>2017-11-13</cbc:IssueDate>', `<cbc:IssueDate>${date}</cbc:IssueDate>`);
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: `${number}.xml`, data: xml }, { sender_name: sender }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function deliverDocument(c: TestCompany, sender: string): Promise<void> {
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-documents`, {
    method: 'POST',
    body: form(
      { name: 'ORDER_Order_Example.xml', data: await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml')) },
      { sender_name: sender },
    ),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function deliverBankMessage(c: TestCompany): Promise<void> {
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/bank-messages`, { method: 'POST', json: { kind: 'ri' } });
  expect(res.status, await res.clone().text()).toBe(201);
}

interface Row {
  table: (typeof TABLES)[number];
  jobId: number;
  path: string;
  sha256: string;
  movingTo: string | null;
}

/** Every downloaded file the mirror records for the account. */
function doneRows(engine: Engine, accountId: string): Row[] {
  return TABLES.flatMap((table) =>
    (
      engine[WRITER].db
        .prepare(`SELECT job_id, path, sha256, moving_to FROM ${table} WHERE account_id = ? AND state = 'done' ORDER BY job_id`)
        .all(accountId) as { job_id: number; path: string; sha256: string; moving_to: string | null }[]
    ).map((r) => ({ table, jobId: r.job_id, path: r.path, sha256: r.sha256, movingTo: r.moving_to })),
  );
}

/** Every file under a folder, relative to it with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** Each recorded file is on disk with the bytes recorded, and the Inbox holds nothing else: nothing lost, nothing twice. */
async function expectEveryFileOnceWhereRecorded(engine: Engine, account: Account): Promise<Row[]> {
  const rows = doneRows(engine, account.id);
  for (const r of rows) {
    expect(r.movingTo, `${r.path}: no move left open`).toBeNull();
    expect(await sha256File(r.path), r.path).toBe(r.sha256);
  }
  const inbox = join(account.root, 'Inbox');
  const recorded = rows
    .filter((r) => resolve(r.path).startsWith(`${resolve(inbox)}${sep}`))
    .map((r) => relative(inbox, r.path).split(sep).join('/'))
    .sort();
  expect(await filesUnder(inbox)).toEqual(recorded);
  return rows;
}

const rel = (root: string, path: string) => relative(root, dirname(path)).split(sep).join('/');

/** The folder the layout gives a file of `base` with this year, month and sender. */
function wanted(layout: InboxLayout, base: string, p: { date: string; sender: string | null }): string {
  const [year, month] = [p.date.slice(0, 4), p.date.slice(5, 7)];
  if (layout === 'flat') return base;
  if (layout === 'year') return `${base}/${year}`;
  if (layout === 'sender' && p.sender !== null) return `${base}/${p.sender}`;
  return `${base}/${year}/${month}`;
}

/** Where each received file must be under `layout`, from what the mirror knows of its item. */
function expectLayout(engine: Engine, account: Account, layout: InboxLayout): void {
  const { store } = engine;
  const checked = { invoice: 0, document: 0, bank: 0 };
  for (const r of doneRows(engine, account.id)) {
    if (r.table === 'invoice_files') {
      const job = store.invoiceFiles.getJob(r.jobId);
      const inv = store.invoices.get(account.id, job?.invoiceId ?? '');
      if (inv?.direction !== 'RECEIVED') continue;
      expect(rel(account.root, r.path), r.path).toBe(
        wanted(layout, 'Inbox/Invoices', { date: inv.date ?? '', sender: inv.senderName ?? 'Unknown sender' }),
      );
      checked.invoice++;
    } else if (r.table === 'document_files') {
      const doc = store.documents.get(account.id, store.documentFiles.getJob(r.jobId)?.documentId ?? '');
      expect(rel(account.root, r.path), r.path).toBe(
        wanted(layout, 'Inbox/Documents', { date: doc?.createdAt ?? '', sender: doc?.senderName ?? 'Unknown sender' }),
      );
      checked.document++;
    } else {
      const job = store.bankMessages.getJob(r.jobId);
      const date = new Date(job?.createdAt ?? 0).toISOString();
      // A bank message has no sender: by sender, it is filed by year and month.
      expect(rel(account.root, r.path), r.path).toBe(wanted(layout, 'Inbox/BankMessages', { date, sender: null }));
      checked.bank++;
    }
  }
  expect(checked.invoice + checked.document + checked.bank).toBeGreaterThan(0);
}

describe('Inbox layout: where downloads land', () => {
  it.each(INBOX_LAYOUTS)('files received invoices, documents and bank messages %s', async (layout) => {
    const company = await sb.company();
    const t = await startTestEngine(sb, company, { inboxLayout: layout });
    try {
      expect(t.account.inboxLayout).toBe(layout);
      await deliverInvoice(company, 'L-1', '2025-12-31', 'Acme Oy');
      await deliverInvoice(company, 'L-2', '2026-03-01', 'Beta AB');
      await deliverDocument(company, 'Gamma Oy');
      await deliverBankMessage(company);
      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);
      const rows = await expectEveryFileOnceWhereRecorded(t.engine, t.account);
      expect(rows.map((r) => r.table).sort()).toEqual([
        'bank_messages',
        'document_files',
        'invoice_files',
        'invoice_files',
        'invoice_files',
        'invoice_files',
      ]);
      expectLayout(t.engine, t.account, layout);
    } finally {
      await t.close();
    }
  });

  it('gives a new account folders by year and month', async () => {
    const t = await startTestEngine(sb, await sb.company());
    try {
      expect(t.account.inboxLayout).toBe('year-month');
    } finally {
      await t.close();
    }
  });

  it('keeps hostile sender names inside their folder', async () => {
    const company = await sb.company();
    const t = await startTestEngine(sb, company, { inboxLayout: 'sender' });
    try {
      const senders = ['../../Evil/Oy', 'CON', '..', '..\\..\\Windows', 'Name. . ', `${'Ä'.repeat(150)} Oy`];
      for (const [i, s] of senders.entries()) await deliverInvoice(company, `H-${i}`, '2026-01-15', s);
      await deliverDocument(company, '../../../etc');
      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);
      const rows = await expectEveryFileOnceWhereRecorded(t.engine, t.account);
      expect(rows).toHaveLength(senders.length * 2 + 1);
      const folders = new Set<string>();
      for (const r of rows) {
        const base = join(t.root, 'Inbox', r.table === 'invoice_files' ? 'Invoices' : 'Documents');
        const parts = relative(base, r.path).split(sep);
        // One folder and the file: nothing climbs out or goes deeper.
        expect(parts, r.path).toHaveLength(2);
        expect(resolve(r.path).startsWith(`${resolve(base)}${sep}`)).toBe(true);
        folders.add(parts[0] as string);
      }
      expect([...folders].sort()).toEqual(
        ['_.._Evil_Oy', '_CON', 'Unknown sender', '_.._Windows', 'Name', '_.._.._etc', 'Ä'.repeat(40)].sort(),
      );
      // Nothing escaped into the root: only the layout and the root's marker (sync/root-guard.ts).
      expect((await readdir(t.root)).sort()).toEqual(['.einvoice-sync-root', 'Archive', 'Failed', 'Inbox', 'Outbox', 'Sent']);
    } finally {
      await t.close();
    }
  });
});

describe('Inbox layout: changing it and reorganizing', () => {
  let t: TestEngine;
  let company: TestCompany;
  beforeAll(async () => {
    company = await sb.company();
    // What an account from before the option has: everything in one folder.
    t = await startTestEngine(sb, company, { inboxLayout: 'flat' });
  });
  afterAll(async () => t.close());

  it('moves nothing already downloaded when the option changes; new downloads follow it', async () => {
    await deliverInvoice(company, 'R-1', '2025-11-02', 'Acme Oy');
    await deliverInvoice(company, 'R-2', '2026-02-28', 'Acme Oy');
    await deliverInvoice(company, 'R-3', '2026-03-01', 'Beta AB');
    await deliverDocument(company, 'Gamma Oy');
    await deliverBankMessage(company);
    await t.engine.syncOnce();
    const before = await expectEveryFileOnceWhereRecorded(t.engine, t.account);
    expect(before).toHaveLength(8);
    const files = await filesUnder(join(t.root, 'Inbox'));

    await t.engine.updateAccount(t.account.id, { inboxLayout: 'year-month' });
    expect(await filesUnder(join(t.root, 'Inbox'))).toEqual(files);
    expect(doneRows(t.engine, t.account.id)).toEqual(before);

    const id = await deliverInvoice(company, 'R-4', '2026-04-30', 'Beta AB');
    await t.engine.syncOnce();
    for (const f of t.engine.store.invoiceFiles.listForInvoice(t.account.id, id))
      expect(rel(t.root, f.path as string)).toBe('Inbox/Invoices/2026/04');
    for (const r of before) expect(doneRows(t.engine, t.account.id).find((x) => x.jobId === r.jobId && x.table === r.table)).toEqual(r);
  });

  it('reorganizes every file into the layout, the recorded paths following, never over a file that is there', async () => {
    // The user's own file where one of ours would go: it stays, and ours takes the next free name.
    const r1 = doneRows(t.engine, t.account.id).find((r) => r.table === 'invoice_files' && r.path.includes('R-1')) as Row;
    const theirs = join(t.root, 'Inbox', 'Invoices', '2025', '11', basename(r1.path));
    await mkdir(dirname(theirs), { recursive: true });
    await writeFile(theirs, 'the user’s own notes');
    // A sent invoice's file in the archive is not the Inbox's: it is never moved.
    const archived = join(t.root, 'Archive', 'SentInvoices', 'sent.xml');
    await writeFile(archived, '<Invoice/>');
    t.engine[WRITER].invoices.upsert(t.account.id, 'SENT', invoice('sent-1'));
    const sentJob = t.engine[WRITER].invoiceFiles.enqueue(t.account.id, 'sent-1', { kind: 'original', filename: 'sent.xml' }).job;
    t.engine[WRITER].invoiceFiles.markDone(sentJob.jobId, { path: archived, sha256: sha256(Buffer.from('<Invoice/>')), size: 10 });

    const r = await t.engine.reorganizeInbox(t.account.id);
    expect(r).toMatchObject({ layout: 'year-month', moved: 8, inPlace: 2, failed: 0, missing: 0, finished: true, error: null });
    expect(await readFile(theirs, 'utf8')).toBe('the user’s own notes');
    const movedR1 = t.engine.store.invoiceFiles.getJob(r1.jobId)?.path as string;
    expect(movedR1).toBe(theirs.replace(/(\.[a-z]+)$/, ' (2)$1'));
    await rm(theirs);
    expect(t.engine.store.invoiceFiles.getJob(sentJob.jobId)?.path).toBe(archived);
    await rm(archived);
    t.engine[WRITER].db.prepare('DELETE FROM invoice_files WHERE job_id = ?').run(sentJob.jobId);

    await expectEveryFileOnceWhereRecorded(t.engine, t.account);
    expectLayout(t.engine, t.account, 'year-month');
    expect((await readdir(join(t.root, 'Inbox', 'Invoices'), { withFileTypes: true })).filter((e) => e.isFile())).toEqual([]);
    // The app opens what the mirror records: the bridge hands out the new paths.
    expect(await t.engine.reorganizeInbox(t.account.id)).toMatchObject({ moved: 0, inPlace: 10, finished: true });
  });

  it('reorganizes by sender and back to one folder, removing the folders it empties', async () => {
    await t.engine.updateAccount(t.account.id, { inboxLayout: 'sender' });
    // The bank message has no sender: it stays in its year and month.
    expect(await t.engine.reorganizeInbox(t.account.id)).toMatchObject({ moved: 9, inPlace: 1, finished: true });
    await expectEveryFileOnceWhereRecorded(t.engine, t.account);
    expectLayout(t.engine, t.account, 'sender');
    expect((await readdir(join(t.root, 'Inbox', 'Invoices'))).sort()).toEqual(['Acme Oy', 'Beta AB']);
    expect((await readdir(join(t.root, 'Inbox', 'Documents'))).sort()).toEqual(['Gamma Oy']);

    await t.engine.updateAccount(t.account.id, { inboxLayout: 'flat' });
    expect(await t.engine.reorganizeInbox(t.account.id)).toMatchObject({ moved: 10, finished: true });
    await expectEveryFileOnceWhereRecorded(t.engine, t.account);
    expectLayout(t.engine, t.account, 'flat');
    for (const dir of ['Invoices', 'Documents', 'BankMessages']) {
      const entries = await readdir(join(t.root, 'Inbox', dir), { withFileTypes: true });
      expect(
        entries.filter((e) => e.isDirectory()).map((e) => e.name),
        dir,
      ).toEqual([]);
    }
  });
});

/** An account with `n` received invoices whose files are already in its Inbox, as a long-running account has them. */
async function fabricated(n: number, layout: InboxLayout) {
  const dataDir = keptTempDir('einvoice-reorg-data-');
  const root = keptTempDir('einvoice-reorg-root-');
  const secrets = new MemorySecrets();
  const engine = new Engine({ dataDir, secrets, runner: { watch: false } });
  const account = await engine.addAccount(
    {
      name: 'Reorganize',
      environment: 'sandbox',
      url: sb.url,
      companyId: '3f2b0c1e-8a4d-4c2e-9f1a-2b7e8f9a0b1c',
      root,
      apiKey: 'unused',
      inboxLayout: 'flat',
    },
    false,
  );
  const inbox = join(root, 'Inbox', 'Invoices');
  for (let i = 0; i < n; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const id = `inv-${i}`;
    engine[WRITER].invoices.upsert(
      account.id,
      'RECEIVED',
      invoice(id, { date: `2025-${month}-15`, number: `N-${i}`, sender: { name: `Sender ${i % 7}` } }),
    );
    const body = Buffer.from(`<Invoice><ID>${i}</ID></Invoice>`);
    const path = join(inbox, `2025-${month}-15 Sender ${i % 7} N-${i}.xml`);
    await writeFile(path, body);
    const { job } = engine[WRITER].invoiceFiles.enqueue(account.id, id, { kind: 'original', filename: 'invoice.xml' });
    engine[WRITER].invoiceFiles.markDone(job.jobId, { path, sha256: sha256(body), size: body.length });
  }
  const updated = await engine.updateAccount(account.id, { inboxLayout: layout });
  return {
    engine,
    account: updated,
    dataDir,
    root,
    async cleanup() {
      await rm(dataDir, { recursive: true, force: true });
      await rm(root, { recursive: true, force: true });
    },
  };
}

describe('Inbox layout: a reorganize cut short', () => {
  it('finishes a reorganize stopped after its first batch on the next run, nothing lost or moved twice', async () => {
    const f = await fabricated(450, 'year-month');
    try {
      const ctx = { store: f.engine[WRITER], account: f.account, events: f.engine.events, log: silentLogger } as unknown as SyncContext;
      const stop = new AbortController();
      const off = f.engine.events.on('progress', (p) => {
        if (p.phase === 'reorganize') stop.abort();
      });
      const first = await reorganizeInbox(ctx, stop.signal);
      off();
      expect(first).toMatchObject({ interrupted: true, moved: 200, failed: 0 });
      const second = await f.engine.reorganizeInbox(f.account.id);
      expect(second).toMatchObject({ finished: true, moved: 250, inPlace: 200, failed: 0, missing: 0 });
      await expectEveryFileOnceWhereRecorded(f.engine, f.account);
      expectLayout(f.engine, f.account, 'year-month');
    } finally {
      await f.engine.stop();
      await f.cleanup();
    }
  });

  it('counts each file once when a reorganize a crash left runs before the one asked for', async () => {
    const f = await fabricated(450, 'year-month');
    try {
      const store = f.engine[WRITER];
      // A process asked for a reorganize, claimed its job, moved one batch and was killed: its job is
      // left running, found due again at the next start, and runs in the same call as the new request.
      const left = requestReorganize(store, f.account.id, Date.now() - 60_000);
      const leftJob = store.jobs.find(f.account.id, REORGANIZE_KIND, left);
      expect(store.jobs.claim(leftJob?.id ?? -1)).toBe(true);
      const ctx = { store, account: f.account, events: f.engine.events, log: silentLogger } as unknown as SyncContext;
      const stop = new AbortController();
      const off = f.engine.events.on('progress', (p) => {
        if (p.phase === 'reorganize') stop.abort();
      });
      expect(await reorganizeInbox(ctx, stop.signal)).toMatchObject({ interrupted: true, moved: 200 });
      off();
      const r = await f.engine.reorganizeInbox(f.account.id);
      // The left job moves the other 250; the request's own job then finds all 450 in place. The request's
      // report counts each file once: the 250 this call moved as moved, the 200 moved before it in place.
      expect(r).toMatchObject({ finished: true, moved: 250, inPlace: 200, failed: 0, missing: 0, elsewhere: 0 });
      expect(r.moved + r.inPlace).toBe(450);
      expect(store.jobs.get(leftJob?.id ?? -1)?.state).toBe('done');
      expect(await expectEveryFileOnceWhereRecorded(f.engine, f.account)).toHaveLength(450);
      expectLayout(f.engine, f.account, 'year-month');
    } finally {
      await f.engine.stop();
      await f.cleanup();
    }
  });

  it('moves each file once when two reorganizes are asked for at once', async () => {
    const f = await fabricated(300, 'year');
    try {
      const [a, b] = await Promise.all([f.engine.reorganizeInbox(f.account.id), f.engine.reorganizeInbox(f.account.id)]);
      expect(a).toMatchObject({ finished: true, moved: 300, failed: 0 });
      expect(b).toMatchObject({ finished: true, moved: 0, failed: 0 });
      await expectEveryFileOnceWhereRecorded(f.engine, f.account);
      expectLayout(f.engine, f.account, 'year');
    } finally {
      await f.engine.stop();
      await f.cleanup();
    }
  });

  it('finishes a move cut short between its intent and its record: the file at the target counts as moved', async () => {
    const f = await fabricated(3, 'year');
    try {
      const [a, b, c] = doneRows(f.engine, f.account.id) as [Row, Row, Row];
      const to = (r: Row) => join(f.root, 'Inbox', 'Invoices', '2025', basename(r.path));
      // a: intent recorded, moved, not recorded. b: intent recorded, linked, the old name not removed yet.
      // c: intent recorded, nothing moved.
      for (const r of [a, b, c]) f.engine[WRITER].invoiceFiles.planMove(r.jobId, r.path, to(r));
      await mkdir(join(f.root, 'Inbox', 'Invoices', '2025'), { recursive: true });
      await writeFile(to(a), await readFile(a.path));
      await rm(a.path);
      await writeFile(to(b), await readFile(b.path));
      const r = await f.engine.reorganizeInbox(f.account.id);
      expect(r).toMatchObject({ recovered: 2, moved: 1, inPlace: 2, finished: true });
      await expectEveryFileOnceWhereRecorded(f.engine, f.account);
      expectLayout(f.engine, f.account, 'year');
    } finally {
      await f.engine.stop();
      await f.cleanup();
    }
  });

  it('finishes a reorganize killed with SIGKILL again and again, nothing lost or duplicated', { timeout: 120_000 }, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
    const random = seededRandom(seed);
    const f = await fabricated(1000, 'year-month');
    const started = Date.now();
    await f.engine.stop();
    const CHILD = new URL('../../support/reorganize-child.ts', import.meta.url).pathname;
    let kills = 0;
    let finished = false;
    try {
      for (let round = 0; round < 8 && !finished; round++) {
        const p: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, f.dataDir, f.account.id], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        p.stderr?.on('data', (d) => {
          err += d;
        });
        const exited = new Promise<number | null>((r) => p.once('close', (code) => r(code)));
        const firstBatch = new Promise<void>((r) => {
          p.stdout?.on('data', (d) => {
            out += d;
            if (out.includes('progress')) r();
          });
        });
        await Promise.race([firstBatch, exited]);
        if (p.exitCode === null && !out.includes('done')) {
          // Killed at a random point after its first batch: mid-move, mid-record or between batches.
          // A real wait: a random life before the SIGKILL is the crash under test, not a wait for something.
          await new Promise((r) => setTimeout(r, Math.floor(random() * 300)));
          if (p.kill('SIGKILL')) kills++;
        }
        const code = await exited;
        if (out.includes('done')) finished = true;
        else expect(code, `seed ${seed}: the child died of itself: ${err}`).toBeNull();
      }
      expect(kills, `seed ${seed}`).toBeGreaterThan(0);
      const secrets = new MemorySecrets();
      await secrets.set(f.account.id, { apiKey: 'unused', vendorApiKey: null });
      const engine = new Engine({ dataDir: f.dataDir, secrets, runner: { watch: false } });
      try {
        const account = engine.store.accounts.get(f.account.id) as Account;
        const last = await engine.reorganizeInbox(account.id);
        expect(last, `seed ${seed}`).toMatchObject({ finished: true, failed: 0, missing: 0, moved: expect.any(Number) });
        expect(last.moved + last.inPlace, `seed ${seed}`).toBe(1000);
        const rows = await expectEveryFileOnceWhereRecorded(engine, account);
        expect(rows).toHaveLength(1000);
        expectLayout(engine, account, 'year-month');
        expect(await filesUnder(join(f.root, 'Inbox', 'Invoices'))).toHaveLength(1000);
        expect((await readdir(join(f.root, 'Inbox', 'Invoices'), { withFileTypes: true })).filter((e) => e.isFile())).toEqual([]);
        console.info(
          `reorganize of 1000 files, killed ${kills} times (seed ${seed}): ${((Date.now() - started) / 1000).toFixed(1)} s in all`,
        );
      } finally {
        await engine.stop();
      }
    } finally {
      await f.cleanup();
    }
  });
});
