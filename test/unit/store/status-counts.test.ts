import { describe, expect, it, vi } from 'vitest';
import type { Store } from '../../../main/core/store/index';
import { type AccountCounts, noCounts } from '../../../main/core/store/status-counts';
import { invoice } from './invoice-fixtures';
import { START, storeWithAccount, tempStore } from './temp-store';

/** The counts as the per-account functions answer them (what sync.status asked before it grouped them). */
function oneByOne(store: Store, accountId: string): AccountCounts {
  return {
    outbox: store.outbox.countsByState(accountId),
    received: store.invoices.count(accountId, { direction: 'RECEIVED' }),
    needsReroute: store.invoices.count(accountId, { direction: 'SENT', statuses: ['FAILED'] }),
    downloadsPending:
      store.invoiceFiles.countPending(accountId) + store.documentFiles.countPending(accountId) + store.bankMessages.countPending(accountId),
    lastPoll: store.cursors.get(accountId, 'last_poll_at') ?? null,
  };
}

/** Account i gets i of each thing, in states that vary with i, so no two accounts count alike. */
function fill(store: Store, accountId: string, i: number) {
  for (let k = 0; k < i; k++) {
    store.invoices.upsert(accountId, 'RECEIVED', invoice(`r${k}`, { status: k % 3 ? 'DELIVERED' : 'FAILED' }));
    store.invoices.upsert(accountId, 'SENT', invoice(`s${k}`, { status: k % 2 ? 'FAILED' : 'DELIVERED' }));
    const file = store.invoiceFiles.enqueue(accountId, `r${k}`, { kind: 'original', filename: `r${k}.xml` }).job;
    if (k % 2) store.invoiceFiles.markFailed(file.jobId, 'gone');
    store.documents.upsert(accountId, 'RECEIVED', { id: `d${k}`, type: 'ORDER', status: 'DELIVERED' });
    const doc = store.documentFiles.enqueue(accountId, `d${k}`, { fileId: `df${k}`, filename: `d${k}.xml` }).job;
    if (k % 3 === 0) store.documentFiles.markDone(doc.jobId, { path: `Inbox/d${k}.xml`, sha256: 'c'.repeat(64), size: 10 });
    store.bankMessages.enqueue(accountId, 'ri', `b${k}`);
    const job = store.outbox.insert({
      accountId,
      kind: 'invoice',
      relPath: `Outbox/Invoices/o${k}.xml`,
      filename: `o${k}.xml`,
      size: 100,
      mtimeMs: START,
      sha256: String(k % 10).repeat(64),
      options: {},
    }).job;
    if (k % 4 === 1) store.outbox.transition(job.id, ['queued'], 'uploading');
    if (k % 4 === 2) store.outbox.transition(job.id, ['queued'], 'failed');
    if (k % 4 === 3) store.outbox.transition(job.id, ['queued'], 'needs_user');
  }
  if (i % 2) store.cursors.set(accountId, 'last_poll_at', new Date(START + i * 1000).toISOString());
}

// sync.status runs every few seconds with the Overview open: none of its counts may read the mirror.
describe('the counts of sync.status', () => {
  it('counts pending downloads by one index range and agrees with the rows', () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 30; i++) {
      store.invoices.upsert(account.id, 'RECEIVED', invoice(`i${i}`));
      store.invoiceFiles.enqueue(account.id, `i${i}`, { kind: 'original', filename: `i${i}.xml` });
    }
    expect(store.invoiceFiles.countPending(account.id)).toBe(30);
    expect(store.invoiceFiles.countPending(account.id)).toBe(store.invoiceFiles.countsByState(account.id).pending);
    const plan = store.db
      .prepare("EXPLAIN QUERY PLAN SELECT count(*) AS n FROM invoice_files WHERE account_id = ? AND state = 'pending'")
      .all(account.id) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/COVERING INDEX invoice_files_due \(account_id=\? AND state=\?\)/);
  });

  it('answers received and failed deliveries from the tallies, not the invoices table', () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 12; i++)
      store.invoices.upsert(account.id, i % 4 ? 'RECEIVED' : 'SENT', invoice(`i${i}`, { status: i % 8 ? 'DELIVERED' : 'FAILED' }));
    expect(store.invoices.count(account.id, { direction: 'RECEIVED' })).toBe(9);
    expect(store.invoices.count(account.id, { direction: 'SENT', statuses: ['FAILED'] })).toBe(2);
    // With the invoices table unreadable the counts still answer: they never look at it.
    store.db.exec('ALTER TABLE invoices RENAME TO invoices_away');
    expect(store.invoices.count(account.id, { direction: 'RECEIVED' })).toBe(9);
    expect(store.invoices.totals(account.id, { direction: 'SENT' })).toEqual([{ currency: 'EUR', sum: 3 * 1240, count: 3 }]);
    store.db.exec('ALTER TABLE invoices_away RENAME TO invoices');
  });

  it("counts every account in one go exactly as each account's own counts say", () => {
    const { store } = tempStore();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const a = store.accounts.create({
        name: `Co ${i}`,
        environment: 'sandbox',
        baseUrl: 'http://127.0.0.1:8787',
        companyId: `c-${i}`,
        root: `/data/${i}`,
      });
      fill(store, a.id, i);
      ids.push(a.id);
    }
    const all = store.statusCounts.all();
    expect([...all.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(all.get(id)).toEqual(oneByOne(store, id));
    // The accounts differ (the comparison is not of seven empty rows), and an empty one counts zeros.
    expect(new Set(ids.map((id) => JSON.stringify(all.get(id)))).size).toBe(7);
    expect(all.get(ids[0] as string)).toEqual(noCounts());
    expect(all.get(ids[6] as string)?.outbox.failed).toBeGreaterThan(0);
  });
});

describe('counting a filtered list', () => {
  it('walks the listing index, never the table with its JSON (4.5 s at 1,000,000 invoices)', () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 30; i++) store.invoices.upsert(account.id, 'RECEIVED', invoice(`i${i}`, { status: 'DELIVERED' }));
    const prepare = vi.spyOn(store.db, 'prepare');
    const filters = [
      { direction: 'RECEIVED', detectWarning: true, handled: false },
      { direction: 'RECEIVED', dateFrom: '2031-01-01' },
    ] as const;
    for (const filter of filters) expect(store.invoices.count(account.id, filter, 1001)).toBe(0);
    // One statement serves every filter (they are bound, not written in): its plan under each.
    const sql = [...new Set(prepare.mock.calls.map(([text]) => text).filter((text) => /count\(\*\)/.test(text)))];
    expect(sql).toHaveLength(1);
    for (const filter of filters) {
      const plan = (store.db.prepare(`EXPLAIN QUERY PLAN ${sql[0]}`).all({ ...paramsOf(account.id, filter) }) as { detail: string }[])
        .map((p) => p.detail)
        .join(' | ');
      expect(plan).toMatch(/INDEX invoices_listing/);
      expect(plan).not.toMatch(/SCAN i(?! USING)/);
    }
    prepare.mockRestore();
  });
});

/** Every parameter the listing's WHERE names, as the store binds them (null: filter off). */
function paramsOf(
  accountId: string,
  f: { direction: string; detectWarning?: boolean; handled?: boolean; senderName?: string; dateFrom?: string },
) {
  return {
    account: accountId,
    direction: f.direction,
    statuses: null,
    handled: f.handled === undefined ? null : Number(f.handled),
    detectWarning: f.detectWarning === undefined ? null : Number(f.detectWarning),
    senderBid: null,
    senderName: f.senderName ?? null,
    dateFrom: f.dateFrom ?? null,
    dateTo: null,
    receivedFrom: null,
    receivedTo: null,
    max: 1001,
  };
}

describe("one sender's invoices", () => {
  it('are read through the sender index when few: the exact name only, in received order, page by page', () => {
    const { store, account } = storeWithAccount();
    const names = ['Järvenpää Oy', 'JÄRVENPÄÄ OY', 'Järvenpää Oy', 'Other Ab', 'Järvenpää Oy'];
    names.forEach((name, i) => {
      const sender = { eia: '0216:003712345678', bid: '1234567-8', name, country: 'FI' };
      store.invoices.upsert(account.id, 'RECEIVED', invoice(`i${i}`, { sender, received_at: `2025-01-1${i}T08:00:00Z` }));
    });
    const filter = { direction: 'RECEIVED', senderName: 'Järvenpää Oy' } as const;
    const prepare = vi.spyOn(store.db, 'prepare');
    const first = store.invoices.list(account.id, filter, 2);
    const second = store.invoices.list(account.id, filter, 2, first.next ?? undefined);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(['i4', 'i2', 'i0']);
    expect(second.next).toBeNull();
    expect(store.invoices.count(account.id, filter)).toBe(3);
    const statements = prepare.mock.calls.map(([text]) => text).filter((text) => /LIMIT @(limit|max)\b/.test(text));
    expect(statements.length).toBeGreaterThan(0);
    for (const sql of statements) expect(sql).toContain('INDEXED BY invoices_by_sender');
    prepare.mockRestore();
  });
});
