import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceCursor, InvoiceQueryFilter } from '../../../main/core/store/invoice-queries';
import type { ListSort } from '../../../shared/bridge/commands';
import {
  BANK_MESSAGE_SORT_KEYS,
  type BankMessageSortKey,
  DOCUMENT_SORT_KEYS,
  type DocumentSortKey,
  INVOICE_SORT_KEYS,
  type InvoiceSortKey,
} from '../../../shared/bridge/commands';
import type { Document } from '../../../shared/schemas/document';
import { invoice } from './invoice-fixtures';
import { storeWithAccount } from './temp-store';

type Store = ReturnType<typeof storeWithAccount>['store'];

// SQLite's NOCASE folds ASCII letters only, and compares the rest by code point (UTF-8 byte order is
// code point order; the test data stays in the BMP, where UTF-16 order is the same).
const nocase = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The order the store must answer: the column's value (empty as smallest), then id, both in the same direction. */
function reference<T extends { id: string }>(rows: T[], value: (r: T) => string | number, dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (cmp(value(a), value(b)) || cmp(a.id, b.id))).map((r) => r.id);
}

function allPages(store: Store, accountId: string, filter: InvoiceQueryFilter, limit: number): string[] {
  const ids: string[] = [];
  let after: InvoiceCursor | undefined;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = store.invoices.list(accountId, filter, limit, after);
    ids.push(...page.items.map((i) => i.id));
    if (!page.next) return ids;
    after = page.next;
  }
  throw new Error('paging did not end');
}

interface Row {
  id: string;
  direction: 'RECEIVED' | 'SENT';
  sender: string | null;
  recipient: string | null;
  number: string | null;
  date: string | null;
  due: string | null;
  status: string | null;
  sum: number | null;
  currency: string | null;
  receivedMs: number;
}

const INVOICE_VALUE: Record<InvoiceSortKey, (r: Row) => string | number> = {
  received: (r) => r.receivedMs,
  party: (r) => nocase((r.direction === 'SENT' ? r.recipient : r.sender) ?? ''),
  number: (r) => nocase(r.number ?? ''),
  date: (r) => r.date ?? '',
  due: (r) => r.due ?? '',
  status: (r) => r.status ?? '',
  sum: (r) => r.sum ?? -1e308,
};

// Few distinct values, so most rows tie and the id decides; case variants and empty values included.
const rowArb = (i: number) =>
  fc
    .record({
      direction: fc.constantFrom('RECEIVED' as const, 'SENT' as const),
      sender: fc.constantFrom('Acme Oy', 'acme oy', 'ACME OY', 'Ærø AS', 'Bergen AS', null),
      recipient: fc.constantFrom('Zeta AB', 'zeta ab', 'Åbo Oy', null),
      number: fc.constantFrom('INV-1', 'inv-1', 'INV-10', 'INV-2', null),
      date: fc.constantFrom('2025-01-01', '2025-01-02', '2024-12-31', null),
      due: fc.constantFrom('2025-02-01', '2025-03-01', null),
      status: fc.constantFrom('DELIVERED', 'FAILED', 'SENT', null),
      sum: fc.constantFrom(0, 10, 10.5, -3, 1240, null),
      currency: fc.constantFrom('EUR', 'SEK', null),
      minute: fc.integer({ min: 0, max: 5 }),
    })
    .map(
      (r): Row => ({
        id: `id-${String(i).padStart(3, '0')}`,
        direction: r.direction,
        sender: r.sender,
        recipient: r.recipient,
        number: r.number,
        date: r.date,
        due: r.due,
        status: r.status,
        sum: r.sum,
        currency: r.currency,
        receivedMs: Date.UTC(2025, 0, 10) + r.minute * 60_000,
      }),
    );

function mirror(store: Store, accountId: string, rows: Row[]) {
  store.transaction(() => {
    for (const r of rows) {
      store.invoices.upsert(
        accountId,
        r.direction,
        invoice(r.id, {
          sender: { name: r.sender },
          recipient: { name: r.recipient },
          number: r.number,
          date: r.date,
          date_due: r.due,
          status: r.status ?? undefined,
          sum: r.sum,
          currency: r.currency,
          received_at: new Date(r.receivedMs).toISOString(),
        }),
      );
    }
  });
}

describe('invoice lists sorted by a column, keyset-paged', () => {
  it('pages every order in both directions exactly as the reference sort, ties by id, whatever the page size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArb(i)))),
        fc.constantFrom(...INVOICE_SORT_KEYS),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.constantFrom('RECEIVED' as const, 'SENT' as const),
        fc.integer({ min: 1, max: 7 }),
        (rows, by, dir, direction, limit) => {
          const { store, account } = storeWithAccount();
          mirror(store, account.id, rows);
          const mine = rows.filter((r) => r.direction === direction);
          const got = allPages(store, account.id, { direction, sort: { by, dir } }, limit);
          expect(got).toEqual(reference(mine, INVOICE_VALUE[by], dir));
          store.close();
        },
      ),
      { numRuns: 150 },
    );
    // 150 fresh databases: at a load of 10 on two cores this takes more than the default 30 s.
  }, 120_000);

  it('keeps later pages in place while rows arrive before the cursor, and sorts a filtered and a searched list too', () => {
    const { store, account } = storeWithAccount();
    const names = ['Bergen AS', 'acme oy', 'Acme Oy', 'Ærø AS', 'Zeta AB'];
    const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
      id: `id-${String(i).padStart(2, '0')}`,
      direction: 'RECEIVED',
      sender: names[i % names.length] ?? null,
      recipient: 'Demo Oy',
      number: `N-${i % 4}`,
      date: '2025-01-01',
      due: null,
      status: i % 3 === 0 ? 'FAILED' : 'DELIVERED',
      sum: (i % 4) * 10,
      currency: 'EUR',
      receivedMs: Date.UTC(2025, 0, 1) + i * 60_000,
    }));
    mirror(store, account.id, rows);
    const sort: ListSort<InvoiceSortKey> = { by: 'party', dir: 'asc' };
    const first = store.invoices.list(account.id, { direction: 'RECEIVED', sort }, 10);
    // Rows that sort before the cursor arrive: the next page starts where the first ended.
    mirror(store, account.id, [{ ...rows[0]!, id: 'id-new-a', sender: 'AAA first', status: 'DELIVERED' }]);
    const rest = allPagesFrom(store, account.id, { direction: 'RECEIVED', sort }, 4, first.next!);
    const expected = reference(rows, INVOICE_VALUE.party, 'asc');
    expect([...first.items.map((i) => i.id), ...rest]).toEqual(expected);

    const failed = allPages(store, account.id, { direction: 'RECEIVED', statuses: ['FAILED'], sort: { by: 'sum', dir: 'desc' } }, 3);
    expect(failed).toEqual(
      reference(
        rows.filter((r) => r.status === 'FAILED'),
        INVOICE_VALUE.sum,
        'desc',
      ),
    );
    // A search read from the search index (few matches) follows the order as well.
    const acme = allPages(store, account.id, { direction: 'RECEIVED', search: 'acme', sort: { by: 'number', dir: 'desc' } }, 2);
    expect(acme).toEqual(
      reference(
        rows.filter((r) => /acme/i.test(r.sender ?? '')),
        INVOICE_VALUE.number,
        'desc',
      ),
    );
  });

  it('walks the order’s index for a search that matches much of the mirror, in the same order as without the search', () => {
    const { store, account } = storeWithAccount();
    const rows: Row[] = Array.from({ length: 2600 }, (_, i) => ({
      id: `id-${String(i).padStart(5, '0')}`,
      direction: 'RECEIVED',
      sender: `Supplier ${(i * 7) % 50} Oy`,
      recipient: 'Demo Oy',
      number: `N-${i}`,
      date: null,
      due: `2025-0${1 + (i % 9)}-01`,
      status: 'DELIVERED',
      sum: i % 13,
      currency: 'EUR',
      receivedMs: Date.UTC(2025, 0, 1) + ((i * 7919) % 2600) * 60_000,
    }));
    mirror(store, account.id, rows);
    // "oy" matches all 2,600 rows: the broad plan (more than 2,000 matches).
    for (const by of ['party', 'due', 'sum'] as const) {
      const sort = { by, dir: 'desc' as const };
      expect(allPages(store, account.id, { direction: 'RECEIVED', search: 'oy', sort }, 500)).toEqual(
        reference(rows, INVOICE_VALUE[by], 'desc'),
      );
    }
  });
});

function allPagesFrom(store: Store, accountId: string, filter: InvoiceQueryFilter, limit: number, from: InvoiceCursor): string[] {
  const ids: string[] = [];
  let after: InvoiceCursor | undefined = from;
  while (after) {
    const page = store.invoices.list(accountId, filter, limit, after);
    ids.push(...page.items.map((i) => i.id));
    after = page.next ?? undefined;
  }
  return ids;
}

describe('totals of a filtered invoice list', () => {
  it('sums each currency over the same rows the list shows: filters, search, and invoices without a currency or sum', () => {
    const { store, account } = storeWithAccount();
    const add = (id: string, over: Parameters<typeof invoice>[1]) => store.invoices.upsert(account.id, 'RECEIVED', invoice(id, over));
    add('1', { sum: 100.1, currency: 'EUR', status: 'DELIVERED' });
    add('2', { sum: 200.2, currency: 'EUR', status: 'FAILED' });
    add('3', { sum: 1000, currency: 'SEK', status: 'DELIVERED', sender: { name: 'Göteborg Bygg AB' } });
    add('4', { sum: null, currency: 'SEK', status: 'DELIVERED' });
    add('5', { sum: 5, currency: null, status: 'DELIVERED' });
    store.invoices.upsert(account.id, 'SENT', invoice('6', { sum: 9999, currency: 'EUR' }));

    const totals = store.invoices.totals(account.id, { direction: 'RECEIVED' });
    expect(totals).toHaveLength(3);
    expect(totals[0]).toEqual({ currency: null, sum: 5, count: 1 });
    expect(totals[1]?.currency).toBe('EUR');
    expect(totals[1]?.sum).toBeCloseTo(300.3, 9);
    expect(totals[1]?.count).toBe(2);
    expect(totals[2]).toEqual({ currency: 'SEK', sum: 1000, count: 2 });
    expect(store.invoices.totals(account.id, { direction: 'RECEIVED', statuses: ['FAILED'] })).toEqual([
      { currency: 'EUR', sum: 200.2, count: 1 },
    ]);
    expect(store.invoices.totals(account.id, { direction: 'RECEIVED', search: 'göteborg' })).toEqual([
      { currency: 'SEK', sum: 1000, count: 1 },
    ]);
    // The order does not change what is summed.
    expect(store.invoices.totals(account.id, { direction: 'RECEIVED', sort: { by: 'sum', dir: 'asc' } })).toEqual(totals);
    expect(store.invoices.totals(account.id, { direction: 'SENT' })).toEqual([{ currency: 'EUR', sum: 9999, count: 1 }]);
    expect(store.invoices.totals(account.id, { direction: 'RECEIVED', search: 'nobody' })).toEqual([]);
  });
});

const doc = (id: string, over: Partial<Document> = {}): Document => ({
  id,
  type: 'ORDER',
  status: 'PROCESSING',
  number: `PO-${id}`,
  sender: { name: 'Ærø AS' },
  recipient: { name: 'Acme AS' },
  created_at: '2025-01-10T10:00:00Z',
  received_at: '2025-01-10T10:00:00Z',
  ...over,
});

describe('document and bank message lists sorted by a column', () => {
  it('pages documents in every order, created times compared as instants whatever their offset', () => {
    const { store, account } = storeWithAccount();
    const types = ['ORDER', 'DESPATCH_ADVICE', 'RECEIPT'] as const;
    const created = ['2025-01-10T10:00:00Z', '2025-01-10T11:30:00+02:00', '2025-01-10T09:45:00Z', null];
    const docs = Array.from({ length: 17 }, (_, i) =>
      doc(`d-${String(i).padStart(2, '0')}`, {
        type: types[i % 3],
        status: i % 2 ? 'DELIVERED' : undefined,
        number: i % 5 === 0 ? undefined : `po-${i % 4}`,
        sender: { name: ['b oy', 'A Oy', 'a oy'][i % 3] },
        created_at: created[i % 4] ?? undefined,
        received_at: new Date(Date.UTC(2025, 0, 1) + (i % 6) * 60_000).toISOString(),
      }),
    );
    for (const d of docs) store.documents.upsert(account.id, 'RECEIVED', d);
    const value: Record<DocumentSortKey, (d: Document) => string | number> = {
      received: (d) => Date.parse(d.received_at as string),
      type: (d) => d.type ?? '',
      party: (d) => nocase(d.sender?.name ?? ''),
      number: (d) => nocase(d.number ?? ''),
      created: (d) => (d.created_at ? Date.parse(d.created_at) : 0),
      status: (d) => d.status ?? '',
    };
    for (const by of DOCUMENT_SORT_KEYS) {
      for (const dir of ['asc', 'desc'] as const) {
        const ids: string[] = [];
        let after: Parameters<Store['documents']['list']>[3];
        do {
          const page = store.documents.list(account.id, 'RECEIVED', 3, after, { by, dir });
          ids.push(...page.items.map((d) => d.id));
          after = page.next ?? undefined;
        } while (after);
        expect(ids, `${by} ${dir}`).toEqual(reference(docs, value[by], dir));
      }
    }
    // 11:30+02:00 is 09:30Z, earlier than 09:45Z though its text sorts later
    const byCreated = store.documents.list(account.id, 'RECEIVED', 17, undefined, { by: 'created', dir: 'asc' }).items;
    const withTime = byCreated.filter((d) => d.createdAt !== null).map((d) => d.createdAt);
    expect(withTime.indexOf('2025-01-10T11:30:00+02:00')).toBeLessThan(withTime.indexOf('2025-01-10T09:45:00Z'));
  });

  it('pages the three bank message feeds as one list in every order, ties by job', () => {
    const { store, account, clock } = storeWithAccount();
    const made: { jobId: number; kind: string; id: string; type: string; seen: number; state: string }[] = [];
    const kinds = ['ri', 'sent', 'error'] as const;
    for (let i = 0; i < 14; i++) {
      if (i % 4 === 0) clock.advance(1000);
      const kind = kinds[i % 3]!;
      const { job } = store.bankMessages.enqueue(account.id, kind, `m-${i % 5}-${i}`, i % 2 ? 'RI' : null);
      made.push({ jobId: job.jobId, kind, id: job.id, type: job.messageType ?? '', seen: job.seenAt, state: job.state });
    }
    const value: Record<BankMessageSortKey, (m: (typeof made)[number]) => string | number> = {
      seen: (m) => m.seen,
      kind: (m) => m.kind,
      type: (m) => m.type,
      id: (m) => m.id,
      file: (m) => m.state,
    };
    for (const by of BANK_MESSAGE_SORT_KEYS) {
      for (const dir of ['asc', 'desc'] as const) {
        const jobs: number[] = [];
        let after: Parameters<Store['bankMessages']['page']>[2];
        do {
          const page = store.bankMessages.page(account.id, 4, after, { by, dir });
          jobs.push(...page.items.map((j) => j.jobId));
          after = page.next ?? undefined;
        } while (after);
        const sign = dir === 'asc' ? 1 : -1;
        const expected = [...made].sort((a, b) => sign * (cmp(value[by](a), value[by](b)) || a.jobId - b.jobId)).map((m) => m.jobId);
        expect(jobs, `${by} ${dir}`).toEqual(expected);
      }
    }
    expect(store.bankMessages.countAll(account.id)).toBe(14);
  });
});
