import { describe, expect, it } from 'vitest';
import { seedInvoices } from '../../../bench/seed-mirror';
import { createInvoiceQueries } from '../../../main/core/store/invoice-queries';
import { storeWithAccount } from './temp-store';

// The totals worker's "still wanted?" check (totals-worker.ts) on a real file: a guard that raises stops
// the summing query, and one that lets it run changes nothing of what it sums.
describe('the totals guard', () => {
  it('sums exactly the unguarded totals while it lets the query run, and stops the query once it raises', () => {
    const { store, account } = storeWithAccount();
    seedInvoices(store, account.id, 5_000);
    let checks = 0;
    let stopAfter = Number.POSITIVE_INFINITY;
    store.db.function('still_wanted', { deterministic: false }, () => {
      if (++checks > stopAfter) throw new Error('not wanted any more');
      return 1;
    });
    const guarded = createInvoiceQueries(store.db, { totalsGuard: 'i.row_id % 64 != 0 OR still_wanted()' });
    for (const search of ['i', 'Kuljetus', 'nordic fjord']) {
      const filter = { direction: 'RECEIVED' as const, search };
      expect(guarded.totals(account.id, filter)).toEqual(store.invoices.totals(account.id, filter));
    }
    expect(checks).toBeGreaterThan(2);
    checks = 0;
    stopAfter = 2;
    expect(() => guarded.totals(account.id, { direction: 'RECEIVED', search: 'i' })).toThrow(/not wanted any more/);
    expect(checks).toBe(3);
    // The listing's own totals (the tallies, no search) never call it.
    expect(guarded.totals(account.id, { direction: 'RECEIVED' }).length).toBeGreaterThan(0);
    expect(checks).toBe(3);
  });
});
