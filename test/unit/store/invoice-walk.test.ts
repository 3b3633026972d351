import { describe, expect, it } from 'vitest';
import type { InvoiceQueryFilter } from '../../../main/core/store/invoice-queries';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

// Search in received order walks the search index by row id and stops early (store/invoice-walk.ts):
// whatever order the rows went in, the pages must be exactly the listing's.
describe('search walked in received order', () => {
  it('pages exactly as the listing does, newest and oldest first, with filters, ties and moved rows', { timeout: 120_000 }, () => {
    const { store, account } = storeWithAccount();
    const other = store.accounts.create({ name: 'Other', environment: 'sandbox', baseUrl: 'http://x', companyId: 'c-2', root: '/data/o' });
    const N = 30_000;
    const at = new Map<string, number>();
    const put = (acc: string, id: string, minute: number, i: number) => {
      at.set(id, minute);
      store.invoices.upsert(acc, 'RECEIVED', {
        ...invoice(id, {
          number: `INV-${String(i).padStart(6, '0')}`,
          sender: { name: `${['Kuljetus', 'Nordic', 'Fjord'][i % 3]} ${i % 100} Oy` },
          status: i % 5 === 0 ? 'FAILED' : 'DELIVERED',
        }),
        received_at: new Date(Date.UTC(2020, 0, 1) + minute * 60_000).toISOString(),
      });
    };
    store.transaction(() => {
      // Mostly in received order, as the mirror inserts; every tenth minute is shared by two rows (ties by id);
      // another account's rows interleaved.
      for (let i = 0; i < N; i++) {
        put(account.id, `id-${String(i).padStart(6, '0')}`, i - (i % 10 === 1 ? 1 : 0), i);
        if (i % 4 === 0) put(other.id, `o-${i}`, i, i);
      }
      // Late corrections: some old rows move to the newest time and some new ones to the oldest.
      for (let i = 0; i < 300; i += 7) put(account.id, `id-${String(i).padStart(6, '0')}`, N + i, i);
      for (let i = N - 300; i < N; i += 11) put(account.id, `id-${String(i).padStart(6, '0')}`, -i, i);
    });
    const expected = (pick: (id: string, i: number) => boolean, desc: boolean) =>
      [...at.keys()]
        .filter((id) => id.startsWith('id-'))
        .filter((id) => pick(id, Number(id.slice(3))))
        .sort((a, b) => (at.get(a)! - at.get(b)! || (a < b ? -1 : 1)) * (desc ? -1 : 1));
    const all = (filter: InvoiceQueryFilter, first: number) => {
      const ids: string[] = [];
      let after: Parameters<typeof store.invoices.list>[3];
      let limit = first;
      do {
        const page = store.invoices.list(account.id, filter, limit, after);
        ids.push(...page.items.map((i) => i.id));
        after = page.next ?? undefined;
        limit = 997;
      } while (after);
      return ids;
    };
    for (const desc of [true, false]) {
      const sort = { by: 'received', dir: desc ? 'desc' : 'asc' } as const;
      // broad: a third of the rows
      expect(all({ direction: 'RECEIVED', search: 'kulj', sort }, 100)).toEqual(expected((_, i) => i % 3 === 0, desc));
      // everything, with a filter on top
      expect(all({ direction: 'RECEIVED', search: 'oy', statuses: ['FAILED'], sort }, 100)).toEqual(expected((_, i) => i % 5 === 0, desc));
      // matches only among the oldest rows (the walk from the newest end reads far)
      expect(all({ direction: 'RECEIVED', search: 'INV-000', sort }, 100)).toEqual(expected((_, i) => i < 1000, desc));
      // few matches
      expect(all({ direction: 'RECEIVED', search: 'nordic 42', sort }, 100)).toEqual(
        expected((_, i) => i % 3 === 1 && i % 100 === 42, desc),
      );
    }
    // The other account's rows never show.
    expect(store.invoices.list(other.id, { direction: 'RECEIVED', search: 'oy' }, 5).items.every((i) => i.id.startsWith('o-'))).toBe(true);
  });
});
