import { describe, expect, it } from 'vitest';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

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
});
