import { describe, expect, it } from 'vitest';
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
    downloadsFailed:
      store.invoiceFiles.countsByState(accountId).failed +
      store.documentFiles.countsByState(accountId).failed +
      store.bankMessages.countsByState(accountId).failed,
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

  it("answers the list's capped count (countIfCheap) of direction and status from the tallies, as count does", () => {
    const { store, account } = storeWithAccount();
    for (let i = 0; i < 12; i++)
      store.invoices.upsert(account.id, i % 4 ? 'RECEIVED' : 'SENT', invoice(`i${i}`, { status: i % 8 ? 'DELIVERED' : 'FAILED' }));
    const filters = [
      { direction: 'RECEIVED' as const },
      { direction: 'SENT' as const, statuses: ['FAILED'] },
      { direction: 'RECEIVED' as const, statuses: ['DELIVERED', 'FAILED'] },
    ];
    const counts = filters.map((f) => [store.invoices.countIfCheap(account.id, f, 1001), store.invoices.countIfCheap(account.id, f, 5)]);
    expect(counts).toEqual(filters.map((f) => [store.invoices.count(account.id, f), Math.min(5, store.invoices.count(account.id, f))]));
    store.db.exec('ALTER TABLE invoices RENAME TO invoices_away');
    expect(filters.map((f) => [store.invoices.countIfCheap(account.id, f, 1001), store.invoices.countIfCheap(account.id, f, 5)])).toEqual(
      counts,
    );
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
