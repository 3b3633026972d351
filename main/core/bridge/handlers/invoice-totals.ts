import type { Store } from '../../store';
import type { CurrencyTotal, InvoiceQueryFilter } from '../../store/invoice-queries';
import { CommandError } from '../errors';

/**
 * The newest totals asked per account: the list asks again after every answer it shows, so while a
 * user types, the totals of each keystroke's search would otherwise all run to the end side by side,
 * each taking its share of every slice from the next keystroke's page. Only the newest goes on.
 */
const latest = new WeakMap<Store, Map<string, number>>();
const superseded = () =>
  new CommandError({ kind: 'retry', message: 'Newer totals of this account were asked for, so these were not finished; ask again' });

/** How long one slice may hold the event loop; the slice's size (in row ids) follows what the last one took. */
const SLICE_MS = 8;
const [FIRST_SLICE, MIN_SLICE, MAX_SLICE] = [10_000, 1_000, 500_000];

/**
 * What the filter's rows add up to, per currency. The unfiltered list (and a status filter) reads the
 * tallies at once. Anything else is summed a slice of row ids at a time (sized to take about SLICE_MS),
 * giving the event loop back in between: the renderer asks for the totals after every answer the list shows, and summing a search
 * that matches a million rows in one go held every other bridge call (the next keystroke's page among
 * them) for seconds.
 */
export async function totalsInSlices(store: Store, accountId: string, filter: InvoiceQueryFilter): Promise<CurrencyTotal[]> {
  const invoices = store.invoices;
  if (invoices.totalsAreTallied(filter)) return invoices.totals(accountId, filter);
  const asked = latest.get(store) ?? new Map<string, number>();
  latest.set(store, asked);
  const mine = (asked.get(accountId) ?? 0) + 1;
  asked.set(accountId, mine);
  const end = invoices.rowIdEnd();
  const byCurrency = new Map<string | null, CurrencyTotal>();
  for (let from = 0, size = FIRST_SLICE; from < end; ) {
    if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (asked.get(accountId) !== mine) throw superseded();
    const started = performance.now();
    const slice = invoices.totals(accountId, filter, { from, to: from + size });
    from += size;
    // A busy machine or a dense match makes slices slower: smaller ones keep the wait short.
    const took = Math.max(performance.now() - started, 0.25);
    size = Math.round(Math.min(MAX_SLICE, Math.max(MIN_SLICE, (size * SLICE_MS) / took)));
    for (const t of slice) {
      const seen = byCurrency.get(t.currency);
      byCurrency.set(t.currency, seen ? { currency: t.currency, sum: seen.sum + t.sum, count: seen.count + t.count } : t);
    }
  }
  // The order of the GROUP BY: no currency first, then by code.
  return [...byCurrency.values()].sort((a, b) =>
    a.currency === b.currency ? 0 : a.currency === null ? -1 : b.currency === null ? 1 : a.currency < b.currency ? -1 : 1,
  );
}
