// View models the main side answers to the renderer: plain JSON, no class instances, no secrets.
import type { AccountHealth } from '../account-health';
import type { Environment } from '../enums';
import type { FailureKind } from '../errors';
import type { InboxLayout } from '../inbox-layout';
import type { BANK_MESSAGE_COLUMNS } from '../mirror/bank-message-columns';
import type { ViewOf } from '../mirror/columns';
import type { DOCUMENT_COLUMNS } from '../mirror/document-columns';
import type { INVOICE_COLUMNS } from '../mirror/invoice-columns';
import type { RemoteValidationMode } from '../validation/remote';
import type { ValidationSummaryView } from './validation';

export interface AccountView {
  id: string;
  name: string;
  environment: Environment;
  /** Sandbox accounts: the address, or null for the embedded sandbox. */
  baseUrl: string | null;
  companyId: string;
  root: string;
  pollIntervalS: number;
  markHandled: boolean;
  paused: boolean;
  /** The subfolders received files go into (shared/inbox-layout.ts). */
  inboxLayout: InboxLayout;
  /** Whether hot folders also ask the service's validator host (shared/validation/remote.ts). */
  remoteValidation: RemoteValidationMode;
  /** Delete each received RI message on the service once its file is safely downloaded (off by default). */
  deleteRiAfterDownload: boolean;
}

/** Why a folder cannot be an account's root (accounts.checkRoot); null when it can. */
export const ROOT_PROBLEMS = ['relative', 'notFolder', 'notWritable', 'notCreatable', 'inside', 'contains', 'same'] as const;
export type RootProblem = (typeof ROOT_PROBLEMS)[number];

/** A folder looked at as an account's root before it is saved: read only, nothing is made. */
export interface RootCheckView {
  path: string;
  ok: boolean;
  problem: RootProblem | null;
  /** The folder is there (else it is made when the account is saved). */
  exists: boolean;
  /** It is there and holds nothing yet. */
  empty: boolean;
  /** The other account's name, for inside, contains and same. */
  account: string | null;
}

/** What reorganizing an account's Inbox did (accounts.reorganizeInbox). */
export interface ReorganizeView {
  layout: InboxLayout;
  moved: number;
  inPlace: number;
  missing: number;
  elsewhere: number;
  failed: number;
  recovered: number;
  /** False when it stopped part-way or failed: `error` says why, and it goes on by itself. */
  finished: boolean;
  error: string | null;
}

export type SyncState = 'idle' | 'syncing' | 'paused' | 'needs_user' | 'offline';

export interface AccountStatusView {
  account: AccountView;
  /** The health's state (`health.state`): "Up to date" only when it is. */
  state: SyncState;
  /** Whether it is up to date, and if not what holds, since when (shared/account-health.ts). */
  health: AccountHealth;
  message: string | null;
  queued: number;
  held: number;
  sending: number;
  sent: number;
  failed: number;
  needsReroute: number;
  received: number;
  downloadsPending: number;
  /** Received files given up after their tries: "Fetch again" queues them once more. */
  downloadsFailed: number;
  lastPoll: string | null;
  nextPoll: string | null;
  /** Until when the service asked the app to wait (HTTP 429): nothing is sent or asked before then. */
  serviceWaitUntil: string | null;
}

/** An invoice in a list: the descriptor's `view` columns (shared/mirror/invoice-columns.ts), and what is not a column. */
export type InvoiceRow = Omit<ViewOf<typeof INVOICE_COLUMNS>, 'detectFindings'> & {
  /** The reasons of a WARN result, localized by the service (empty otherwise). */
  detectFindings: string[];
  /** A received invoice whose seller identifier, number and total match another received one (issue 42). */
  possibleDuplicate?: boolean;
  /** A received invoice: the status of the latest answer the user gave (UNCL4343 code), if any. */
  answer?: string | null;
  /** A sent invoice: the latest Invoice Response received for it (its status code and reasons), if any. */
  response?: { code: string; reasons: string[] } | null;
};

/** An answer the user gave to a received invoice, or an Invoice Response received for a sent one. */
export interface InvoiceAnswerView {
  code: string;
  reasons: string[];
  actions: string[];
  text: string | null;
  at: string;
  /** Given ones: where its file is (writing, in the Outbox, sent, failed); received ones: received. */
  state: 'writing' | 'waiting' | 'sent' | 'failed' | 'received';
  /** Given ones: the file's name in Outbox/Documents/INVOICE_RESPONSE/. */
  file: string | null;
  lastError: string | null;
}

/** Another received invoice this one may duplicate: the detail links to it. */
export interface DuplicateView {
  id: string;
  number: string | null;
  senderName: string | null;
  receivedAt: string | null;
}

export interface InvoicePage {
  items: InvoiceRow[];
  /** Opaque cursor for the next page; null at the end. */
  next: string | null;
  total: number;
  /** Counting stops at a cap, so a broad search stays instant: then `total` means "at least" (1,000+). */
  totalIsLowerBound: boolean;
}

/** What the invoices a filter selects add up to, one line per currency (null: invoices without one). */
export interface InvoiceTotals {
  byCurrency: { currency: string | null; sum: number; count: number }[];
}

export interface RenderedParty {
  name: string | null;
  businessId: string | null;
  vatId: string | null;
  eia: string | null;
  address: string[];
  country: string | null;
  contact: string | null;
}

export interface RenderedLine {
  id: string | null;
  description: string;
  quantity: number | null;
  unit: string | null;
  unitPrice: number | null;
  vatRate: number | null;
  net: number | null;
}

/** An invoice rendered from its XML (UBL, CII or Finvoice) for the detail view. */
export interface RenderedInvoice {
  format: 'UBL' | 'CII' | 'FINVOICE' | 'UNKNOWN';
  kind: 'invoice' | 'credit_note';
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  buyerReference: string | null;
  orderReference: string | null;
  seller: RenderedParty;
  buyer: RenderedParty;
  lines: RenderedLine[];
  vat: { rate: number | null; category: string | null; taxable: number | null; tax: number | null }[];
  totals: { net: number | null; tax: number | null; gross: number | null; payable: number | null };
  payment: { iban: string | null; bic: string | null; reference: string | null; terms: string | null; dueDate: string | null };
  notes: string[];
}

export interface LocalFileView {
  kind: 'original' | 'image' | 'attachment' | 'document' | 'bank_message';
  fileId: string | null;
  filename: string;
  /** Where it is on disk once downloaded. */
  path: string | null;
  /** needs_user: not fetched again until the user acts (new credentials, a scope granted). */
  state: 'pending' | 'needs_user' | 'done' | 'failed' | 'missing';
  size: number | null;
  /** Failed tries so far and the last reason, while a download keeps failing (or after it was given up). */
  tries?: number;
  error?: string | null;
}

export interface InvoiceDetail {
  row: InvoiceRow;
  /** The service's record, unknown fields kept. */
  record: Record<string, unknown>;
  detectFindings: string[];
  files: LocalFileView[];
  rendered: RenderedInvoice | null;
  /** Why rendering failed, in plain words, when it did. */
  renderError: string | null;
  outbox: OutboxItemView | null;
  /** A sent invoice: when it was sent (this app's upload, else the service's creation time); null for received ones. */
  sentAt?: string | null;
  /** The received invoices this one may duplicate (none once the user said it is not a duplicate). */
  duplicates?: DuplicateView[];
  /** The user said this received invoice is not a duplicate. */
  notDuplicate?: boolean;
  /** Received: the answers given to it; sent: the Invoice Responses received for it. Oldest first. */
  answers?: InvoiceAnswerView[];
}

/** A document in a list: the descriptor's `view` columns (shared/mirror/document-columns.ts). */
export type DocumentRow = ViewOf<typeof DOCUMENT_COLUMNS>;

export interface DocumentDetail {
  row: DocumentRow;
  record: Record<string, unknown>;
  events: { code: string; message: string | null; createdAt: string }[];
  files: LocalFileView[];
}

/** A bank message in the list: the descriptor's `view` columns (shared/mirror/bank-message-columns.ts), and its file. */
export type BankMessageRow = ViewOf<typeof BANK_MESSAGE_COLUMNS> & {
  seenAt: string;
  file: LocalFileView;
};

export interface OutboxItemView {
  id: number;
  accountId: string;
  kind: 'invoice' | 'document' | 'bank_message';
  documentType: string | null;
  file: string;
  state: string;
  attempts: number;
  lastError: string | null;
  errorKind: FailureKind | null;
  remoteId: string | null;
  deliveryStatus: string | null;
  needsReroute: boolean;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Where the file is now, once it is settled in Sent/ or Failed/ (outbox.list only; for files.showInFolder). */
  path?: string | null;
  /** The app's note of why, beside a file in Failed/ (outbox.list only; for files.showInFolder). */
  notePath?: string | null;
  /**
   * The verdict of its own check before it was queued, in brief (outbox.list only; validate.outboxReport
   * has the whole): the report of these very bytes under the rules it was checked with, never a later one.
   */
  validation?: ValidationSummaryView | null;
  /**
   * Why it was queued (and sent) without that check, when it was: its folder's checking is off, or the
   * folder is set to warn and the official rules could not be loaded. Never in a folder that blocks:
   * its files wait for the rules instead.
   */
  unchecked?: 'off' | 'rules_unavailable' | null;
  /** When the service took it (the upload's answer). */
  sentAt?: string | null;
}

/** The download tables a given-up file may be in. */
export const DOWNLOAD_TABLE_NAMES = ['invoiceFiles', 'documentFiles', 'bankMessages'] as const;

/** A received file the app gave up on after its tries. */
export interface GivenUpFileView {
  table: (typeof DOWNLOAD_TABLE_NAMES)[number];
  jobId: number;
  /** Its name at the service (a bank message: its kind and id). */
  name: string;
  /** The invoice, document or bank message it belongs to. */
  itemId: string;
  error: string | null;
  at: string;
}

export interface ActivityView {
  id: number;
  accountId: string | null;
  at: string;
  level: 'info' | 'warn' | 'error';
  kind: string;
  /** The engine's words (English); the screen says a kind it knows from `data` in the user's language. */
  message: string;
  data?: Record<string, string> | null;
}

/** A failure of a command, in plain words, with the field it concerns when there is one. */
export interface BridgeErrorView {
  message: string;
  kind: 'invalid' | FailureKind | 'internal';
  status?: number | null;
  code?: string | null;
  /** Field path -> message, from the service's 400 details or our own validation. */
  fields?: Record<string, string>;
  details?: string[];
}

/** The app's own preferences; their schema and defaults are in `shared/settings.ts`. */
export type { AppSettings } from '../settings';

/**
 * Where this process keeps the accounts' API keys: the OS keychain (@napi-rs/keyring in the command
 * line and headless mode, Electron's safeStorage in the desktop shell), an encrypted file where no
 * keychain is available, or memory only (tests, the embedded demo).
 */
export type SecretStoreKind = 'keychain' | 'encrypted-file' | 'electron-safe-storage' | 'memory';

export interface SecretStoreInfo {
  kind: SecretStoreKind;
  /** In English, for the command line and the logs: "OS keychain (macOS Keychain)". */
  label: string;
  /** The encrypted file, for kind `encrypted-file`. */
  path?: string;
}

export interface AppInfo {
  version: string;
  /** 'electron' or 'browser' (headless). */
  host: 'electron' | 'browser';
  dataDir: string;
  embeddedSandboxUrl: string | null;
  /** What the host can do that a browser cannot (open files with the system, start at login). */
  capabilities: {
    openFiles: boolean;
    startAtLogin: boolean;
    notifications: boolean;
    /** A folder can be chosen in the system's own dialog (the desktop); else it is typed and checked. */
    chooseFolder?: boolean;
  };
  /** Where the API keys are kept. */
  secretStore: SecretStoreInfo;
}
