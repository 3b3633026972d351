import type { AccountHealth, HealthProblem } from '../../shared/account-health';
import type { DetectStateView } from '../../shared/bridge/scrutiny';
import type { DetectCheck } from '../../shared/enums';
import type { InvoiceAnswerInput } from '../../shared/invoice-response-codes';
import type { CredentialsInput, DemoCompany, NewAccountInput, VendorKeys } from './accounts/account-book';
import { listFolderOptions, setFolderOptions } from './accounts/folder-options';
import type { ServiceAccess } from './accounts/service-access';
import type { Api } from './api';
import type { Archives } from './engine/archives';
import { assembleEngine, type EngineOptions, type EngineParts } from './engine/assemble';
import type { FolderDoctor } from './engine/doctor';
import { type AccountStatus, healthOf, keepsFromSyncing, statusOf } from './engine/status';
import * as asked from './engine/user-requests';
import type { Store } from './store';
import type { Account, AccountPatch } from './store/accounts';
import { readerOf, type StoreReader } from './store/reader';
import { WRITER } from './store/writer';
import type { CycleReport } from './sync/account-runner';
import { CheckBoard } from './sync/check-board';
import { collectionOps } from './sync/collection-ops';
import { EngineEvents } from './sync/events';
import { type DownloadTableName, type GivenUpFile, listGivenUp } from './sync/fetch-again';
import { type Reroute, reroute, setHandled } from './sync/invoice-actions';
import type { AnswerOutcome } from './sync/invoice-answers';
import { type KeptFromViews, keptFromViews } from './sync/kept-from-views';
import { closeDefaultValidator } from './validate';

export type { EngineOptions };
/**
 * The sync engine of every account: plain Node, hosted by the CLI, the web host or the desktop shell.
 * Hosts hand it the secret store; it hands them events. A facade: the accounts and their checks live in
 * accounts/, the runners and the status in engine/, the work in sync/.
 */
export class Engine {
  /** What the bridge and the hosts read; every change goes through the engine's methods. */
  readonly store: StoreReader;
  private readonly writer: Store;
  /** What a view learns from the service or a file, kept in the mirror (the bridge's only writes, made here). */
  readonly keep: KeptFromViews;
  /** Each account's sealed archive (engine/archives.ts): verify its kept files, export a period. */
  readonly archive: Pick<Archives, 'verify' | 'export'>;
  /** The sync doctor on each account's folder, and the Outbox files seen but not queued (engine/doctor.ts). */
  readonly doctor: Pick<FolderDoctor, 'run' | 'pending'>;
  /** Where Sandbox accounts without an address of their own are served, and who starts that sandbox (open-app.ts). */
  readonly access: Pick<ServiceAccess, 'useEmbeddedSandbox' | 'manageEmbeddedSandbox'>;
  /** The accounts' vendor API keys (accounts/account-book.ts): read, known without reading, or given once the service takes one. */
  readonly vendorKeys: VendorKeys;
  /** The writer, for the engine's own rooms and tests (store/writer.ts); the bridge cannot import the key. */
  get [WRITER](): Store {
    return this.writer;
  }
  readonly events = new EngineEvents();
  /** Every file being checked now, hot folder or Validate page: its progress, and the user's Cancel. */
  readonly checks = new CheckBoard(this.events);
  /** The rooms each call is handed to: the accounts' book, their keys and service access, the runners. */
  private readonly parts: EngineParts;

  constructor(opts: EngineOptions) {
    this.parts = assembleEngine(opts, this.events, this.checks);
    this.writer = this.parts.writer;
    this.store = readerOf(this.writer);
    this.keep = keptFromViews(this.writer);
    this.vendorKeys = this.parts.book.vendorKeys();
    this.archive = this.parts.archives;
    this.doctor = this.parts.doctor;
    this.access = this.parts.access;
  }

  get detectLanguage(): string {
    return this.parts.runners.options.detectLang;
  }

  /** Detect findings are fetched in the app's language (en, fi, sv, nb) from now on. */
  setDetectLanguage(lang: string): void {
    this.parts.runners.setDetectLang(lang);
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

  /** Whether the service takes these credentials, before any account has them (the form's "verify"). */
  verifyAccount(input: CredentialsInput): Promise<{ companyName: string | null; scopes: string[] }> {
    return this.parts.book.verify(input);
  }

  /** Every host's "add account" (accounts/account-book.ts): checked, and with `verify` tried at the service, before it is saved. */
  addAccount(input: NewAccountInput, verify = true): Promise<Account> {
    return this.parts.book.add(input, verify);
  }

  /** Adds the embedded sandbox's demo company as "Demo (sandbox)"; answers the existing one when it was added before. */
  addDemoAccount(demo: DemoCompany): Promise<Account> {
    return this.parts.book.addDemo(demo);
  }

  /** Changes an account; a change its sync read at its start restarts it (accounts/restart.ts), pausing only wakes it. */
  updateAccount(id: string, patch: AccountPatch): Promise<Account> {
    return this.parts.book.update(id, patch);
  }

  async removeAccount(nameOrId: string): Promise<Account> {
    const account = this.findAccount(nameOrId);
    if (!account) throw new Error(`No account named "${nameOrId}"`);
    return this.parts.book.remove(account);
  }

  /** Where the embedded sandbox listens, when it runs. */
  get embeddedSandboxUrl(): string | null {
    return this.parts.access.embeddedSandboxUrl;
  }

  /** Moves the files already in the account's Inbox into its current layout (engine/user-requests.ts); answers what it did. */
  reorganizeInbox(accountId: string): Promise<asked.ReorganizeOutcome> {
    return asked.reorganizeInbox(this.writer, this.parts.book.get(accountId), this.parts.runners, this.parts.now());
  }

  /** Starts every account's loops (the long-running `sync` and the apps). */
  start(): Promise<void> {
    return this.parts.runners.start(this.listAccounts());
  }

  /** One full cycle of every account (`sync --once`). */
  syncOnce(): Promise<Map<string, CycleReport>> {
    return this.parts.runners.syncOnce(this.listAccounts());
  }

  /** The account's service API (the same token and connection pool its sync uses). */
  async api(accountId: string): Promise<Api> {
    return (await this.contextOf(accountId)).api;
  }

  /** Marks a received invoice handled or not, at the service and in the mirror. */
  async setHandled(accountId: string, invoiceId: string, handled: boolean): Promise<void> {
    await setHandled(await this.contextOf(accountId), invoiceId, handled);
  }

  /** Answers a received invoice (a Peppol Invoice Response through the Outbox); the same answer twice is one. */
  async answerInvoice(accountId: string, invoiceId: string, input: InvoiceAnswerInput): Promise<AnswerOutcome> {
    return asked.answerInvoice(await this.contextOf(accountId), invoiceId, input, () => this.parts.runners.kick(accountId));
  }

  /** Sends a FAILED sent invoice again by another route; told as a delivery event and in the activity log. */
  async reroute(accountId: string, invoiceId: string, r: Reroute): Promise<{ status: string | null; message: string }> {
    return reroute(await this.contextOf(accountId), invoiceId, r);
  }

  /** Detect of one received invoice as its detail shows it; `refresh` (opening it) asks again for a result missing or not final. */
  async detectState(accountId: string, invoiceId: string, refresh: boolean): Promise<DetectStateView> {
    return asked.detectState(await this.contextOf(accountId), invoiceId, refresh, () => this.parts.runners.kick(accountId));
  }

  /** Runs the chosen checks on a received invoice now; the runner looks at them with back-off until they finish. */
  async runAnalysis(accountId: string, invoiceId: string, checks: readonly DetectCheck[]): Promise<DetectStateView> {
    return asked.runAnalysis(await this.contextOf(accountId), invoiceId, checks, () => this.parts.runners.kick(accountId));
  }

  /** Collection and reminders of one account (sync/collection-ops.ts); new work wakes its runner. */
  async collection(accountId: string) {
    return collectionOps(await this.contextOf(accountId), () => this.parts.runners.kick(accountId));
  }

  private async contextOf(accountId: string) {
    return (await this.parts.runners.of(this.parts.book.get(accountId))).ctx;
  }

  /** Sends a file held back as a duplicate, at the next pass; answers the item and whether it moved. */
  forceSend(outboxId: number): asked.Requeued {
    return asked.forceSend(this.writer, outboxId, (id) => this.syncNow(id));
  }

  /** "Try again" on a file that waits for the user: queued again at once, its tries counted afresh. */
  retryUpload(outboxId: number): asked.Requeued {
    return asked.retryUpload(this.writer, outboxId, (id) => this.syncNow(id));
  }

  /** "Sync now" releases everything that waited for the user, since asking is how they say they fixed it; answers how many. */
  syncNowByUser(accountId?: string): number {
    return asked.releaseHeld(this.writer, this.accountsOrOne(accountId), () => this.syncNow(accountId));
  }

  /** The received files given up after their tries, newest first. */
  givenUpFiles(accountId: string): GivenUpFile[] {
    return listGivenUp(this.writer, accountId);
  }

  /** Fetches given-up received files again: one (`file`), every one of the account, or of every account; answers how many. */
  fetchAgain(accountId?: string, file?: { table: DownloadTableName; jobId: number }): number {
    return asked.fetchAgainOf(this.writer, this.accountsOrOne(accountId), file, (id) => this.syncNow(id));
  }

  private accountsOrOne(accountId?: string): Account[] {
    return this.listAccounts().filter((a) => !accountId || a.id === accountId);
  }

  /** Polls one account's received feeds once, without touching its Outbox. */
  pollOnce(accountId: string): Promise<CycleReport> {
    return this.parts.runners.pollOnce(this.parts.book.get(accountId));
  }

  syncNow(accountId?: string): void {
    this.parts.runners.syncNow(accountId);
  }

  /**
   * "Sync now" from a person: what waited for them is released, and an account whose sync could not
   * start (its API key could not be read) tries again. Answers what still keeps the account from syncing.
   */
  async syncNowFromUser(accountId?: string): Promise<{ released: number; blocked: HealthProblem | null }> {
    await this.parts.runners.startStopped(this.accountsOrOne(accountId));
    const released = this.syncNowByUser(accountId);
    return { released, blocked: accountId ? keepsFromSyncing(this.health().get(accountId)) : null };
  }

  /** Every account's health: the one answer the card, the tray, `status` and "Needs a person" show. */
  health(accounts: readonly Account[] = this.listAccounts()): Map<string, AccountHealth> {
    return healthOf(this.writer, accounts, this.parts.now(), (id) => this.parts.runners.snapshot(id));
  }

  status(): AccountStatus[] {
    return statusOf(this.writer, this.listAccounts(), this.parts.now(), (id) => this.parts.runners.snapshot(id));
  }

  /** Finishes or safely abandons the work in flight, then closes the database. */
  async stop(): Promise<void> {
    await this.parts.runners.stopAll();
    await this.parts.archives.closeAll();
    // The validation workers hold 100-250 MB each; a stopped engine gives them back.
    await closeDefaultValidator();
    this.writer.close();
  }
}
