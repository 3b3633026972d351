import type { Store } from '../../store';
import type { CurrencyTotal, InvoiceQueryFilter } from '../../store/invoice-queries';

/** Row ids summed at a time: about 10 ms of work, after which anything else waiting (a keystroke's page) goes first. */
const SLICE = 20_000;

/**
 * What the filter's rows add up to, per currency. The unfiltered list (and a status filter) reads the
 * tallies at once. Anything else is summed a slice of row ids at a time, giving the event loop back in
 * between: the renderer asks for the totals after every answer the list shows, and summing a search
 * that matches a million rows in one go held every other bridge call (the next keystroke's page among
 * them) for seconds.
 */
export async function totalsInSlices(store: Store, accountId: string, filter: InvoiceQueryFilter): Promise<CurrencyTotal[]> {
  const invoices = store.invoices;
  if (invoices.totalsAreTallied(filter)) return invoices.totals(accountId, filter);
  const end = invoices.rowIdEnd();
  const byCurrency = new Map<string | null, CurrencyTotal>();
  for (let from = 0; from < end; from += SLICE) {
    if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (const t of invoices.totals(accountId, filter, { from, to: from + SLICE })) {
      const seen = byCurrency.get(t.currency);
      byCurrency.set(t.currency, seen ? { currency: t.currency, sum: seen.sum + t.sum, count: seen.count + t.count } : t);
    }
  }
  // The order of the GROUP BY: no currency first, then by code.
  return [...byCurrency.values()].sort((a, b) =>
    a.currency === b.currency ? 0 : a.currency === null ? -1 : b.currency === null ? 1 : a.currency < b.currency ? -1 : 1,
  );
}
