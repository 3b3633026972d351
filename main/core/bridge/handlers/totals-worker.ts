// The totals worker thread (node:worker_threads): sums a search's rows on its own read-only connection,
// so the engine's thread, which answers every bridge call, never waits for it (see totals-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../store/db';
import { type CurrencyTotal, createInvoiceQueries, type InvoiceQueryFilter } from '../../store/invoice-queries';

export interface TotalsAsk {
  id: number;
  accountId: string;
  filter: InvoiceQueryFilter;
}
export type TotalsAnswer = { id: number; ok: true; totals: CurrencyTotal[] } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('totals-worker.ts runs only as a worker thread');
const { file } = workerData as { file: string };

let queries: ReturnType<typeof createInvoiceQueries> | null = null;
port.on('message', (ask: TotalsAsk) => {
  let answer: TotalsAnswer;
  try {
    // Opened at the first ask, not at start, so that an unreadable file is answered as that ask's error.
    queries ??= createInvoiceQueries(openDatabase(file, { readonly: true }));
    answer = { id: ask.id, ok: true, totals: queries.totals(ask.accountId, ask.filter) };
  } catch (e) {
    answer = { id: ask.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(answer);
});
