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
const { file, wanted } = workerData as { file: string; wanted: Int32Array };

/**
 * The ask being summed. The engine's thread writes another id into `wanted` (shared memory) when this
 * one is superseded; the query checks it every 1,024th row id it reads (the modulo spares the other
 * rows a call into JS) and stops with an error, instead of summing on for seconds nobody waits for.
 */
let current = 0;
const GUARD = 'i.row_id % 1024 != 0 OR totals_wanted()';
function open(): ReturnType<typeof createInvoiceQueries> {
  const db = openDatabase(file, { readonly: true });
  db.function('totals_wanted', { deterministic: false }, () => {
    if (Atomics.load(wanted, 0) !== current) throw new Error('a newer ask superseded this one');
    return 1;
  });
  return createInvoiceQueries(db, { totalsGuard: GUARD });
}

let queries: ReturnType<typeof createInvoiceQueries> | null = null;
port.on('message', (ask: TotalsAsk) => {
  let answer: TotalsAnswer;
  current = ask.id;
  try {
    // Opened at the first ask, not at start, so that an unreadable file is answered as that ask's error.
    queries ??= open();
    answer = { id: ask.id, ok: true, totals: queries.totals(ask.accountId, ask.filter) };
  } catch (e) {
    answer = { id: ask.id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(answer);
});
