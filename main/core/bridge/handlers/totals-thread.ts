import { Worker } from 'node:worker_threads';
import type { CurrencyTotal, InvoiceQueryFilter } from '../../store/invoice-queries';
import { workerEntry } from '../../worker-entry';
import { CommandError } from '../errors';
import type { TotalsAnswer, TotalsAsk } from './totals-worker';

/** An idle worker ends after this long; the next search's totals start a new one (about 50 ms). */
const IDLE_MS = 15_000;

interface Pending extends TotalsAsk {
  resolve(totals: CurrencyTotal[]): void;
  reject(e: Error): void;
}

export const supersededTotals = () =>
  new CommandError({ kind: 'retry', message: 'Newer totals of this account were asked for, so these were not finished; ask again' });
const failed = (why: string) =>
  new CommandError({ kind: 'retry', message: `The totals of this search could not be counted (${why}); ask again` });

/**
 * Sums searches' totals on a worker thread with its own read-only connection to the store's file (WAL:
 * it reads the last commit while the engine writes). A search matching most of a million rows takes
 * seconds in one query, and FTS5 cannot be summed in slices cheaply (invoice-queries.ts, totalsSlice);
 * on the engine's thread that query held every bridge call, the next keystroke's page too.
 *
 * One query at a time; per account only the newest ask counts: a waiting older one is answered
 * "superseded" at once, a running one too, and its query is told to stop (`wanted`, read by the
 * worker's query as it goes): ending the worker instead left SQLite summing to the end of the statement
 * (seconds at a million rows) on one of the machine's cores while the user typed the next search. The
 * next ask starts once the worker has stopped. The worker starts at the first ask and ends when idle.
 */
export class TotalsThread {
  private worker: Worker | null = null;
  private running: Pending | null = null;
  /** The ask the worker is on, until it answers: a superseded one holds it until its query stops. */
  private busy: number | null = null;
  private queue: Pending[] = [];
  private idle: NodeJS.Timeout | null = null;
  private nextId = 1;
  /** The id of the ask the worker should go on summing (shared with it); anything else stops it. */
  private readonly wanted = new Int32Array(new SharedArrayBuffer(4));

  constructor(private readonly file: string) {}

  totals(accountId: string, filter: InvoiceQueryFilter): Promise<CurrencyTotal[]> {
    this.supersede(accountId);
    return new Promise<CurrencyTotal[]>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, accountId, filter, resolve, reject });
      this.pump();
    });
  }

  /** Answers the account's asks "superseded" (a newer ask of any kind came) and stops its running query. */
  supersede(accountId: string): void {
    for (const p of this.queue.filter((q) => q.accountId === accountId)) p.reject(supersededTotals());
    this.queue = this.queue.filter((q) => q.accountId !== accountId);
    if (this.running?.accountId === accountId) {
      this.running.reject(supersededTotals());
      this.running = null;
      Atomics.store(this.wanted, 0, 0);
    }
  }

  /** Ends the worker (and answers what waits): the store is closing. */
  stop(): void {
    for (const p of [...(this.running ? [this.running] : []), ...this.queue]) p.reject(failed('the mirror was closed'));
    this.running = null;
    this.queue = [];
    this.retire();
  }

  private pump(): void {
    if (this.busy !== null || this.queue.length === 0) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const next = this.queue.shift()!;
    this.running = next;
    this.busy = next.id;
    Atomics.store(this.wanted, 0, next.id);
    const worker = this.worker ?? this.spawn();
    worker.ref();
    worker.postMessage({ id: next.id, accountId: next.accountId, filter: next.filter } satisfies TotalsAsk);
  }

  private spawn(): Worker {
    const entry = workerEntry(import.meta.url, './totals-worker.js', './totals-worker.ts');
    const worker = new Worker(entry.source, { eval: entry.eval, execArgv: [], workerData: { file: this.file, wanted: this.wanted } });
    worker.on('message', (a: TotalsAnswer) => this.answer(worker, a));
    worker.on('error', (e) => this.lost(worker, e.message));
    worker.on('exit', (code) => this.lost(worker, `the worker stopped with exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private answer(worker: Worker, a: TotalsAnswer): void {
    if (worker !== this.worker || a.id !== this.busy) return;
    this.busy = null;
    const p = this.running;
    if (p?.id === a.id) {
      this.running = null;
      if (a.ok) p.resolve(a.totals);
      else p.reject(failed(a.message));
    }
    worker.unref();
    if (this.queue.length > 0) this.pump();
    else this.idle = setTimeout(() => this.retire(), IDLE_MS).unref();
  }

  private lost(worker: Worker, why: string): void {
    if (worker !== this.worker) return;
    this.worker = null;
    this.busy = null;
    this.running?.reject(failed(why));
    this.running = null;
    this.pump();
  }

  /** The current worker goes (idle, or the store is closing); the next ask starts another. */
  private retire(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    this.busy = null;
    // A query still running (the store is closing) stops at its next check instead of summing on.
    Atomics.store(this.wanted, 0, 0);
    if (worker) {
      worker.unref();
      void worker.terminate();
    }
    this.pump();
  }
}
