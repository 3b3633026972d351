import { toFtsQuery } from '../../store/fts-query';
import type { CurrencyTotal, InvoiceQueryFilter } from '../../store/invoice-queries';
import type { StoreReader } from '../../store/reader';
import { supersededTotals, TotalsThread } from './totals-thread';

/**
 * The newest totals asked per account: the list asks again after every answer it shows, so while a
 * user changes the filters, the totals of each answer would otherwise all run to the end side by side,
 * each taking its share of every slice from the next page. Only the newest goes on.
 */
const latest = new WeakMap<StoreReader, Map<string, number>>();

/** Each store's totals thread (totals-thread.ts), made at its first search. */
const threads = new WeakMap<StoreReader, TotalsThread>();
function threadOf(store: StoreReader): TotalsThread {
  let thread = threads.get(store);
  if (!thread) {
    thread = new TotalsThread(store.file);
    threads.set(store, thread);
  }
  return thread;
}

/** Ends the store's totals thread and its read-only connection (the bridge is closing, the store next). */
export function stopTotalsThread(store: StoreReader): void {
  threads.get(store)?.stop();
  threads.delete(store);
}

/** How long one slice may hold the event loop; the slice's size (in row ids) follows what the last one took. */
const SLICE_MS = 8;
const [FIRST_SLICE, MIN_SLICE, MAX_SLICE] = [10_000, 1_000, 500_000];

/**
 * What the filter's rows add up to, per currency. The unfiltered list (and a status filter) reads the
 * tallies at once. Other filters are summed a slice of row ids at a time (sized to take about
 * SLICE_MS), giving the event loop back in between: summing 1,000,000 rows in one go held every other
 * bridge call for about 3 s. A search cannot be sliced cheaply (see totalsSlice) and takes up to about
 * 3 s at a million rows in one query, so it is summed on a worker thread (totals-thread.ts).
 */
export async function totalsInSlices(store: StoreReader, accountId: string, filter: InvoiceQueryFilter): Promise<CurrencyTotal[]> {
  const invoices = store.invoices;
  if (invoices.totalsAreTallied(filter)) return invoices.totals(accountId, filter);
  const asked = latest.get(store) ?? new Map<string, number>();
  latest.set(store, asked);
  const mine = (asked.get(accountId) ?? 0) + 1;
  asked.set(accountId, mine);
  if (filter.search !== undefined && toFtsQuery(filter.search) !== null) {
    const totals = await threadOf(store).totals(accountId, filter);
    if (asked.get(accountId) !== mine) throw supersededTotals();
    return totals;
  }
  // A search of this account still being summed is of no use now.
  threads.get(store)?.supersede(accountId);
  const byCurrency = new Map<string | null, CurrencyTotal>();
  for (let after: number | null = 0, size = FIRST_SLICE; after !== null; ) {
    if (after > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (asked.get(accountId) !== mine) throw supersededTotals();
    const started = performance.now();
    const slice = invoices.totalsSlice(accountId, filter, after, size);
    after = slice.next;
    // A busy machine or a dense match makes slices slower: smaller ones keep the wait short.
    const took = Math.max(performance.now() - started, 0.25);
    size = Math.round(Math.min(MAX_SLICE, Math.max(MIN_SLICE, (size * SLICE_MS) / took)));
    for (const t of slice.totals) {
      const seen = byCurrency.get(t.currency);
      byCurrency.set(t.currency, seen ? { currency: t.currency, sum: seen.sum + t.sum, count: seen.count + t.count } : t);
    }
  }
  // The order of the GROUP BY: no currency first, then by code.
  return [...byCurrency.values()].sort((a, b) =>
    a.currency === b.currency ? 0 : a.currency === null ? -1 : b.currency === null ? 1 : a.currency < b.currency ? -1 : 1,
  );
}
