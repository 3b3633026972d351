import type { PendingFileView } from '../../../shared/doctor';
import type { AccountRunners } from '../accounts/account-book';
import type { AccountKeys } from '../accounts/account-keys';
import type { ServiceAccess } from '../accounts/service-access';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import { AccountRunner, type CycleReport, DEFAULT_RUNNER_OPTIONS, type RunnerOptions, type RunnerSnapshot } from '../sync/account-runner';
import type { CheckBoard } from '../sync/check-board';
import type { EngineEvents } from '../sync/events';
import { TurnGate } from '../sync/turn-gate';
import type { Archives } from './archives';

/**
 * How many accounts run a local step of their pass at once (account-runner.ts), and how long one may
 * hold its place: an Outbox step that uploads a large file lets the next account in after a second.
 */
const LOCAL_STEPS_AT_ONCE = 4;
const LOCAL_STEP_LEASE_MS = 1000;

export interface RunnersDeps {
  store: Store;
  keys: AccountKeys;
  access: ServiceAccess;
  events: EngineEvents;
  /** Every file being checked now (sync/check-board.ts): each runner's checks report their progress there. */
  checks: CheckBoard;
  /** Each account's archive chain (engine/archives.ts), handed to its runner. */
  archives: Archives;
  log: Logger;
  dataDir: string;
  now: () => number;
  random: () => number;
  options?: Partial<RunnerOptions>;
}

/** The engine's account runners: one per account, made once its keys are read, started with the engine. */
export class Runners implements AccountRunners {
  private readonly runners = new Map<string, AccountRunner>();
  /** Runners being made (their key is read first), so that two callers never make two for one account. */
  private readonly making = new Map<string, Promise<AccountRunner>>();
  private detectLang: string | null = null;
  /** Every account's poll takes a place here: hundreds of companies never all ask the service at once. */
  private pollGate: TurnGate | null = null;
  private localGate: TurnGate | null = null;
  /** Whether the engine syncs (start() until stop()): runners made then are started. */
  private syncing = false;

  constructor(private readonly d: RunnersDeps) {}

  get options(): RunnerOptions {
    const o = { ...DEFAULT_RUNNER_OPTIONS, ...this.d.options };
    return this.detectLang ? { ...o, detectLang: this.detectLang } : o;
  }

  setDetectLang(lang: string): void {
    this.detectLang = lang;
    for (const r of this.runners.values()) r.setDetectLang(lang);
  }

  /** The files of an account's Outbox seen but not queued, with what each waits for (sync/pending-files.ts); none when it is not syncing here. */
  pendingFiles(accountId: string): PendingFileView[] {
    return this.runners.get(accountId)?.pendingFiles() ?? [];
  }

  has(accountId: string): boolean {
    return this.runners.has(accountId);
  }

  snapshot(accountId: string): RunnerSnapshot | undefined {
    return this.runners.get(accountId)?.snapshot();
  }

  kick(accountId: string): void {
    this.runners.get(accountId)?.kick();
  }

  syncNow(accountId?: string): void {
    for (const [id, r] of this.runners) if (!accountId || id === accountId) r.syncNow();
  }

  /** The account's one runner: callers that ask at once (two reorganizes, a poll and a start) share the one being made. */
  of(account: Account): Promise<AccountRunner> {
    const existing = this.runners.get(account.id);
    if (existing) return Promise.resolve(existing);
    let making = this.making.get(account.id);
    if (!making) {
      making = this.make(account).finally(() => this.making.delete(account.id));
      this.making.set(account.id, making);
    }
    return making;
  }

  private async make(account: Account): Promise<AccountRunner> {
    const secret = await this.d.keys.forSync(account);
    const reach = this.d.access.reach(account);
    const runner = new AccountRunner({
      store: this.d.store,
      account,
      credentials: { companyId: account.companyId, apiKey: secret.apiKey, vendorApiKey: secret.vendorApiKey },
      hosts: reach.hosts,
      serviceHeaders: reach.headers,
      licenseData: reach.licenseData,
      dataDir: this.d.dataDir,
      events: this.d.events,
      log: this.d.log,
      now: this.d.now,
      random: this.d.random,
      options: this.options,
      pollGate: this.sharedPollGate(),
      localGate: this.sharedLocalGate(),
      checks: this.d.checks,
      archive: this.d.archives.of(account.id),
    });
    this.runners.set(account.id, runner);
    return runner;
  }

  private sharedLocalGate(): TurnGate {
    this.localGate ??= new TurnGate(LOCAL_STEPS_AT_ONCE, LOCAL_STEP_LEASE_MS);
    return this.localGate;
  }

  private sharedPollGate(): TurnGate {
    const { pollsAtOnce, pollLeaseMs } = this.options;
    this.pollGate ??= new TurnGate(pollsAtOnce, pollLeaseMs);
    return this.pollGate;
  }

  private async startOne(account: Account): Promise<void> {
    await (await this.of(account)).start();
  }

  async startIfSyncing(account: Account): Promise<void> {
    if (this.syncing) await this.startOne(account);
  }

  /** Starts every account's loops (the long-running `sync` and the apps); one that cannot start is a problem of its own. */
  async start(accounts: readonly Account[]): Promise<void> {
    this.syncing = true;
    for (const a of accounts) {
      try {
        await this.startOne(a);
      } catch (e) {
        this.d.events.emit('problem', { accountId: a.id, kind: 'user', message: (e as Error).message });
      }
    }
  }

  /** Starts the accounts whose sync could not start (their API key could not be read), when the engine syncs. */
  async startStopped(accounts: readonly Account[]): Promise<void> {
    if (!this.syncing) return;
    for (const a of accounts) {
      if (this.runners.has(a.id)) continue;
      await this.startOne(a).catch((e: Error) => this.d.log.warn('the sync still cannot start', { account: a.name, error: e.message }));
    }
  }

  /** Polls one account's received feeds once, without touching its Outbox. */
  async pollOnce(account: Account): Promise<CycleReport> {
    const r = await this.of(account);
    await r.prepare();
    return r.poll();
  }

  /** One full cycle of every account (`sync --once`). */
  async syncOnce(accounts: readonly Account[]): Promise<Map<string, CycleReport>> {
    const out = new Map<string, CycleReport>();
    for (const a of accounts) {
      try {
        const r = await this.of(a);
        await r.prepare();
        out.set(a.id, await r.cycle(true));
      } catch (e) {
        out.set(a.id, { ok: false, problems: [(e as Error).message] });
      }
    }
    return out;
  }

  async stop(accountId: string): Promise<boolean> {
    const runner = this.runners.get(accountId);
    if (!runner) return false;
    await runner.stop();
    this.runners.delete(accountId);
    return true;
  }

  /** Finishes or safely abandons the work in flight of every runner. */
  async stopAll(): Promise<void> {
    this.syncing = false;
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    this.runners.clear();
  }
}
