import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toFtsQuery } from '../../../main/core/store/fts-query';
import type { InvoiceQueryFilter } from '../../../main/core/store/invoice-queries';
import { createInvoiceWalk } from '../../../main/core/store/invoice-walk';
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

// The first mirror's newest invoices at the lowest row ids, with years of older ones inserted after them
// (a backfill, or the speed bench's seeded mirror under the demo company's): the walk reads just the
// few blocks that can beat its page instead of giving up after 20,000 matches.
describe('search walked when the newest rows sit at the lowest row ids', () => {
  it('settles the first page from the out-of-order blocks, exactly as the listing orders it', { timeout: 120_000 }, () => {
    const { store, account } = storeWithAccount();
    const N = 30_000;
    const NEWEST = 60;
    const at = new Map<string, number>();
    const put = (id: string, minute: number, i: number) => {
      at.set(id, minute);
      store.invoices.upsert(account.id, 'RECEIVED', {
        ...invoice(id, { number: `INV-${String(i).padStart(6, '0')}`, sender: { name: `Kuljetus ${i % 100} Oy` } }),
        received_at: new Date(Date.UTC(2020, 0, 1) + minute * 60_000).toISOString(),
      });
    };
    store.transaction(() => {
      for (let i = 0; i < NEWEST; i++) put(`new-${String(i).padStart(3, '0')}`, N + 1000 + i, i);
      for (let i = 0; i < N; i++) put(`old-${String(i).padStart(6, '0')}`, i, i);
    });
    const expected = [...at.keys()].sort((a, b) => at.get(b)! - at.get(a)! || (a < b ? 1 : -1));
    const rowsOf = store.db.prepare<[string, string], { sort_key: number; id: string }>(
      'SELECT i.sort_ms AS sort_key, i.id FROM json_each(?) j CROSS JOIN invoices i ON i.row_id = j.value WHERE i.account_id = ?',
    );
    const walked = createInvoiceWalk(store.db)({
      accountId: account.id,
      direction: 'RECEIVED',
      match: toFtsQuery('oy')!,
      desc: true,
      want: 101,
      rowsOf: (ids) => rowsOf.all(JSON.stringify(ids), account.id),
    });
    // Every row matches: before, the walk read 20,000 of them and gave up (null).
    expect(walked).not.toBeNull();
    // Settled early: not every match was read, so it has no count, only how many it read.
    expect(walked!.passing).toBeNull();
    expect(walked!.read).toBeGreaterThan(0);
    expect(walked!.read).toBeLessThan(N);
    expect(walked!.rows.map((r) => r.id)).toEqual(expected.slice(0, 101));
    // Through the store's list, the pages go on past the newest rows in order.
    const first = store.invoices.list(account.id, { direction: 'RECEIVED', search: 'oy' }, 100);
    const second = store.invoices.list(account.id, { direction: 'RECEIVED', search: 'oy' }, 100, first.next ?? undefined);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(expected.slice(0, 200));
  });
});

// The walk keeps the blocks' time bounds between keystrokes; a write on any connection must end that.
describe('search walk after writes', () => {
  it('sees rows written on this connection and on another one since its last walk', () => {
    const { store, account, file } = storeWithAccount();
    const put = (id: string, minute: number) =>
      store.invoices.upsert(account.id, 'RECEIVED', {
        ...invoice(id, { sender: { name: 'Kahvila Oy' } }),
        received_at: new Date(Date.UTC(2020, 0, 1) + minute * 60_000).toISOString(),
      });
    store.transaction(() => {
      for (let i = 0; i < 3000; i++) put(`id-${i}`, i);
    });
    const first = () => store.invoices.list(account.id, { direction: 'RECEIVED', search: 'kahv' }, 1).items[0]?.id;
    expect(first()).toBe('id-2999');
    // An old row moved to the newest time: its block's bounds widen (migration 13's triggers).
    put('id-5', 10_000);
    expect(first()).toBe('id-5');
    // Another connection (another process) moves a row of another block past it.
    const other = new Database(file);
    other.prepare("UPDATE invoices SET sort_ms = sort_ms + 3600000000 WHERE id = 'id-1500'").run();
    other.close();
    expect(first()).toBe('id-1500');
  });
});

// A query whose matches start deep in the index ("INV-0" at 1,000,000: past 900,000 rows) costs the
// same again for every new FTS5 query that starts from the top: the rest of the block a chunk ends
// in comes from the chunk's own cursor.
describe('search walk reading the block it stopped in', () => {
  it('answers the page from one FTS5 query when the rest of that block decides it', () => {
    const { store, account } = storeWithAccount();
    const N = 3000;
    store.transaction(() => {
      for (let i = 0; i < N; i++)
        store.invoices.upsert(account.id, 'RECEIVED', {
          ...invoice(`id-${String(i).padStart(6, '0')}`, { number: `INV-${String(i).padStart(6, '0')}` }),
          received_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
        });
    });
    // The statements run, read off better-sqlite3's own Statement (it still runs them).
    const proto = Object.getPrototypeOf(store.db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
    const originals = { all: proto.all!, iterate: proto.iterate! };
    let ftsQueries = 0;
    for (const m of ['all', 'iterate'] as const)
      proto[m] = function (this: { source: string }, ...args: unknown[]) {
        if (this.source.includes('invoices_fts MATCH')) ftsQueries++;
        return originals[m].apply(this, args);
      };
    let page: ReturnType<typeof store.invoices.list>;
    try {
      // The oldest 1,000 rows match, all in the first block of row ids; the first chunk of 256 ends in
      // it, and the page's last row shares that block with rows not read yet.
      page = store.invoices.list(account.id, { direction: 'RECEIVED', search: 'INV-000' }, 100);
    } finally {
      Object.assign(proto, originals);
    }
    expect(page.items.map((i) => i.id)).toEqual(Array.from({ length: 100 }, (_, k) => `id-${String(999 - k).padStart(6, '0')}`));
    expect(ftsQueries).toBe(1);
  });
});

// A first page settled early leaves its count to countIfCheap, which reads on from where the walk
// stopped: the count must be the same as counting from the start, and "not cheap" exactly when the
// matches reach the probe's cap (2,000), whichever account they belong to.
describe('the count of a search whose walk stopped early', () => {
  it('equals the filter count, in both orders, with filters and another account matching too', { timeout: 120_000 }, () => {
    const { store, account } = storeWithAccount();
    const other = store.accounts.create({ name: 'Other', environment: 'sandbox', baseUrl: 'http://x', companyId: 'c-2', root: '/data/o' });
    const N = 6000;
    const words = (i: number) =>
      [
        i % 4 === 0 ? 'kahvi' : 'posti',
        // exactly 2,000 and 1,999 matches, all in the newest rows
        i >= N - 2000 ? 'reuna' : '',
        i >= N - 1999 ? 'rajalla' : '',
        // 1,500 rows here and 600 in the other account: 2,100 matches, not cheap for either
        i < 1500 ? 'jaettu' : '',
      ].join(' ');
    store.transaction(() => {
      for (let i = 0; i < N; i++) {
        const put = (acc: string, id: string, name: string) =>
          store.invoices.upsert(acc, 'RECEIVED', {
            ...invoice(id, { number: `N-${i}`, sender: { name }, status: i % 5 === 0 ? 'FAILED' : 'DELIVERED' }),
            received_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
          });
        put(account.id, `a-${i}`, `${words(i)} Oy`);
        // The other account's rows sit between this one's in the search index: 600 of "jaettu", 750 of "kahvi".
        if (i % 2 === 0 && (i < 1200 || i % 4 === 0))
          put(other.id, `b-${i}`, `${i < 1200 ? 'jaettu' : ''} ${i % 4 === 0 ? 'kahvi' : ''} Ab`);
      }
    });
    const cheapCount = (search: string, sort: 'asc' | 'desc', statuses?: string[]) => {
      const filter = {
        direction: 'RECEIVED' as const,
        search,
        sort: { by: 'received' as const, dir: sort },
        ...(statuses ? { statuses } : {}),
      };
      const page = store.invoices.list(account.id, filter, 100);
      expect(page.next).not.toBeNull();
      return { n: store.invoices.countIfCheap(account.id, filter, 5000), count: store.invoices.count(account.id, filter) };
    };
    for (const dir of ['desc', 'asc'] as const) {
      // kahvi: 1,500 here and 1,050 there: not cheap.
      expect(cheapCount('kahvi', dir).n).toBeNull();
      // posti: 4,500 here, none there.
      expect(cheapCount('posti', dir).n).toBeNull();
      expect(cheapCount('reuna', dir).n).toBeNull();
      expect(cheapCount('rajalla', dir)).toEqual({ n: 1999, count: 1999 });
      const failed = Array.from({ length: 1999 }, (_, k) => N - 1999 + k).filter((i) => i % 5 === 0).length;
      expect(cheapCount('rajalla', dir, ['FAILED'])).toEqual({ n: failed, count: failed });
      expect(cheapCount('jaettu', dir).n).toBeNull();
      // "rajalla oy" narrows the same rows; "kahvi 1" (number prefix) spreads over both accounts.
      expect(cheapCount('rajalla oy', dir)).toEqual({ n: 1999, count: 1999 });
      const k = cheapCount('kahvi n-1', dir);
      expect(k.n).toBe(k.count);
      // Capped as the list asks (1,001): the rows past the cap are not tested, and the answer is the cap
      // where the matches pass it, the exact count below it, and still null where they are not cheap.
      for (const [search, statuses] of [
        ['rajalla', undefined],
        ['rajalla', ['FAILED']],
        ['kahvi', undefined],
      ] as const) {
        const filter = {
          direction: 'RECEIVED' as const,
          search,
          sort: { by: 'received' as const, dir },
          ...(statuses ? { statuses: [...statuses] } : {}),
        };
        store.invoices.list(account.id, filter, 100);
        const full = cheapCount(search, dir, statuses ? [...statuses] : undefined).n;
        for (const max of [1001, 300, 150, 50]) {
          store.invoices.list(account.id, filter, 100);
          expect(store.invoices.countIfCheap(account.id, filter, max)).toBe(full === null ? null : Math.min(full, max));
        }
      }
    }
  });
});
