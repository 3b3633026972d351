import { join } from 'node:path';
import type { FSWatcher } from 'chokidar';
import pLimit from 'p-limit';
import type { PendingFileView } from '../../../shared/doctor';
import { type Credentials, createApi } from '../api';
import { backoffDelay } from '../api/backoff';
import type { ServiceHosts } from '../api/environments';
import type { FailureKind } from '../api/errors';
import type { RetryOptions } from '../api/retry';
import type { TransportOptions } from '../api/transport';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import { packsDirOf } from '../validate/pack-store';
import type { ArchiveChain } from './archive/chain';
import { reconcileArchive } from './archive/enter';
import type { CheckBoard } from './check-board';
import type { SyncContext } from './context';
import type { EngineEvents } from './events';
import { JobRunner, type RunReport } from './jobs/job-runner';
import { JOB_KINDS } from './jobs/kinds';
import { reorganizeQueue } from './jobs/reorganize-queue';
import { passWakeAt, runStep, stepsAt } from './jobs/run-kinds';
import { accountFaults, dataFault, type FaultArea, faultKind } from './local-faults';
import { recoverOutbox } from './outbound';
import { newOutboundMemory, outboundCycle } from './outbound-cycle';
import { type FeedOptions, pollFeeds } from './poll-feeds';
import { nextPollSlot, pollPhase } from './poll-schedule';
import { finishInterruptedMoves, type ReorganizeReport } from './reorganize';
import { assertRoot, checkRoot } from './root-guard';
import { RunnerLane } from './runner-lane';
import { RunnerRoot } from './runner-root';
import { type LaneReport, noProblems, RunnerState, type SyncStateName } from './runner-state';
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
  /** Where the account's requests go, resolved by the engine (accounts/service-access.ts) with its address. */
  hosts: ServiceHosts;
  /** Sent with every request of this account (the embedded sandbox's key). */
  serviceHeaders?: Readonly<Record<string, string>>;
  /** license_data of the account's token requests (who the app is). */
  licenseData?: string;
  dataDir: string;
  events: EngineEvents;
  log: Logger;
  now: () => number;
  random: () => number;
  options: RunnerOptions;
  /** Shared by the engine's runners: polls of many accounts take turns through it. */
  pollGate?: TurnGate;
  /** Shared too: the local steps of a pass (Outbox, reorganize, Detect) of many accounts take turns. */
  localGate?: TurnGate;
  /** The engine's checks in flight, where the Outbox shows a file's check and the user may cancel it. */
  checks?: CheckBoard;
  /** The account's archive chain, kept by the engine (one per account per process). */
  archive?: ArchiveChain;
}

export type { SyncStateName };

/** How soon a pass looks again at a folder that took no writes (a probe is one small write into it). */
const FAULT_PROBE_MS = 5_000;

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

/**
 * One account's sync, in two lanes. The outbox lane takes in, sends and moves what is dropped, woken
 * by the watcher; the service lane reorganizes the Inbox, looks at Detect work and polls every poll
 * interval, with the downloads. A file dropped while a poll waits on a slow list is sent at once:
 * uploads never touch the Inbox, so only the service lane keeps a reorganize apart from downloads.
 */
export class AccountRunner {
  readonly ctx: SyncContext;
  private readonly outbound = newOutboundMemory();
  private watcher: FSWatcher | null = null;
  private readonly abort = new AbortController();
  private pollRequested = true;
  private nextPollAt = 0;
  private pollFailures = 0;
  private running = false;
  private readonly outboxLane: RunnerLane;
  /**
   * One service pass, one reorganize of the Inbox at a time: a reorganize moves the files downloads
   * write next to, so they never overlap (the loop's pass, `sync --once`, a poll by hand, the user's reorganize).
   */
  private readonly serviceLane: RunnerLane;
  private readonly state: RunnerState;
  private readonly root: RunnerRoot;

  private readonly phase: number;

  constructor(private readonly deps: RunnerDeps) {
    this.phase = pollPhase(deps.account.id);
    this.outboxLane = new RunnerLane(deps.now);
    this.serviceLane = new RunnerLane(deps.now);
    this.state = new RunnerState({
      accountId: deps.account.id,
      events: deps.events,
      now: deps.now,
      paused: () => this.latestAccount().paused,
    });
    const api = createApi({
      hosts: deps.hosts,
      credentials: deps.credentials,
      headers: deps.serviceHeaders,
      licenseData: deps.licenseData,
      now: deps.now,
      transportOptions: deps.options.transport,
      retry: deps.options.retry,
    });
    const log = deps.log.child({ account: deps.account.name });
    const jobRunner = new JobRunner({
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
      jobRunner,
      store: deps.store,
      api,
      account: deps.account,
      spoolDir: join(deps.dataDir, 'spool', deps.account.id),
      rulePacksDir: packsDirOf(deps.dataDir),
      now: deps.now,
      random: deps.random,
      events: deps.events,
      log,
      stableMs: deps.options.stableMs,
      requests: pLimit(Math.max(1, deps.options.downloadConcurrency)),
      faults: accountFaults(deps.store, deps.account.id, deps.events, log),
      ...(deps.checks ? { checks: deps.checks } : {}),
      archive: deps.archive,
    };
    this.root = new RunnerRoot(this.ctx, deps.now, () => this.outboxLane.kick());
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
    // A root that is gone gets nothing written: its Outbox is recovered when it is back (outboxPass).
    if ((await checkRoot(this.ctx, { layout: true })).gone === null) {
      await recoverOutbox(this.ctx);
      await this.reconcileArchive();
    }
    // Jobs left running by a crash are due again (their work is idempotent or checked before it lands).
    this.ctx.store.jobs.recover(this.ctx.account.id);
  }

  /** Files in place without their archive entry are entered; one that cannot be is said, never skipped quietly. */
  private async reconcileArchive(): Promise<void> {
    try {
      await reconcileArchive(this.ctx);
    } catch (e) {
      const message = `The archive could not enter the files already in place (${(e as Error).message}); it tries again at the next start`;
      this.ctx.log.error(message);
      this.ctx.events.emit('problem', { accountId: this.ctx.account.id, kind: 'retry', message });
    }
  }

  /** Runs until stop(): outbound on folder events and rescans, inbound every poll interval. */
  async start(): Promise<void> {
    await this.prepare();
    this.running = true;
    if (this.deps.options.watch) {
      this.watcher = watchOutbox(
        this.ctx.account.root,
        () => this.outboxLane.kick(),
        (e) => this.ctx.log.warn('watcher error', { error: e.message }),
      );
    }
    const running = () => this.running;
    const rescanAt = () => this.deps.now() + this.deps.options.scanIntervalMs;
    this.outboxLane.start(async () => {
      const r = await this.state.tracked('outbox', () => this.guarded(() => this.outboxPass(false)));
      return Math.min(r.wakeAt ?? Number.POSITIVE_INFINITY, rescanAt());
    }, running);
    this.serviceLane.start(async () => {
      const r = await this.state.tracked('service', () => this.guarded(() => this.servicePass(false)));
      // A paused account polls no more: it waits for a kick (resumed) or the rescan.
      const paused = this.latestAccount().paused;
      if (!paused) this.state.synced();
      const pollAt = paused ? Number.POSITIVE_INFINITY : this.nextPollAt;
      return Math.min(r.wakeAt ?? Number.POSITIVE_INFINITY, pollAt, rescanAt());
    }, running);
  }

  /**
   * A lane's pass that failed outside its steps (its own last write, on a full data disk) is a problem of
   * the account, never the end of its loop.
   */
  private async guarded(pass: () => Promise<LaneReport | null>): Promise<LaneReport | null> {
    try {
      return await pass();
    } catch (e) {
      const message = dataFault(this.ctx.faults, this.deps.dataDir, e) ?? (e as Error).message;
      this.ctx.log.error('sync pass failed', { error: (e as Error).message });
      return { problems: [message], kinds: new Set(['retry']), wakeAt: this.deps.now() + FAULT_PROBE_MS };
    }
  }

  /**
   * What waits on a folder that took no writes, said at every pass of the lane it holds up (not counted as
   * the service failing: the poll keeps its slot), unless a step already said it.
   */
  private faultLines(r: Pick<LaneReport, 'problems' | 'kinds'>, areas: readonly FaultArea[]): void {
    const names: Record<FaultArea, string> = { intake: 'Outbox', downloads: 'Downloads', data: 'Data folder', rules: 'Outbox' };
    for (const area of areas) {
      const f = this.ctx.faults.get(area);
      if (!f) continue;
      const kind = faultKind(area);
      // Only the user can bring rules back: the account needs them, it is not offline.
      if (kind === 'user') r.kinds.add(kind);
      if (!r.problems.some((p) => p.includes(f.message))) r.problems.push(`${names[area]}: ${f.message} [${kind}]`);
    }
  }

  /** Runs `fn` when no other service pass or reorganize of this account runs, and keeps them out until it ends. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.serviceLane.exclusive(fn);
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
    await assertRoot(this.ctx);
    let recovered = await finishInterruptedMoves(this.ctx);
    return this.ctx.jobRunner.runDue(
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
      JOB_KINDS.reorganize.concurrency(this.feedOptions),
      this.abort.signal,
    );
  }

  /** Its state and its next poll, including the back-off while the service fails. */
  snapshot(): RunnerSnapshot {
    const wait = this.ctx.jobRunner.pausedUntil;
    return {
      ...this.state.current,
      nextPollAt: this.running && this.nextPollAt > 0 ? this.nextPollAt : null,
      serviceWaitUntil: wait > 0 ? wait : null,
    };
  }

  /** The language Detect findings are asked in from now on (the app's language). */
  /** Each file of the Outbox seen but not queued, with what it waits for (in memory: made again by every pass). */
  pendingFiles(): PendingFileView[] {
    return this.outbound.pending.list(this.ctx.account.id);
  }

  setDetectLang(lang: string): void {
    this.deps.options.detectLang = lang;
  }

  /** Poll now instead of at the next interval. */
  syncNow(): void {
    this.pollRequested = true;
    this.kick();
  }

  /** Both lanes look again (new work the engine queued, the account paused or resumed). */
  kick(): void {
    this.outboxLane.kick();
    this.serviceLane.kick();
  }

  /**
   * Stops after the work in flight: the job runner drains (jobs in flight get a few seconds to finish,
   * then are aborted and go back to their queue with their key), then the loops end.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.ctx.jobRunner.drain();
    this.abort.abort();
    await Promise.all([this.outboxLane.stopped(), this.serviceLane.stopped()]);
    await this.watcher?.close();
    await this.ctx.api.close();
  }

  private latestAccount(): Account {
    return this.ctx.store.accounts.get(this.ctx.account.id) ?? this.ctx.account;
  }

  /**
   * One full pass of both lanes, the outbox's first, as one pass was before they split: what it sent
   * is tracked by the same pass's delivery step. `full` forces the poll and waits out the stability
   * time once, so that `sync --once` sends files that were already in the Outbox.
   */
  async cycle(full: boolean): Promise<CycleReport & { wakeAt: number | null }> {
    const out = await this.outboxLane.exclusive(() => this.state.tracked('outbox', () => this.outboxPass(full)));
    const service = await this.exclusive(() => this.state.tracked('service', () => this.servicePass(full)));
    const ok = this.state.synced();
    const wakes = [out.wakeAt, service.wakeAt].filter((t): t is number => t !== null);
    return { ok, problems: [...out.problems, ...service.problems], wakeAt: wakes.length ? Math.min(...wakes) : null };
  }

  /** The outbox lane's pass: take in what settled, send what is due, move what was sent. Null: paused. */
  private async outboxPass(full: boolean): Promise<LaneReport | null> {
    const { ctx } = this;
    const signal = this.abort.signal;
    // Nothing of a pass may write into a root that is gone (an empty mount point): it waits, and looks again soon.
    const gone = await this.root.gone();
    if (gone) return gone;
    if (this.root.takeBack()) {
      // Between the service lane's passes: the recovery clears temporary files its downloads would own.
      await this.serviceLane.exclusive(() => recoverOutbox(ctx));
      this.syncNow();
    }
    if (this.latestAccount().paused && !full) return null;
    this.state.syncing();
    const r = noProblems();
    try {
      const outbound = () => outboundCycle(ctx, this.outbound, JOB_KINDS.upload.concurrency(this.feedOptions), signal);
      let out = await this.local(outbound, signal, null);
      if (full) {
        // Look twice, a stability time apart, then send what settled.
        await new Promise((res) => setTimeout(res, ctx.stableMs));
        out = await this.local(outbound, signal, null);
        if (out?.secondLooks) {
          // A file that ended early was given one more stability time (cut-short.ts): waited out here too,
          // or a file cut for good would wait in the Outbox at every `--once`, never refused.
          await new Promise((res) => setTimeout(res, ctx.stableMs));
          out = await this.local(outbound, signal, null);
        }
      }
      r.wakeAt = out?.wakeAt ?? null;
      const line = JOB_KINDS.upload.problem(out?.needsUser ?? 0);
      if (line) {
        r.kinds.add('user');
        r.problems.push(line);
      }
    } catch (e) {
      r.problems.push(`Outbox: ${dataFault(ctx.faults, this.deps.dataDir, e) ?? (e as Error).message}`);
    }
    this.faultLines(r, ['intake', 'rules', 'data']);
    return r;
  }

  /** The service lane's pass: a reorganize asked for, Detect work, and the poll when it is due. */
  private async servicePass(full: boolean): Promise<LaneReport> {
    const { ctx } = this;
    const signal = this.abort.signal;
    const problems: string[] = [];
    const kinds = new Set<FailureKind>();
    const account = this.latestAccount();
    const gone = await this.root.gone();
    if (gone) {
      // The poll due meanwhile waits too: the loop sleeps until the next look instead of spinning on it.
      this.nextPollAt = Math.max(this.nextPollAt, gone.wakeAt ?? 0);
      return gone;
    }
    try {
      // Local work the user asked for, before anything that may wait on the network; a paused account too.
      await this.local(() => this.reorganizeDue(), signal, undefined);
    } catch (e) {
      problems.push(`Reorganize: ${(e as Error).message}`);
    }
    if (account.paused && !full) return { problems, kinds, wakeAt: null };
    this.state.syncing();
    let wakeAt: number | null = null;
    try {
      // Detect results not final and checks run on demand are looked at with their back-off, between polls too.
      // The registry's kinds that run at every pass (jobs/kinds.ts); the poll queues their work.
      for (const step of stepsAt('pass')) await this.local(() => runStep(ctx, step, this.feedOptions, signal, false), signal, undefined);
      const next = passWakeAt(ctx);
      // Never before a 429 pause ends: a job due now but held by the pause must not spin the loop.
      const due = next === null ? null : Math.max(next, ctx.jobRunner.pausedUntil);
      if (due !== null) wakeAt = Math.min(wakeAt ?? due, due);
    } catch (e) {
      problems.push(`Detect: ${(e as Error).message}`);
    }
    const paused = ctx.jobRunner.pausedUntil;
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
        return pollFeeds(ctx, this.feedOptions, problems, kinds, signal);
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
      this.nextPollAt = Math.max(next, ctx.jobRunner.pausedUntil);
    } else if (ctx.faults.get('downloads')) {
      // Downloads paused on a folder that took no writes look again at every pass, not only at the next poll.
      await pollFeeds(ctx, this.feedOptions, problems, kinds, signal, { downloadsOnly: true });
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
      wakeAt = Math.min(wakeAt ?? Number.POSITIVE_INFINITY, this.deps.now() + FAULT_PROBE_MS);
    }
    this.faultLines({ problems, kinds }, ['downloads', 'data']);
    return { problems, kinds, wakeAt };
  }

  private get feedOptions(): FeedOptions {
    const { deps } = this;
    return {
      now: deps.now,
      random: deps.random,
      backoff: deps.options.backoff,
      uploadConcurrency: deps.options.uploadConcurrency,
      downloadConcurrency: deps.options.downloadConcurrency,
      detectLang: () => deps.options.detectLang,
      dataDir: deps.dataDir,
    };
  }

  /** Only the inbound side: poll every feed, fetch what is new (benchmarks and "Sync now" on received items). */
  poll(): Promise<CycleReport> {
    return this.exclusive(async () => {
      const problems: string[] = [];
      const ok = await pollFeeds(this.ctx, this.feedOptions, problems, new Set(), this.abort.signal);
      return { ok, problems };
    });
  }
}
