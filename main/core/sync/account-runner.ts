import { join } from 'node:path';
import type { FSWatcher } from 'chokidar';
import pLimit from 'p-limit';
import { type Credentials, createApi } from '../api';
import { backoffDelay } from '../api/backoff';
import { resolveHosts } from '../api/environments';
import { type FailureKind, ServiceError } from '../api/errors';
import type { RetryOptions } from '../api/retry';
import type { TransportOptions } from '../api/transport';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import type { SyncContext } from './context';
import { detectWakeAt, runDetectWork } from './detect-work';
import { runDownloads } from './downloads';
import type { EngineEventMap, EngineEvents } from './events';
import { pollBankMessages } from './inbound-bank';
import { pollReceivedDocuments, pollSentDocuments } from './inbound-documents';
import { markHandled, pollReceivedInvoices, pollSentInvoices } from './inbound-invoices';
import { COLLECTION_KIND, collectionQueue, enqueueCollectionTracking } from './jobs/collection-queue';
import { DELIVERY_KIND, deliveryQueue, enqueueDeliveryTracking } from './jobs/delivery-queue';
import { enqueueDetect } from './jobs/detect-queue';
import { JobRunner, type RunReport } from './jobs/job-runner';
import { reorganizeQueue } from './jobs/reorganize-queue';
import { enqueueRiDeletes, riDeleteQueue } from './jobs/ri-delete-queue';
import { ensureLayout } from './layout';
import { accountFaults, dataFault } from './local-faults';
import { recoverOutbox } from './outbound';
import { newOutboundMemory, outboundCycle } from './outbound-cycle';
import { nextPollSlot, pollPhase } from './poll-schedule';
import { finishInterruptedMoves, type ReorganizeReport } from './reorganize';
import type { TurnGate } from './turn-gate';
import { watchOutbox } from './watcher';

export interface RunnerOptions {
  stableMs: number;
  /** Full rescan of the Outbox even without watcher events. */
  scanIntervalMs: number;
  uploadConcurrency: number;
  downloadConcurrency: number;
  backoff: { baseMs: number; capMs: number };
  detectLang: string;
  watch: boolean;
  transport?: TransportOptions;
  retry?: Partial<RetryOptions>;
  /** How many accounts of the engine poll at once, and how long one poll may hold its place. */
  pollsAtOnce: number;
  pollLeaseMs: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  stableMs: 2000,
  scanIntervalMs: 30_000,
  uploadConcurrency: 4,
  downloadConcurrency: 4,
  backoff: { baseMs: 5_000, capMs: 15 * 60_000 },
  detectLang: 'en',
  watch: true,
  pollsAtOnce: 4,
  pollLeaseMs: 30_000,
};

export interface RunnerDeps {
  store: Store;
  account: Account;
  credentials: Credentials;
  dataDir: string;
  events: EngineEvents;
  log: Logger;
  now: () => number;
  random: () => number;
  env: NodeJS.ProcessEnv;
  options: RunnerOptions;
  /** Shared by the engine's runners: polls of many accounts take turns through it. */
  pollGate?: TurnGate;
  /** Shared too: the local steps of a pass (Outbox, reorganize, Detect) of many accounts take turns. */
  localGate?: TurnGate;
}

/** How soon a pass looks again at a folder that took no writes (a probe is one small write into it). */
const FAULT_PROBE_MS = 5_000;

export type SyncStateName = EngineEventMap['state']['state'];

/** What an account's sync is doing and when it looks at the service next (null: not scheduled). */
export interface RunnerSnapshot {
  state: SyncStateName;
  message: string | null;
  nextPollAt: number | null;
  /** Until when the service asked for quiet (a 429): no call of this account goes out before then. */
  serviceWaitUntil: number | null;
}

export interface CycleReport {
  ok: boolean;
  problems: string[];
}

/** One account's sync: the outbox loop, the poll loop, downloads and delivery tracking. */
export class AccountRunner {
  readonly ctx: SyncContext;
  private readonly outbound = newOutboundMemory();
  private watcher: FSWatcher | null = null;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;
  /** A kick that came while a cycle ran: the loop goes round again at once instead of sleeping. */
  private kicked = false;
  private loop: Promise<void> | null = null;
  private pollRequested = true;
  private nextPollAt = 0;
  private pollFailures = 0;
  private running = false;
  /**
   * One pass, one reorganize of the Inbox at a time: a reorganize moves the files downloads write
   * next to, so they never overlap (the loop's pass, `sync --once`, a poll by hand, the user's reorganize).
   */
  private turn: Promise<unknown> = Promise.resolve();
  /** The state this runner last announced: the one owner of it, read by every view. */
  private announced: { state: SyncStateName; message: string | null } = { state: 'idle', message: null };

  private readonly phase: number;

  constructor(private readonly deps: RunnerDeps) {
    this.phase = pollPhase(deps.account.id);
    const hosts = resolveHosts(deps.account.environment, deps.account.baseUrl, deps.env);
    const api = createApi({
      hosts,
      credentials: deps.credentials,
      now: deps.now,
      transportOptions: deps.options.transport,
      retry: deps.options.retry,
    });
    const log = deps.log.child({ account: deps.account.name });
    const jobs = new JobRunner({
      now: deps.now,
      random: deps.random,
      backoff: deps.options.backoff,
      log,
      onPause: (until, error) => {
        const message = `${error.message}. The app waits until ${new Date(until).toLocaleTimeString()} before it asks the service again.`;
        deps.events.emit('problem', { accountId: deps.account.id, kind: 'retry', message });
        log.warn('paused after 429', { until: new Date(until).toISOString() });
      },
    });
    this.ctx = {
      jobs,
      store: deps.store,
      api,
      account: deps.account,
      spoolDir: join(deps.dataDir, 'spool', deps.account.id),
      now: deps.now,
      random: deps.random,
      events: deps.events,
      log,
      stableMs: deps.options.stableMs,
      requests: pLimit(Math.max(1, deps.options.downloadConcurrency)),
      faults: accountFaults(deps.store, deps.account.id, deps.events, log),
    };
  }

  /** Only the long-running loop takes turns with other accounts; a pass the user or `--once` asked for goes now. */
  private get gate(): TurnGate | undefined {
    return this.running ? this.deps.pollGate : undefined;
  }

  /**
   * One local step of a pass, in its turn with the other accounts' (when the loop runs). Each step is a
   * few milliseconds of work on the engine's thread between its file reads; 500 accounts starting a pass
   * together ran theirs as one block and kept the bridge waiting 260-310 ms. `skipped` answers when
   * stopping while waiting.
   */
  private local<T>(step: () => Promise<T>, signal: AbortSignal, skipped: T): Promise<T> {
    const gate = this.running ? this.deps.localGate : undefined;
    return gate ? gate.run(step, signal, skipped) : step();
  }

  get account(): Account {
    return this.ctx.account;
  }

  async prepare(): Promise<void> {
    await ensureLayout(this.ctx.account.root);
    await recoverOutbox(this.ctx);
    // Jobs left running by a crash are due again (their work is idempotent or checked before it lands).
    this.ctx.store.jobs.recover(this.ctx.account.id);
  }

  /** Runs until stop(): outbound on folder events and rescans, inbound every poll interval. */
  async start(): Promise<void> {
    await this.prepare();
    this.running = true;
    if (this.deps.options.watch) {
      this.watcher = watchOutbox(
        this.ctx.account.root,
        () => this.kick(),
        (e) => this.ctx.log.warn('watcher error', { error: e.message }),
      );
    }
    this.loop = this.run();
  }

  /** Runs `fn` when no other pass or reorganize of this account runs, and keeps them out until it ends. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.turn.then(fn);
    this.turn = result.catch(() => undefined);
    return result;
  }

  /**
   * Reorganizes the Inbox now, between passes (the job was queued by the caller): moves cut short
   * first, then every due reorganize job. Answers the runner's count and the request's report: the
   * last job's, which counts each file once (what an earlier job of this call moved, as moved), with
   * the moves cut short that every job finished.
   */
  reorganize(): Promise<{ run: RunReport; report: ReorganizeReport | null }> {
    return this.exclusive(async () => {
      // Not running (the command line): what a crash left running is due again first.
      if (!this.running) await this.prepare();
      let report: ReorganizeReport | null = null;
      const run = await this.reorganizeDue((r) => {
        // Two jobs in a row (one a crash left, then this request): the second counts what the first
        // moved as moved, every file once; adding their counts would count those files twice.
        report = { ...r, recovered: (report?.recovered ?? 0) + r.recovered };
      });
      return { run, report };
    });
  }

  /** Moves a stop cut short are finished, then any reorganize the user asked for runs. */
  private async reorganizeDue(onReport?: (r: ReorganizeReport) => void): Promise<RunReport> {
    let recovered = await finishInterruptedMoves(this.ctx);
    return this.ctx.jobs.runDue(
      reorganizeQueue(
        this.ctx,
        (r) => {
          // The moves finished here belong to the report of the reorganize that started them.
          onReport?.({ ...r, recovered: r.recovered + recovered });
          recovered = 0;
        },
        // Shared by the jobs of this call: a later one counts what an earlier one moved as moved.
        new Set(),
      ),
      1,
      this.abort.signal,
    );
  }

  /** Its state and its next poll, including the back-off while the service fails. */
  snapshot(): RunnerSnapshot {
    const wait = this.ctx.jobs.pausedUntil;
    return {
      ...this.announced,
      nextPollAt: this.running && this.nextPollAt > 0 ? this.nextPollAt : null,
      serviceWaitUntil: wait > 0 ? wait : null,
    };
  }

  private announce(state: SyncStateName, message?: string): void {
    this.announced = { state, message: message ?? null };
    this.ctx.events.emit('state', { accountId: this.ctx.account.id, state, ...(message ? { message } : {}) });
  }

  /** The language Detect findings are asked in from now on (the app's language). */
  setDetectLang(lang: string): void {
    this.deps.options.detectLang = lang;
  }

  /** Poll now instead of at the next interval. */
  syncNow(): void {
    this.pollRequested = true;
    this.kick();
  }

  kick(): void {
    if (this.wake) this.wake();
    else this.kicked = true;
  }

  /**
   * Stops after the work in flight: the job runner drains (jobs in flight get a few seconds to finish,
   * then are aborted and go back to their queue with their key), then the loop ends.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.ctx.jobs.drain();
    this.abort.abort();
    await this.loop;
    await this.watcher?.close();
    await this.ctx.api.close();
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let wakeAt: number | null;
      try {
        ({ wakeAt } = await this.cycle(false));
      } catch (e) {
        // A pass that failed outside its steps (its own last write, on a full data disk) must not end the loop.
        const message = dataFault(this.ctx.faults, this.deps.dataDir, e) ?? (e as Error).message;
        this.ctx.log.error('sync pass failed', { error: (e as Error).message });
        this.announce('offline', message);
        wakeAt = null;
      }
      if (!this.running) break;
      if (this.kicked) continue;
      const now = this.deps.now();
      const until = Math.min(wakeAt ?? Number.POSITIVE_INFINITY, this.nextPollAt, now + this.deps.options.scanIntervalMs);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(0, until - now));
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * One pass. `full` forces the inbound side and waits out the stability time once, so that
   * `sync --once` sends files that were already in the Outbox.
   */
  cycle(full: boolean): Promise<CycleReport & { wakeAt: number | null }> {
    return this.exclusive(() => this.pass(full));
  }

  private async pass(full: boolean): Promise<CycleReport & { wakeAt: number | null }> {
    const { ctx } = this;
    const signal = this.abort.signal;
    const problems: string[] = [];
    const kinds = new Set<FailureKind>();
    const account = ctx.store.accounts.get(ctx.account.id) ?? ctx.account;
    try {
      // Local work the user asked for, before anything that may wait on the network; a paused account too.
      await this.local(() => this.reorganizeDue(), signal, undefined);
    } catch (e) {
      problems.push(`Reorganize: ${(e as Error).message}`);
    }
    if (account.paused && !full) {
      this.announce('paused');
      return { ok: true, problems, wakeAt: null };
    }
    this.announce('syncing');
    let wakeAt: number | null = null;
    try {
      const outbound = () => outboundCycle(ctx, this.outbound, this.deps.options.uploadConcurrency, signal);
      let out = await this.local(outbound, signal, null);
      if (full) {
        // Look twice, a stability time apart, then send what settled.
        await new Promise((r) => setTimeout(r, ctx.stableMs));
        out = await this.local(outbound, signal, null);
      }
      wakeAt = out?.wakeAt ?? null;
      if (out && out.needsUser > 0) {
        kinds.add('user');
        problems.push(`Outbox: ${out.needsUser} file(s) wait for you [user]`);
      }
    } catch (e) {
      problems.push(`Outbox: ${dataFault(ctx.faults, this.deps.dataDir, e) ?? (e as Error).message}`);
    }
    try {
      // Detect results not final and checks run on demand are looked at with their back-off, between polls too.
      await this.local(
        () => runDetectWork(ctx, () => this.deps.options.detectLang, this.deps.options.downloadConcurrency, signal),
        signal,
        undefined,
      );
      const next = detectWakeAt(ctx);
      // Never before a 429 pause ends: a job due now but held by the pause must not spin the loop.
      const due = next === null ? null : Math.max(next, ctx.jobs.pausedUntil);
      if (due !== null) wakeAt = Math.min(wakeAt ?? due, due);
    } catch (e) {
      problems.push(`Detect: ${(e as Error).message}`);
    }
    const paused = ctx.jobs.pausedUntil;
    if (paused > 0) {
      // A 429 pauses every call of this account, polls too; the poll comes when the pause ends.
      this.nextPollAt = Math.max(this.nextPollAt, paused);
    } else if (full || this.pollRequested || this.deps.now() >= this.nextPollAt) {
      // A poll that came at its time counts from its slot, so waiting for a place (or a late timer)
      // never pushes the account off it; one the user or the start asked for counts from when it began.
      const onTime = !full && !this.pollRequested && this.nextPollAt > 0;
      let from = this.nextPollAt;
      this.pollRequested = false;
      const { gate } = this;
      const inbound = () => {
        if (!onTime) from = this.deps.now();
        return this.inbound(problems, kinds, signal);
      };
      // Stopping while waiting for a place: nothing was asked, nothing failed.
      const ok = await (gate ? gate.run(inbound, signal, true) : inbound());
      this.pollFailures = ok ? 0 : this.pollFailures + 1;
      const base = account.pollIntervalS * 1000;
      // When the service fails, poll less often until it answers again: the interval plus the one
      // back-off over it (full jitter, doubling per failure), an hour at most. When it answers, the
      // account's own slot in the interval, so many accounts' polls stay spread over it.
      const next = ok
        ? nextPollSlot(from, base, this.phase)
        : this.deps.now() + base + backoffDelay({ baseMs: base, capMs: Math.max(0, 3600_000 - base) }, this.pollFailures, this.deps.random);
      this.nextPollAt = Math.max(next, ctx.jobs.pausedUntil);
    } else if (ctx.faults.get('downloads')) {
      // Downloads paused on a folder that took no writes look again at every pass, not only at the next poll.
      await this.inbound(problems, kinds, signal, true);
    }
    // Paused on a folder: the next pass looks again soon (a probe is one small write), not only at the next scan.
    if (ctx.faults.get('downloads')) wakeAt = Math.min(wakeAt ?? Number.POSITIVE_INFINITY, this.deps.now() + FAULT_PROBE_MS);
    if (ctx.faults.get('data')) {
      // A small write says whether the data folder takes writes again (a pass without a poll writes little else).
      try {
        ctx.store.cursors.set(ctx.account.id, 'data_folder_probe', new Date(this.deps.now()).toISOString());
        ctx.faults.clear('data');
      } catch {
        // Still full: said below.
      }
    }
    // What waits on a folder is said every pass (not counted as the service failing: the poll keeps its slot).
    for (const [area, name] of [
      ['intake', 'Outbox'],
      ['downloads', 'Downloads'],
      ['data', 'Data folder'],
    ] as const) {
      const f = ctx.faults.get(area);
      // The data folder's line may have come with the step that met it already.
      if (f && !problems.some((p) => p.includes(f.message))) problems.push(`${name}: ${f.message} [retry]`);
    }
    const ok = problems.length === 0;
    const needsUser = kinds.has('user');
    this.announce(needsUser ? 'needs_user' : ok ? 'idle' : 'offline', problems[0]);
    ctx.events.emit('synced', { accountId: account.id, at: this.deps.now(), ok });
    return { ok, problems, wakeAt };
  }

  /** Only the inbound side: poll every feed, fetch what is new (benchmarks and "Sync now" on received items). */
  poll(): Promise<CycleReport> {
    return this.exclusive(async () => {
      const problems: string[] = [];
      const ok = await this.inbound(problems, new Set(), this.abort.signal);
      return { ok, problems };
    });
  }

  /** Runs every feed; each failure adds a line to `problems` and its kind to `kinds`. */
  private async inbound(problems: string[], kinds: Set<FailureKind>, signal: AbortSignal, downloadsOnly = false): Promise<boolean> {
    const { ctx } = this;
    const step = async (name: string, fn: () => Promise<unknown>) => {
      // After a 429 the account asks nothing more until the pause ends.
      if (ctx.jobs.pausedUntil > 0) return;
      try {
        await fn();
      } catch (e) {
        if (signal.aborted) return;
        const kind = e instanceof ServiceError ? e.kind : 'retry';
        if (e instanceof ServiceError && e.status === 429) {
          ctx.jobs.pause(this.deps.now() + backoffDelay(this.deps.options.backoff, 1, this.deps.random, e.retryAfterMs), {
            message: (e as Error).message,
            kind,
          });
        }
        kinds.add(kind);
        const said = dataFault(ctx.faults, this.deps.dataDir, e) ?? (e as Error).message;
        const message = `${name}: ${said} [${kind}]`;
        problems.push(message);
        ctx.events.emit('problem', { accountId: ctx.account.id, kind, message: `${name}: ${said}` });
        ctx.log.warn('sync step failed', { step: name, error: (e as Error).message, kind });
      }
    };
    const before = problems.length;
    let fresh: string[] = [];
    const downloads = () =>
      step('Downloads', async () => {
        const r = await runDownloads(ctx, this.deps.options.downloadConcurrency, signal);
        if (r.failed) problems.push(`Downloads: ${r.failed} file(s) could not be fetched [retry]`);
      });
    if (downloadsOnly) {
      await downloads();
      return problems.length === before;
    }
    // Files are fetched from the first page with new invoices on, while the pages and the other feeds
    // are asked (sharing the request slots with Detect): on a first mirror the service and the disk
    // work at once instead of the files waiting for every page. A run that finds nothing due ends;
    // the one after the feeds takes what they (or pages after it ended) queued. A quiet poll runs one.
    let early: Promise<void> | null = null;
    await step('Received invoices', async () => {
      fresh = (
        await pollReceivedInvoices(ctx, signal, (n) => {
          if (n > 0) early ??= downloads();
        })
      ).fresh;
    });
    await step('Detect results', async () => {
      // New invoices, and older ones whose result could not be fetched before: one job each.
      enqueueDetect(ctx, ctx.store.invoices.listMissingDetect(ctx.account.id, 200));
      const r = await runDetectWork(ctx, () => this.deps.options.detectLang, this.deps.options.downloadConcurrency, signal);
      if (r.needsUser) throw new ServiceError('user', `${r.needsUser} Detect result(s) wait for you`, null);
    });
    if (ctx.account.markHandled && fresh.length) await step('Mark handled', () => markHandled(ctx, fresh, signal));
    await step('Sent invoices', () => pollSentInvoices(ctx, signal));
    await step('Received documents', () => pollReceivedDocuments(ctx, signal));
    await step('Sent documents', () => pollSentDocuments(ctx, signal));
    await step('Bank messages', () => pollBankMessages(ctx, signal));
    await step('Delivery status', async () => {
      enqueueDeliveryTracking(ctx);
      const r = await ctx.jobs.runDue(deliveryQueue(ctx), 1, signal);
      if (r.retried + r.needsUser > 0) {
        const job = ctx.store.jobs.find(ctx.account.id, DELIVERY_KIND, 'sent');
        throw new ServiceError(r.needsUser ? 'user' : 'retry', job?.lastError ?? 'Delivery status could not be checked', null);
      }
    });
    await step('Collection', async () => {
      enqueueCollectionTracking(ctx);
      const r = await ctx.jobs.runDue(collectionQueue(ctx), 1, signal);
      if (r.retried + r.needsUser > 0) {
        const job = ctx.store.jobs.find(ctx.account.id, COLLECTION_KIND, 'assignments');
        throw new ServiceError(r.needsUser ? 'user' : 'retry', job?.lastError ?? 'Collection status could not be checked', null);
      }
    });
    await early;
    await downloads();
    // After the downloads: only a message whose file is durable here is ever deleted (the option is off by default).
    if (ctx.account.deleteRiAfterDownload) {
      await step('Delete downloaded RI messages', async () => {
        enqueueRiDeletes(ctx);
        const r = await ctx.jobs.runDue(riDeleteQueue(ctx), 2, signal);
        if (r.retried) problems.push(`Delete downloaded RI messages: ${r.retried} will be tried again [retry]`);
      });
    }
    await step('Record the poll', async () => {
      ctx.store.cursors.set(ctx.account.id, 'last_poll_at', new Date(this.deps.now()).toISOString());
      ctx.faults.clear('data');
    });
    return problems.length === before;
  }
}
