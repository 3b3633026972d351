import { describe, expect, it } from 'vitest';
import type { InvoiceQueryFilter } from '../../../main/core/store/invoice-queries';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

// Issue 37: an invoice found by its amount as any of the app's languages writes it, and the sum and
// due-date ranges beside the search, on a real SQLite file.
describe('finding invoices by amount', () => {
  function seeded() {
    const t = storeWithAccount();
    const add = (direction: 'RECEIVED' | 'SENT', id: string, sum: number, due: string, number = 'A-1') =>
      t.store.invoices.upsert(t.account.id, direction, invoice(id, { sum, date_due: due, number }));
    add('RECEIVED', 'r-1656.25', 1656.25, '2025-02-01');
    add('RECEIVED', 'r-1656', 1656, '2025-02-10');
    add('RECEIVED', 'r-1.656', 1.656, '2025-03-01');
    add('RECEIVED', 'r-0.3', 0.1 + 0.2, '2025-03-15');
    add('RECEIVED', 'r-credit', -1656.25, '2025-04-01');
    // Its number holds the digits typed: the words still find it beside the sums.
    add('RECEIVED', 'r-words', 12, '2025-04-02', 'INV-1656');
    add('SENT', 's-1656.25', 1656.25, '2025-02-01');
    const ids = (filter: Omit<InvoiceQueryFilter, 'direction'>, direction: 'RECEIVED' | 'SENT' = 'RECEIVED') =>
      t.store.invoices
        .list(t.account.id, { direction, ...filter }, 50)
        .items.map((i) => i.id)
        .sort();
    const count = (filter: Omit<InvoiceQueryFilter, 'direction'>) =>
      t.store.invoices.count(t.account.id, { direction: 'RECEIVED', ...filter });
    return { ...t, ids, count };
  }

  it('finds received and sent invoices of a typed total in every locale form', () => {
    const { ids, count } = seeded();
    for (const search of ['1656.25', '1656,25', '1 656,25', '1\u00a0656,25', '1\u202f656,25', '1.656,25', '1,656.25']) {
      expect(ids({ search }), search).toEqual(['r-1656.25']);
      expect(ids({ search }, 'SENT'), search).toEqual(['s-1656.25']);
      expect(count({ search }), search).toBe(1);
    }
    expect(ids({ search: '-1656,25' })).toEqual(['r-credit']);
    // a REAL that is not exactly 0.3 still is 0.30 to the cent
    expect(ids({ search: '0,3' })).toEqual(['r-0.3']);
  });

  it('answers both readings of an ambiguous amount, and the words too', () => {
    const { ids } = seeded();
    expect(ids({ search: '1.656' })).toEqual(['r-1.656', 'r-1656']);
    expect(ids({ search: '1656' })).toEqual(['r-1656', 'r-words']);
    // in an order other than received (the search index's walk is not used for these)
    expect(ids({ search: '1656', sort: { by: 'sum', dir: 'asc' } })).toEqual(['r-1656', 'r-words']);
  });

  it('sums what the search selects, with the amount matches in', () => {
    const { store, account } = seeded();
    expect(store.invoices.totals(account.id, { direction: 'RECEIVED', search: '1.656' })).toEqual([
      { currency: 'EUR', sum: 1657.656, count: 2 },
    ]);
  });

  it('filters by a sum range and a due-date range, inclusive, apart and with a search', () => {
    const { ids, count } = seeded();
    expect(ids({ sumFromE4: 16_560_000, sumToE4: 16_562_500 })).toEqual(['r-1656', 'r-1656.25']);
    expect(ids({ sumFromE4: 16_560_001 })).toEqual(['r-1656.25']);
    expect(ids({ sumToE4: 0 })).toEqual(['r-credit']);
    expect(count({ sumFromE4: 10_000, sumToE4: 20_000_000 })).toBe(4);
    expect(ids({ dueFrom: '2025-02-10', dueTo: '2025-03-01' })).toEqual(['r-1.656', 'r-1656']);
    expect(ids({ dueTo: '2025-02-01' })).toEqual(['r-1656.25']);
    expect(ids({ dueFrom: '2025-02-05', sumFromE4: 16_000_000 })).toEqual(['r-1656']);
    expect(ids({ search: '1.656', dueFrom: '2025-02-20' })).toEqual(['r-1.656']);
    expect(count({ dueFrom: '2025-03-01' })).toBe(4);
  });

  it('finds the invoices of a sender with an amount typed beside its name, either way round', () => {
    const { t, ids, count } = (() => {
      const seed = seeded();
      const from = (id: string, name: string, sum: number) =>
        seed.store.invoices.upsert(
          seed.account.id,
          'RECEIVED',
          invoice(id, { sum, sender: { eia: '0216:1', bid: '1234567-8', name, country: 'FI' } }),
        );
      from('acme-1656.25', 'Kesko Oy', 1656.25);
      from('acme-99', 'Kesko Oy', 99);
      from('other-1656.25', 'Other Oy', 1656.25);
      return { t: seed, ids: seed.ids, count: seed.count };
    })();
    for (const search of ['Kesko 1 656,25', 'Kesko 1656.25', 'kesko 1.656,25', '1\u00a0656,25 Kesko']) {
      expect(ids({ search }), search).toEqual(['acme-1656.25']);
      expect(count({ search }), search).toBe(1);
    }
    expect(t.store.invoices.totals(t.account.id, { direction: 'RECEIVED', search: 'Kesko 1 656,25' })).toEqual([
      { currency: 'EUR', sum: 1656.25, count: 1 },
    ]);
    // A bare number beside words stays a word: an invoice number is found by it, not a sum.
    expect(ids({ search: 'INV 1656' })).toContain('r-words');
  });

  it('filters by a due-date range wider than the range index is read for', () => {
    const { store, account, ids, count } = seeded();
    // More rows in the range than the plan reads from the due-date index (6,000 > 5,000).
    store.transaction(() => {
      for (let i = 0; i < 6000; i++)
        store.invoices.upsert(account.id, 'RECEIVED', invoice(`wide-${i}`, { sum: 10, date_due: `2030-0${1 + (i % 9)}-15` }));
    });
    expect(count({ dueFrom: '2030-01-01', dueTo: '2030-12-31' })).toBe(6000);
    expect(count({ dueFrom: '2030-02-01', dueTo: '2030-02-28' })).toBe(667);
    const page = store.invoices.list(account.id, { direction: 'RECEIVED', dueFrom: '2030-01-01', sort: { by: 'due', dir: 'asc' } }, 50);
    expect(page.items).toHaveLength(50);
    expect(page.items.every((i) => i.dateDue === '2030-01-15')).toBe(true);
    // The rows of 2025 stay out of it, and in their own range.
    expect(ids({ dueFrom: '2025-01-01', dueTo: '2025-12-31' })).toHaveLength(6);
  });
});
