import { mkdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { AccountHealth, HealthProblem } from '../../shared/account-health';
import type { DetectStateView } from '../../shared/bridge/scrutiny';
import type { DetectCheck, Environment } from '../../shared/enums';
import type { InboxLayout } from '../../shared/inbox-layout';
import type { InvoiceAnswerInput } from '../../shared/invoice-response-codes';
import { SANDBOX_KEY_HEADER } from '../../shared/sandbox-key';
import { type Api, type AppIdentity, createApi, licenseData, packageVersion } from './api';
import { resolveHosts } from './api/environments';
import { ServiceError } from './api/errors';
import { type Logger, silentLogger } from './log';
import { dbFile } from './paths';
import type { AccountSecret, SecretStore } from './secrets';
import { LocalSandboxSecrets } from './secrets/local-sandbox';
import { createStore, type Store } from './store';
import type { Account, AccountPatch } from './store/accounts';
import type { OutboxJob, OutboxPatch } from './store/outbox';
import { readerOf, type StoreReader } from './store/reader';
import { noCounts } from './store/status-counts';
import { WRITER } from './store/writer';
import { AccountRunner, type CycleReport, DEFAULT_RUNNER_OPTIONS, type RunnerOptions, type SyncStateName } from './sync/account-runner';
import { collectionOps } from './sync/collection-ops';
import { detectState, refreshDetectOnOpen } from './sync/detect-work';
import { EngineEvents } from './sync/events';
import { type DownloadTableName, fetchAgain, type GivenUpFile, listGivenUp } from './sync/fetch-again';
import { healthOfAccounts, rememberKeys } from './sync/health';
import { type Reroute, reroute, setHandled } from './sync/invoice-actions';
import { type AnswerOutcome, answerInvoice } from './sync/invoice-answers';
import { startAnalysis } from './sync/jobs/analysis-queue';
import { REORGANIZE_KIND, requestReorganize } from './sync/jobs/reorganize-queue';
import { type KeptFromViews, keptFromViews } from './sync/kept-from-views';
import { ensureLayout } from './sync/layout';
import type { ReorganizeReport } from './sync/reorganize';
import { rootOverlap } from './sync/root-choice';
import { claimRoot } from './sync/root-guard';
import { listFolderOptions, setFolderOptions } from './sync/sending-options';
import { TurnGate } from './sync/turn-gate';
import { closeDefaultValidator } from './validate';

export interface EngineOptions {
  dataDir: string;
  secrets: SecretStore;
  log?: Logger;
  now?: () => number;
  random?: () => number;
  env?: NodeJS.ProcessEnv;
  runner?: Partial<RunnerOptions>;
  /** Base URL of the embedded sandbox, for sandbox accounts that have none of their own. */
  embeddedSandboxUrl?: string | null;
  /** The embedded sandbox's key for this start, sent with every request to it. */
  embeddedSandboxKey?: string | null;
  /** Opens the database read-only, beside another process that holds the data folder (`status`). */
  readonly?: boolean;
  /** The app's version for license_data (default: package.json's); the license key default: EINVOICE_LICENSE_KEY. */
  app?: Partial<AppIdentity>;
}

export interface NewAccountInput {
  name: string;
  environment: Environment;
  url?: string | null;
  companyId: string;
  root: string;
  apiKey: string;
  vendorApiKey?: string | null;
  pollIntervalS?: number;
  markHandled?: boolean;
  /** Default: by year and month (NEW_ACCOUNT_INBOX_LAYOUT). */
  inboxLayout?: InboxLayout;
}

/** What a reorganize of the Inbox did; `finished` false when it stopped part-way or failed (`error`). */
export interface ReorganizeOutcome extends ReorganizeReport {
  finished: boolean;
  error: string | null;
}

export interface AccountStatus {
  account: Account;
  queued: number;
  /** Files waiting for the user's decision: held back as duplicates, or waiting after a refusal only they can fix. */
  held: number;
  sending: number;
  sent: number;
  failed: number;
  needsReroute: number;
  received: number;
  downloadsPending: number;
  /** Received files given up after their tries (offered again by "fetch again"). */
  downloadsFailed: number;
  lastPoll: string | null;
  /** What its sync is doing, as its runner last said (idle before it started, paused when paused). */
  state: SyncStateName;
  message: string | null;
  /** When it polls next, back-off included while the service fails; null when not running. */
  nextPoll: string | null;
  /** Until when the service asked the app to wait (a 429); null when it did not. */
  serviceWaitUntil: string | null;
  /** Whether it is up to date, and if not why (shared/account-health.ts): what every view shows. */
  health: AccountHealth;
}

/**
 * Account input the engine refuses: the user's to fix, so every host shows its message as it is. It
 * names the field it concerns and says what that field needs, for a form to show beside it.
 */
export class AccountInputError extends Error {
  constructor(
    message: string,
    readonly field: 'name' | 'root' | 'companyId' | 'apiKey' | 'vendorApiKey',
    readonly hint: string,
  ) {
    super(message);
    this.name = 'AccountInputError';
  }
}

/** The account the embedded sandbox's demo company becomes (the CLI, the web host and the shell alike). */
export const DEMO_ACCOUNT_NAME = 'Demo (sandbox)';

/** What the embedded sandbox tells of its demo company. */
export interface DemoCompany {
  company_id: string;
  api_key: string;
  name: string;
}

/**
 * How many accounts run a local step of their pass at once (account-runner.ts), and how long one may
 * hold its place: an Outbox step that uploads a large file lets the next account in after a second.
 */
const LOCAL_STEPS_AT_ONCE = 4;
const LOCAL_STEP_LEASE_MS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An account's folder is a full path: the engine's working folder is no place to sync (and differs per
 * host). Nor is a folder inside another account's root or holding one: each would sync the other's
 * Outbox and take its Inbox for its own. (Two accounts in the very same root each keep to their
 * marker, root-guard.ts, and stay allowed.)
 */
function checkRoot(root: string, accounts: readonly Account[], except?: string): void {
  if (!isAbsolute(root))
    throw new AccountInputError('The folder must be a full path', 'root', 'must be a full path, such as /home/me/Invoices');
  const overlap = rootOverlap(root, accounts, except);
  if (overlap?.kind === 'inside')
    throw new AccountInputError(
      `The folder is inside the folder of ${overlap.account.name}`,
      'root',
      `inside the folder of ${overlap.account.name}`,
    );
  if (overlap?.kind === 'contains')
    throw new AccountInputError(
      `The folder holds the folder of ${overlap.account.name}`,
      'root',
      `holds the folder of ${overlap.account.name}`,
    );
}

/**
 * The sync engine of every account: plain Node, hosted by the CLI, the web host or the desktop
 * shell. Hosts hand it the secret store; it hands them events.
 */
/** A Sandbox account without an address of its own: the embedded sandbox serves it. */
const onEmbeddedSandbox = (a: Account) => a.environment === 'sandbox' && !a.baseUrl;

export class Engine {
  /** What the bridge and the hosts read; every change goes through the engine's methods. */
  readonly store: StoreReader;
  private readonly writer: Store;
  /** What a view learns from the service or a file, kept in the mirror (the bridge's only writes, made here). */
  readonly keep: KeptFromViews;
  /** The writer, for the engine's own rooms and tests (store/writer.ts); the bridge cannot import the key. */
  get [WRITER](): Store {
    return this.writer;
  }
  readonly events = new EngineEvents();
  private readonly runners = new Map<string, AccountRunner>();
  /** Whether each account has a vendor key, once read: the Partner page's list must not ask the keychain 200 times. */
  private readonly vendorKeyKnown = new Map<string, boolean>();
  private embeddedManager: { start(): Promise<void>; stop(): Promise<void> } | null = null;
  /** Runners being made (their key is read first), so that two callers never make two for one account. */
  private readonly making = new Map<string, Promise<AccountRunner>>();
  private readonly log: Logger;
  private started = false;

  private localSandboxSecrets: LocalSandboxSecrets | null = null;

  constructor(private readonly opts: EngineOptions) {
    mkdirSync(opts.dataDir, { recursive: true });
    this.writer = createStore(dbFile(opts.dataDir), { now: opts.now, readonly: opts.readonly === true });
    this.store = readerOf(this.writer);
    this.keep = keptFromViews(this.writer);
    this.log = opts.log ?? silentLogger;
    this.licenseData = licenseData({
      version: opts.app?.version ?? packageVersion(),
      licenseKey: opts.app?.licenseKey ?? (opts.env ?? process.env).EINVOICE_LICENSE_KEY ?? null,
    });
  }

  /** What every token request of this engine says the app is (license_data). */
  readonly licenseData: string;

  private detectLang: string | null = null;
  /** Every account's poll takes a place here: hundreds of companies never all ask the service at once. */
  private pollGate: TurnGate | null = null;
  private localGate: TurnGate | null = null;

  private get runnerOptions(): RunnerOptions {
    const o = { ...DEFAULT_RUNNER_OPTIONS, ...this.opts.runner };
    return this.detectLang ? { ...o, detectLang: this.detectLang } : o;
  }

  /** The language Detect findings are asked in. */
  get detectLanguage(): string {
    return this.runnerOptions.detectLang;
  }

  /** Detect findings are fetched in the app's language (en, fi, sv, nb) from now on. */
  setDetectLanguage(lang: string): void {
    this.detectLang = lang;
    for (const r of this.runners.values()) r.setDetectLang(lang);
  }

  listAccounts(): Account[] {
    return this.writer.accounts.list();
  }

  findAccount(nameOrId: string): Account | undefined {
    return this.writer.accounts.getByName(nameOrId) ?? this.writer.accounts.get(nameOrId);
  }

  /** The sending options of the account's outbox folders (Outbox/Invoices first). */
  folderOptions(accountId: string) {
    return listFolderOptions(this.writer, accountId);
  }

  /** Replaces one outbox folder's sending options; files sent from now on use them. Throws SendingOptionsError per field. */
  setFolderOptions(accountId: string, folder: string, options: Record<string, unknown>) {
    return setFolderOptions(this.writer, accountId, folder, options);
  }

  /** A name no other account has (`except`: the account being renamed). */
  private checkName(name: string, except?: string): void {
    if (!name.trim()) throw new AccountInputError('The account needs a name', 'name', 'a name is required');
    const holder = this.writer.accounts.getByName(name.trim());
    if (holder && holder.id !== except) {
      throw new AccountInputError(`An account named "${name.trim()}" exists already`, 'name', 'this name is taken');
    }
  }

  /**
   * The checks every host's "add account" goes through (the bridge and the CLI only parse their input):
   * the input, then, when `verify`, that the service accepts the credentials, before anything is saved.
   */
  async addAccount(input: NewAccountInput, verify = true): Promise<Account> {
    this.checkName(input.name);
    checkRoot(input.root, this.writer.accounts.list());
    if (!UUID.test(input.companyId)) {
      throw new AccountInputError(
        'The company id must be the company UUID, such as 3f2b...-...',
        'companyId',
        'the company UUID, such as 3f2b0c1e-...',
      );
    }
    if (!input.apiKey.trim()) throw new AccountInputError('The API key is empty', 'apiKey', 'the API key is required');
    if (!input.url && input.environment === 'sandbox') await this.ensureEmbeddedSandbox();
    const url = input.url ?? (input.environment === 'sandbox' ? (this.opts.embeddedSandboxUrl ?? null) : null);
    const hosts = resolveHosts(input.environment, url, this.opts.env ?? process.env);
    if (verify) {
      const api = createApi({
        hosts,
        credentials: { companyId: input.companyId, apiKey: input.apiKey, vendorApiKey: input.vendorApiKey },
        headers: this.serviceHeaders(url),
        licenseData: this.licenseData,
      });
      try {
        await api.tokens.token();
      } finally {
        await api.close();
      }
    }
    await ensureLayout(input.root);
    const account = this.writer.accounts.create({
      name: input.name.trim(),
      environment: input.environment,
      baseUrl: input.url ?? null,
      companyId: input.companyId,
      root: input.root,
      pollIntervalS: input.pollIntervalS,
      markHandled: input.markHandled,
      inboxLayout: input.inboxLayout,
    });
    try {
      await this.secretsOf(account).set(account.id, { apiKey: input.apiKey, vendorApiKey: input.vendorApiKey ?? null });
    } catch (e) {
      // No account without its key: a keychain that refuses leaves nothing half-made behind.
      this.writer.accounts.remove(account.id);
      throw e;
    }
    // The root's marker, now that the account has its id (sync/root-guard.ts); should this write fail,
    // the first pass writes it, or says why it cannot.
    await claimRoot(this.writer, account).catch(() => undefined);
    if (this.started) await this.startRunner(account);
    return account;
  }

  /**
   * Adds the embedded sandbox's demo company as the "Demo (sandbox)" account, syncing into the data
   * folder's Demo/; answers the existing one when it was added before.
   */
  async addDemoAccount(demo: DemoCompany): Promise<Account> {
    const existing = this.writer.accounts.getByName(DEMO_ACCOUNT_NAME);
    if (existing) return existing;
    return this.addAccount({
      name: DEMO_ACCOUNT_NAME,
      environment: 'sandbox',
      url: null,
      companyId: demo.company_id,
      // Full even when the data folder was given relative (`--data ./dir`), like every account's folder.
      root: resolve(this.opts.dataDir, 'Demo'),
      apiKey: demo.api_key,
    });
  }

  /** Where Sandbox accounts without an address of their own are served: the embedded sandbox. */
  useEmbeddedSandbox(url: string | null, key: string | null = null): void {
    this.opts.embeddedSandboxUrl = url;
    this.opts.embeddedSandboxKey = key;
  }

  /**
   * Starts the embedded sandbox when an account comes to need it, and stops it when the last such
   * account goes: it listens only while there is one (open-app.ts hands these in).
   */
  manageEmbeddedSandbox(m: { start(): Promise<void>; stop(): Promise<void> }): void {
    this.embeddedManager = m;
  }

  /** Starts the embedded sandbox now, if it is managed and not running (a sandbox account is being added or checked). */
  async ensureEmbeddedSandbox(): Promise<void> {
    if (!this.opts.embeddedSandboxUrl) await this.embeddedManager?.start();
  }

  /** The headers a request to `url` needs: the embedded sandbox's key for its address, none for any other. */
  serviceHeaders(url: string | null): Record<string, string> | undefined {
    const key = this.opts.embeddedSandboxKey;
    return url && key && url === this.opts.embeddedSandboxUrl ? { [SANDBOX_KEY_HEADER]: key } : undefined;
  }

  /**
   * Changes an account. A running account's sync is stopped (its work in flight finished or put back
   * in the queue) and started again, so a new folder, interval or handled-marking takes effect now.
   */
  async updateAccount(id: string, patch: AccountPatch): Promise<Account> {
    const before = this.writer.accounts.get(id);
    if (!before) throw new Error(`No account ${id}`);
    if (patch.name !== undefined) this.checkName(patch.name, id);
    if (patch.root !== undefined) checkRoot(patch.root, this.writer.accounts.list(), id);
    if (patch.root && patch.root !== before.root) await ensureLayout(patch.root);
    const runner = this.runners.get(id);
    if (runner) {
      await runner.stop();
      this.runners.delete(id);
    }
    const after = this.writer.accounts.update(id, patch) ?? before;
    // A folder the user chose is the account's from now on: its marker is written (else at the first pass).
    if (patch.root && patch.root !== before.root) await claimRoot(this.writer, after).catch(() => undefined);
    if (runner && this.started) await this.startRunner(after);
    return after;
  }

  /**
   * Moves the files already downloaded into the account's Inbox into its current layout, and the
   * paths the app opens with them (sync/reorganize.ts). The request is a job first, so a crash or a
   * shutdown part-way is finished at the next start; it runs between two passes of the account's sync,
   * never beside its downloads. Answers what it did.
   */
  async reorganizeInbox(accountId: string): Promise<ReorganizeOutcome> {
    const account = this.writer.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    const key = requestReorganize(this.writer, account.id, (this.opts.now ?? Date.now)());
    const { report } = await (await this.runnerFor(account)).reorganize();
    const job = this.writer.jobs.find(account.id, REORGANIZE_KIND, key);
    const finished = job?.state === 'done';
    const error = finished ? null : (job?.lastError ?? 'It stopped part-way (the app was closing); it goes on at the next start');
    const none = { moved: 0, inPlace: 0, missing: 0, elsewhere: 0, failed: 0, recovered: 0, interrupted: !finished };
    return { ...none, layout: account.inboxLayout, ...report, finished, error };
  }

  async removeAccount(nameOrId: string): Promise<Account> {
    const account = this.findAccount(nameOrId);
    if (!account) throw new Error(`No account named "${nameOrId}"`);
    await this.runners.get(account.id)?.stop();
    this.runners.delete(account.id);
    this.writer.accounts.remove(account.id);
    this.vendorKeyKnown.delete(account.id);
    await this.secretsOf(account).delete(account.id);
    // The last account on the embedded sandbox gone: it stops listening (issue 39).
    if (!this.writer.accounts.list().some(onEmbeddedSandbox)) await this.embeddedManager?.stop();
    return account;
  }

  /**
   * Where an account's keys are kept: the host's store (the OS keychain, or the encrypted file), but
   * for accounts on the embedded sandbox, whose keys open a stand-in on this computer that keeps the
   * same keys in its own folder: those stay beside it, so the demo needs no keychain or passphrase.
   */
  private secretsOf(account: Pick<Account, 'environment' | 'baseUrl'>): SecretStore {
    if (account.environment !== 'sandbox' || account.baseUrl) return this.opts.secrets;
    this.localSandboxSecrets ??= new LocalSandboxSecrets(join(this.opts.dataDir, 'sandbox', 'account-keys.json'));
    return this.localSandboxSecrets;
  }

  /** The account's one runner: callers that ask at once (two reorganizes, a poll and a start) share the one being made. */
  private runnerFor(account: Account): Promise<AccountRunner> {
    const existing = this.runners.get(account.id);
    if (existing) return Promise.resolve(existing);
    let making = this.making.get(account.id);
    if (!making) {
      making = this.makeRunner(account).finally(() => this.making.delete(account.id));
      this.making.set(account.id, making);
    }
    return making;
  }

  private async makeRunner(account: Account): Promise<AccountRunner> {
    let secret: AccountSecret | null;
    try {
      secret = await this.secretsOf(account).get(account.id);
      if (!secret && this.secretsOf(account) !== this.opts.secrets) {
        // An embedded-sandbox account added before its keys were kept apart: its key moves beside the sandbox.
        secret = await this.opts.secrets.get(account.id);
        if (secret) await this.secretsOf(account).set(account.id, secret);
      }
    } catch (e) {
      // The key store refused (no passphrase, a locked keychain): nothing of this account can sync until it answers.
      this.keysProblem(account, { reason: 'store', detail: (e as Error).message });
      throw e;
    }
    if (!secret) {
      const detail = `The API key of "${account.name}" is missing: add the account again`;
      this.keysProblem(account, { reason: 'missing', detail });
      throw new Error(detail);
    }
    this.keysProblem(account, null);
    const acc =
      account.environment === 'sandbox' && !account.baseUrl ? { ...account, baseUrl: this.opts.embeddedSandboxUrl ?? null } : account;
    const runner = new AccountRunner({
      store: this.writer,
      account: acc,
      credentials: { companyId: account.companyId, apiKey: secret.apiKey, vendorApiKey: secret.vendorApiKey },
      serviceHeaders: this.serviceHeaders(acc.baseUrl),
      licenseData: this.licenseData,
      dataDir: this.opts.dataDir,
      events: this.events,
      log: this.log,
      now: this.opts.now ?? Date.now,
      random: this.opts.random ?? Math.random,
      env: this.opts.env ?? process.env,
      options: this.runnerOptions,
      pollGate: this.sharedPollGate(),
      localGate: this.sharedLocalGate(),
    });
    this.runners.set(account.id, runner);
    return runner;
  }

  /** Kept where every view of the account's health reads it (a full data disk must not stop the runner's making). */
  private keysProblem(account: Account, problem: Parameters<typeof rememberKeys>[2]): void {
    try {
      rememberKeys(this.writer, account.id, problem);
    } catch (e) {
      this.log.warn('could not keep whether the API key could be read', { account: account.name, error: (e as Error).message });
    }
  }

  private sharedLocalGate(): TurnGate {
    this.localGate ??= new TurnGate(LOCAL_STEPS_AT_ONCE, LOCAL_STEP_LEASE_MS);
    return this.localGate;
  }

  private sharedPollGate(): TurnGate {
    const { pollsAtOnce, pollLeaseMs } = this.runnerOptions;
    this.pollGate ??= new TurnGate(pollsAtOnce, pollLeaseMs);
    return this.pollGate;
  }

  private async startRunner(account: Account): Promise<void> {
    const r = await this.runnerFor(account);
    await r.start();
  }

  /** Starts every account's loops (the long-running `sync` and the apps). */
  async start(): Promise<void> {
    this.started = true;
    for (const a of this.listAccounts()) {
      try {
        await this.startRunner(a);
      } catch (e) {
        this.events.emit('problem', { accountId: a.id, kind: 'user', message: (e as Error).message });
      }
    }
  }

  /** One full cycle of every account (`sync --once`). */
  async syncOnce(): Promise<Map<string, CycleReport>> {
    const out = new Map<string, CycleReport>();
    for (const a of this.listAccounts()) {
      try {
        const r = await this.runnerFor(a);
        await r.prepare();
        out.set(a.id, await r.cycle(true));
      } catch (e) {
        out.set(a.id, { ok: false, problems: [(e as Error).message] });
      }
    }
    return out;
  }

  /** The account's service API (the same token and connection pool its sync uses). */
  async api(accountId: string): Promise<Api> {
    return (await this.contextOf(accountId)).api;
  }

  /** The account's vendor API key (linking, VENDOR_WEBHOOK), or null when it was added without one. */
  async vendorApiKey(accountId: string): Promise<string | null> {
    const account = this.writer.accounts.get(accountId);
    if (!account) return null;
    const key = (await this.secretsOf(account).get(account.id))?.vendorApiKey || null;
    this.vendorKeyKnown.set(account.id, key !== null);
    return key;
  }

  /** Whether the account has a vendor API key, without reading the key again once it is known (only the engine sets keys). */
  async hasVendorApiKey(accountId: string): Promise<boolean> {
    return this.vendorKeyKnown.get(accountId) ?? (await this.vendorApiKey(accountId)) !== null;
  }

  /**
   * Gives an account added without a vendor API key its key: the service must issue a token with it
   * (a wrong key is refused there) before it is kept beside the API key in the secret store. The
   * account's runner is made again, so its next token carries the key.
   */
  async setVendorApiKey(accountId: string, vendorApiKey: string): Promise<void> {
    const account = this.writer.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    const key = vendorApiKey.trim();
    if (!key) throw new AccountInputError('The vendor API key is empty', 'vendorApiKey', 'the vendor API key is required');
    const secret = await this.secretsOf(account).get(account.id);
    if (!secret) throw new Error(`The API key of "${account.name}" is missing: add the account again`);
    const url = account.baseUrl ?? (account.environment === 'sandbox' ? (this.opts.embeddedSandboxUrl ?? null) : null);
    const hosts = resolveHosts(account.environment, url, this.opts.env ?? process.env);
    const api = createApi({
      hosts,
      credentials: { companyId: account.companyId, apiKey: secret.apiKey, vendorApiKey: key },
      headers: this.serviceHeaders(url),
      licenseData: this.licenseData,
    });
    try {
      await api.tokens.token();
    } catch (e) {
      // The API key works (the account syncs with it), so a refused token means the vendor key is not this company's.
      if (e instanceof ServiceError && e.status === 401) {
        throw new AccountInputError(
          'The service did not accept this vendor API key',
          'vendorApiKey',
          'not the vendor API key of this company',
        );
      }
      throw e;
    } finally {
      await api.close();
    }
    await this.secretsOf(account).set(account.id, { apiKey: secret.apiKey, vendorApiKey: key });
    this.vendorKeyKnown.set(account.id, true);
    const runner = this.runners.get(account.id);
    if (runner) {
      await runner.stop();
      this.runners.delete(account.id);
      if (this.started) await this.startRunner(account);
    }
  }

  /** Marks a received invoice handled or not, at the service and in the mirror. */
  async setHandled(accountId: string, invoiceId: string, handled: boolean): Promise<void> {
    await setHandled(await this.contextOf(accountId), invoiceId, handled);
  }

  /** Answers a received invoice (a Peppol Invoice Response through the Outbox); the same answer twice is one. */
  async answerInvoice(accountId: string, invoiceId: string, input: InvoiceAnswerInput): Promise<AnswerOutcome> {
    const outcome = await answerInvoice(await this.contextOf(accountId), invoiceId, input);
    this.runners.get(accountId)?.kick();
    return outcome;
  }

  /** Sends a FAILED sent invoice again by another route; told as a delivery event and in the activity log. */
  async reroute(accountId: string, invoiceId: string, r: Reroute): Promise<{ status: string | null; message: string }> {
    return reroute(await this.contextOf(accountId), invoiceId, r);
  }

  /** Detect of one received invoice as its detail shows it; `refresh` (opening it) asks again for a result missing or not final. */
  async detectState(accountId: string, invoiceId: string, refresh: boolean): Promise<DetectStateView> {
    const ctx = await this.contextOf(accountId);
    if (refresh && refreshDetectOnOpen(ctx, invoiceId)) this.runners.get(accountId)?.kick();
    return detectState(ctx, invoiceId);
  }

  /** Runs the chosen checks on a received invoice now; the runner looks at them with back-off until they finish. */
  async runAnalysis(accountId: string, invoiceId: string, checks: readonly DetectCheck[]): Promise<DetectStateView> {
    const ctx = await this.contextOf(accountId);
    await startAnalysis(ctx, invoiceId, checks);
    this.runners.get(accountId)?.kick();
    return detectState(ctx, invoiceId);
  }

  /** Collection and reminders of one account (sync/collection-ops.ts); new work wakes its runner. */
  async collection(accountId: string) {
    return collectionOps(await this.contextOf(accountId), () => this.runners.get(accountId)?.kick());
  }

  private async contextOf(accountId: string) {
    const account = this.writer.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    return (await this.runnerFor(account)).ctx;
  }

  /** Where the embedded sandbox listens, when it runs. */
  get embeddedSandboxUrl(): string | null {
    return this.opts.embeddedSandboxUrl ?? null;
  }

  /**
   * Sends a file that was held back as a duplicate, at the next pass. Answers the item as it is now,
   * and whether it moved (false when it was not held back).
   */
  forceSend(outboxId: number): { job: OutboxJob | undefined; moved: boolean } {
    return this.queueAgainByUser(
      outboxId,
      'held_duplicate',
      { forced: true },
      'outbox.forced',
      "sent anyway at the user's word, though the same content was sent before",
    );
  }

  /**
   * "Try again" on a file that waits for the user (its credentials were refused, a scope was missing,
   * or it failed too many times): queued again at once, its tries counted afresh. Answers the item as
   * it is now, and whether it moved.
   */
  retryUpload(outboxId: number): { job: OutboxJob | undefined; moved: boolean } {
    const attempts = this.writer.outbox.get(outboxId)?.attempts ?? 0;
    return this.queueAgainByUser(
      outboxId,
      'needs_user',
      { failuresBeforeUser: attempts },
      'outbox.retry',
      "tried again at the user's word",
    );
  }

  /** Moves an outbox row the user acted on from `from` back to the queue, due now, with its activity line. */
  private queueAgainByUser(
    outboxId: number,
    from: 'held_duplicate' | 'needs_user',
    patch: OutboxPatch,
    kind: string,
    what: string,
  ): { job: OutboxJob | undefined; moved: boolean } {
    const job = this.writer.outbox.get(outboxId);
    const moved =
      job?.state === from &&
      this.writer.outbox.transition(job.id, [from], 'queued', { ...patch, lastError: null, errorKind: null, nextAttemptAt: 0 });
    if (moved && job) {
      this.writer.activity.append({
        accountId: job.accountId,
        level: 'info',
        kind,
        message: `${job.relPath}: ${what}`,
        ref: String(job.id),
      });
      this.syncNow(job.accountId);
    }
    return { job: this.writer.outbox.get(outboxId) ?? job, moved: moved === true };
  }

  /**
   * The user asked to sync now: everything that waited for them (uploads, downloads, Detect results)
   * is tried again, since asking is how they say they fixed it. Answers how many jobs were released.
   */
  syncNowByUser(accountId?: string): number {
    let released = 0;
    for (const account of this.listAccounts()) {
      if (accountId && account.id !== accountId) continue;
      this.writer.transaction(() => {
        const store = this.writer;
        const n =
          store.outbox.releaseHeld(account.id) +
          store.invoiceFiles.releaseHeld(account.id) +
          store.documentFiles.releaseHeld(account.id) +
          store.bankMessages.releaseHeld(account.id) +
          store.jobs.releaseHeld(account.id);
        if (n > 0) {
          const message = `${n} item(s) that waited for you are tried again ("Sync now")`;
          store.activity.append({ accountId: account.id, level: 'info', kind: 'sync.released', message, ref: null });
        }
        released += n;
      });
    }
    this.syncNow(accountId);
    return released;
  }

  /** The received files given up after their tries, newest first. */
  givenUpFiles(accountId: string): GivenUpFile[] {
    return listGivenUp(this.writer, accountId);
  }

  /**
   * Fetches given-up received files again: one (`file`), or every one of the account, or of every
   * account; the running sync takes them at once. Answers how many were queued.
   */
  fetchAgain(accountId?: string, file?: { table: DownloadTableName; jobId: number }): number {
    let queued = 0;
    for (const account of this.listAccounts()) {
      if (accountId && account.id !== accountId) continue;
      const n = fetchAgain(this.writer, account.id, file);
      if (n > 0) this.syncNow(account.id);
      queued += n;
    }
    return queued;
  }

  /** Polls one account's received feeds once, without touching its Outbox. */
  async pollOnce(accountId: string): Promise<CycleReport> {
    const account = this.writer.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    const r = await this.runnerFor(account);
    await r.prepare();
    return r.poll();
  }

  syncNow(accountId?: string): void {
    for (const [id, r] of this.runners) if (!accountId || id === accountId) r.syncNow();
  }

  /**
   * "Sync now" from a person: what waited for them is released (syncNowByUser), and an account whose sync
   * could not start (its API key could not be read) tries again to read it and start. Answers what still
   * keeps the account asked for from syncing, so the button never does nothing visible.
   */
  async syncNowFromUser(accountId?: string): Promise<{ released: number; blocked: HealthProblem | null }> {
    if (this.started) {
      for (const a of this.listAccounts()) {
        if ((accountId && a.id !== accountId) || this.runners.has(a.id)) continue;
        await this.startRunner(a).catch((e: Error) => this.log.warn('the sync still cannot start', { account: a.name, error: e.message }));
      }
    }
    const released = this.syncNowByUser(accountId);
    if (!accountId) return { released, blocked: null };
    const blocking = this.health()
      .get(accountId)
      ?.problems.find((p) => p.kind === 'keysUnreadable' || p.kind === 'rootMissing');
    return { released, blocked: blocking ?? null };
  }

  setPaused(accountId: string, paused: boolean): void {
    this.writer.accounts.update(accountId, { paused });
    this.runners.get(accountId)?.kick();
  }

  /** Every account's health: the one answer the card, the tray, `status` and "Needs a person" show. */
  health(accounts: readonly Account[] = this.listAccounts()): Map<string, AccountHealth> {
    const now = (this.opts.now ?? Date.now)();
    return healthOfAccounts(this.writer, accounts, now, (id) => {
      const snap = this.runners.get(id)?.snapshot();
      return snap ? { state: snap.state, message: snap.message } : null;
    });
  }

  status(): AccountStatus[] {
    const counts = this.writer.statusCounts.all();
    const accounts = this.listAccounts();
    const health = this.health(accounts);
    return accounts.map((account) => {
      // Both read in this same synchronous turn, so every listed account is counted.
      const n = counts.get(account.id) ?? noCounts();
      const c = n.outbox;
      return {
        account,
        queued: c.queued,
        held: c.held_duplicate + c.needs_user,
        sending: c.uploading + c.uploaded + c.moving,
        sent: c.done,
        failed: c.failed,
        // Every sent invoice the service calls FAILED, whether it left through our Outbox or not.
        needsReroute: n.needsReroute,
        received: n.received,
        downloadsPending: n.downloadsPending,
        downloadsFailed: n.downloadsFailed,
        lastPoll: n.lastPoll,
        ...this.syncStateOf(account),
        health: health.get(account.id) as AccountHealth,
      };
    });
  }

  private syncStateOf(account: Account): {
    state: SyncStateName;
    message: string | null;
    nextPoll: string | null;
    serviceWaitUntil: string | null;
  } {
    const snap = this.runners.get(account.id)?.snapshot();
    const nextPoll = snap?.nextPollAt && !account.paused ? new Date(snap.nextPollAt).toISOString() : null;
    const serviceWaitUntil = snap?.serviceWaitUntil ? new Date(snap.serviceWaitUntil).toISOString() : null;
    return { state: account.paused ? 'paused' : (snap?.state ?? 'idle'), message: snap?.message ?? null, nextPoll, serviceWaitUntil };
  }

  /** Finishes or safely abandons the work in flight, then closes the database. */
  async stop(): Promise<void> {
    this.started = false;
    await Promise.all([...this.runners.values()].map((r) => r.stop()));
    this.runners.clear();
    // The validation workers hold 100-250 MB each; a stopped engine gives them back.
    await closeDefaultValidator();
    this.writer.close();
  }
}
