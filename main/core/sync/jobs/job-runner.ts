import type { FailureKind } from '../../../../shared/errors';
import { type BackoffPolicy, backoffDelay } from '../../api/backoff';
import { ServiceError } from '../../api/errors';
import type { Logger } from '../../log';

/**
 * One durable job runner for every kind of work that crosses the network (house.md: Signal's
 * JobManager). A kind keeps its rows in its own table (the outbox, the download tables, the generic
 * `jobs` table) behind the `JobQueue` below; the runner owns what every kind shares: a row is parsed
 * on load, claimed before it runs, its failure classified once, retried with the one back-off,
 * capped, held for the user when only the user can help, paused with the whole account on 429,
 * aborted one by one, and drained on shutdown.
 */

/** The error a failed job keeps: plain words, and which of the three failure kinds it is. */
export interface JobError {
  message: string;
  kind: FailureKind;
}

/** What the runner decided about one failed try. */
export type Verdict =
  | { to: 'retry'; error: JobError; at: number }
  | { to: 'needs_user'; error: JobError }
  | { to: 'failed'; error: JobError };

/** One row of a queue, as its kind parsed it. */
export interface QueuedJob {
  id: number;
}

export type Loaded<J> = { ok: true; job: J } | { ok: false; id: number; error: string };

/** A kind of job and the table it lives in. */
export interface JobQueue<J extends QueuedJob> {
  readonly kind: string;
  /** Work that never crosses the network (reorganizing the Inbox): a 429 pause of the account does not hold it. */
  readonly local?: boolean;
  /** Failed tries after which the job stops retrying on its own. */
  readonly maxAttempts: number;
  /** Where a job goes when it reaches the cap: held for the user, or given up (offered again by hand). */
  readonly atCap: 'needs_user' | 'failed';
  /** Due rows, oldest first, each parsed by the kind (a row that does not parse comes back as such). */
  load(now: number, limit: number): Loaded<J>[];
  /** Takes the row for this try (a compare-and-set); false when it was taken or settled meanwhile. */
  claim(job: J): boolean;
  /** Does the work and records its success; throws on failure. */
  run(job: J, signal: AbortSignal): Promise<void>;
  /** Failed tries so far, counting this one, since the user last acted on the job. */
  failures(job: J): number;
  /** A kind's own reading of a failure (e.g. a download's 404 means the file is gone); null: the runner's. */
  settle?(job: J, e: unknown): Promise<boolean> | boolean;
  /**
   * A failure that is no fault of the job (the disk it writes to is full, read-only or gone): true puts
   * it back as due with no try counted (`release`); the kind stops its own work meanwhile. Tries are
   * spent on the service's answers, not on this computer's.
   */
  spare?(job: J, e: unknown): boolean;
  /**
   * Whether a failure may end the job at the cap (default: every one). A kind whose tries are spent only
   * on the service's answers says no for a service that could not be reached: at the cap such a failure
   * is tried again at the longest back-off, never given up.
   */
  endsAtCap?(e: unknown): boolean;
  retry(job: J, error: JobError, at: number): Promise<void> | void;
  holdForUser(job: J, error: JobError): Promise<void> | void;
  /** Given up: settled for good (a refused upload goes to Failed/ with its note). */
  fail(job: J, error: JobError): Promise<void> | void;
  /** A row that does not parse: set aside with a note instead of stopping the runner. */
  failUnreadable(id: number, error: string): void;
  /** Stopped from outside (shutdown, or aborted by hand) before it could finish: due again, no try counted. */
  release(job: J): void;
}

export interface JobRunnerDeps {
  now(): number;
  random(): number;
  backoff: BackoffPolicy;
  log: Logger;
  /** Told when a 429 pauses the account's network work, and until when. */
  onPause?(until: number, error: JobError): void;
}

export interface RunReport {
  done: number;
  retried: number;
  needsUser: number;
  failed: number;
  /** Released because the runner was draining, a job was aborted, or the caller's signal fired. */
  released: number;
}

/** Rows read per load: a pass reads the next ones when these are taken, until none is due. */
const BATCH = 200;
/** How long `drain` lets work in flight finish before it aborts it (an upload mid-way finishes). */
export const DRAIN_GRACE_MS = 5_000;

class Abandoned extends Error {}

export class JobRunner {
  private pausedUntilAt = 0;
  private draining = false;
  /** Jobs in flight by `kind:id`, each with its own abort. */
  private readonly inflight = new Map<string, AbortController>();
  private readonly settledWaiters = new Set<() => void>();

  constructor(private readonly deps: JobRunnerDeps) {}

  /** Until when the account's network work waits after a 429 (0: not paused). */
  get pausedUntil(): number {
    return this.pausedUntilAt > this.deps.now() ? this.pausedUntilAt : 0;
  }

  get busy(): number {
    return this.inflight.size;
  }

  /** Pauses every kind of this account's network work (a 429 seen anywhere, polls included). */
  pause(until: number, error: JobError): void {
    if (until <= this.pausedUntilAt) return;
    this.pausedUntilAt = until;
    this.deps.onPause?.(until, error);
  }

  /**
   * Runs this queue's due jobs, `concurrency` at a time, until none is due, the account is paused,
   * the runner drains or `signal` fires. A job runs at most once per call, so a retry due at once
   * waits for the next pass.
   */
  async runDue<J extends QueuedJob>(queue: JobQueue<J>, concurrency: number, signal?: AbortSignal): Promise<RunReport> {
    const report: RunReport = { done: 0, retried: 0, needsUser: 0, failed: 0, released: 0 };
    const tried = new Set<number>();
    const stopped = () => this.draining || signal?.aborted === true || (this.pausedUntil > 0 && !queue.local);
    let ready: J[] = [];
    let head = 0;
    let exhausted = false;
    // Rows of this call that may still be due: in flight, retried at once, released (done, failed and held ones are not).
    const mayStillBeDue = () => tried.size - report.done - report.failed - report.needsUser;
    // Each worker takes the next job as soon as its own ends, and the next rows are read once the ones
    // read are taken: a slow job holds its own slot only, never the others' (no wait for a whole batch).
    const take = (): J | undefined => {
      if (head < ready.length) return ready[head++];
      ready = [];
      head = 0;
      for (let past = mayStillBeDue(); !exhausted && ready.length === 0; past = past * 2 + BATCH) {
        const limit = BATCH + past;
        const rows = queue.load(this.deps.now(), limit);
        const fresh = rows.filter((l) => !tried.has(l.ok ? l.job.id : l.id));
        // Only rows this call tried came back though more may follow them: read further past them.
        if (fresh.length === 0 && rows.length === limit) continue;
        if (fresh.length === 0) exhausted = true;
        for (const l of fresh) {
          if (l.ok) {
            tried.add(l.job.id);
            ready.push(l.job);
            continue;
          }
          tried.add(l.id);
          queue.failUnreadable(l.id, l.error);
          this.deps.log.error('a job could not be read and was given up', { kind: queue.kind, id: l.id, error: l.error });
          report.failed++;
        }
      }
      return head < ready.length ? ready[head++] : undefined;
    };
    const worker = async (): Promise<void> => {
      for (let job = stopped() ? undefined : take(); job; job = stopped() ? undefined : take()) {
        await this.runOne(queue, job, report, signal);
        // A job may have made another due (or freed a row): read again before calling it a pass, as a
        // pass that waited for its whole batch did.
        exhausted = false;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return report;
  }

  /** Aborts one job in flight: it goes back to its queue as due, with no try counted. */
  abort(kind: string, id: number): boolean {
    const c = this.inflight.get(`${kind}:${id}`);
    c?.abort(new Abandoned('aborted'));
    return c !== undefined;
  }

  /**
   * Takes no new job, lets the ones in flight finish for up to `graceMs`, then aborts the rest
   * (each goes back to its queue with nothing counted). Resolves when none is in flight.
   */
  async drain(graceMs = DRAIN_GRACE_MS): Promise<void> {
    this.draining = true;
    if (this.inflight.size === 0) return;
    const settled = new Promise<void>((resolve) => {
      const check = () => {
        if (this.inflight.size > 0) return;
        this.settledWaiters.delete(check);
        resolve();
      };
      this.settledWaiters.add(check);
    });
    const timer = setTimeout(() => {
      for (const c of this.inflight.values()) c.abort(new Abandoned('shutting down'));
    }, graceMs);
    await settled;
    clearTimeout(timer);
  }

  /** Takes work again after a drain (an engine that stopped one account and starts it again). */
  resume(): void {
    this.draining = false;
  }

  /** The one reading of a failed try: retry with back-off, hold for the user, or give up. */
  verdict(
    failures: number,
    e: unknown,
    cap: { maxAttempts: number; atCap: 'needs_user' | 'failed'; endsAtCap?: (e: unknown) => boolean },
  ): Verdict {
    const err = e instanceof ServiceError ? e : null;
    const error: JobError = { message: (e as Error)?.message ?? String(e), kind: err?.kind ?? 'retry' };
    if (error.kind === 'skip') return { to: 'failed', error };
    if (error.kind === 'user') return { to: 'needs_user', error };
    if (failures >= cap.maxAttempts && (cap.endsAtCap?.(e) ?? true)) {
      const message = `Tried ${failures} times without success; the last try said: ${error.message}`;
      return { to: cap.atCap, error: { message, kind: cap.atCap === 'needs_user' ? 'user' : 'skip' } };
    }
    const delay = backoffDelay(this.deps.backoff, failures, this.deps.random, err?.retryAfterMs ?? null);
    return { to: 'retry', error, at: this.deps.now() + delay };
  }

  private async runOne<J extends QueuedJob>(queue: JobQueue<J>, job: J, report: RunReport, outer?: AbortSignal): Promise<void> {
    const key = `${queue.kind}:${job.id}`;
    // A job never runs twice at once, even when two passes overlap (a poll asked for by hand and the loop's).
    if (this.inflight.has(key) || !queue.claim(job)) return;
    const controller = new AbortController();
    const onOuter = () => controller.abort(new Abandoned('stopped'));
    outer?.addEventListener('abort', onOuter, { once: true });
    this.inflight.set(key, controller);
    try {
      await queue.run(job, controller.signal);
      report.done++;
    } catch (e) {
      if (controller.signal.aborted) {
        queue.release(job);
        report.released++;
        return;
      }
      if (queue.spare?.(job, e)) {
        queue.release(job);
        report.released++;
        return;
      }
      if (await queue.settle?.(job, e)) {
        report.failed++;
        return;
      }
      const v = this.verdict(queue.failures(job), e, { ...queue, endsAtCap: queue.endsAtCap?.bind(queue) });
      if (v.to === 'retry') {
        await queue.retry(job, v.error, v.at);
        report.retried++;
        if (e instanceof ServiceError && e.status === 429) this.pause(v.at, v.error);
      } else if (v.to === 'needs_user') {
        await queue.holdForUser(job, v.error);
        report.needsUser++;
      } else {
        await queue.fail(job, v.error);
        report.failed++;
      }
    } finally {
      outer?.removeEventListener('abort', onOuter);
      this.inflight.delete(key);
      for (const w of [...this.settledWaiters]) w();
    }
  }
}
