import { z } from 'zod';
import type { HealthProblem } from '../account-health';
import type { DoctorReport, PendingFileView } from '../doctor';
import { DETECT_CHECKS, ENVIRONMENTS, LOOKUP_NETWORKS, PROFILE_VERSIONS } from '../enums';
import { INBOX_LAYOUTS } from '../inbox-layout';
import { RESPONSE_CODES, STATUS_ACTIONS, STATUS_REASONS } from '../invoice-response-codes';
import type { AtgAgreement, AtgMandate, B2cnoInfo } from '../schemas/atg';
import { atgAgreementCreateBodySchema, atgAgreementPatchBodySchema } from '../schemas/atg';
import type { Authorization, Registration, User } from '../schemas/company';
import { scanNetworkSettingsSchema } from '../schemas/company';
import type { AutoscanConfig, CheckDefinition, DetectChecks, ScanService } from '../schemas/detect';
import { scanReturnAddressSchema } from '../schemas/detect';
import {
  NATIONALNET_RESPONSE_RULES,
  NATIONALNET_RESPONSES,
  rerouteEinvoiceBodySchema,
  rerouteEmailBodySchema,
  reroutePrintBodySchema,
} from '../schemas/invoice';
import type { ConsumerLookup, EndpointLookup, Receiver } from '../schemas/lookup';
import { type FolderOptionsView, optionFolderSchema } from '../schemas/sending-options';
import { APP_LANGUAGES } from '../settings';
import { appSettingsPatchSchema } from '../settings-schema';
import { REMOTE_VALIDATION_MODES } from '../validation/remote';
import type { ArchiveExportView, ArchiveVerifyView } from './archive';
import { collectionCommandSchemas as collection } from './collection';
import type {
  CollectionDetailView,
  CollectionFeedView,
  CollectionMessageView,
  CollectionOverviewView,
  CollectionServicesView,
  CollectionStateView,
  DirectPaymentView,
  ServiceAssignmentsView,
  ServiceLevelsView,
} from './collection-views';
import type { CompanyAccountView, DepartmentView, WebhookView } from './company-admin';
import type { NeedsPersonView } from './needs-person';
import {
  type PartnerAccountView,
  type PartnerErrorView,
  type PartnerInboundView,
  type PartnerListView,
  type PartnerLookupView,
  partnerCommandSchemas as partner,
} from './partner';
import {
  type KeptTakeoverView,
  partnerServiceCommandSchemas as partnerServices,
  type ScanPartnerView,
  type SendingPartyView,
  type TakeoverCompanyView,
  type TakeoverView,
} from './partner-services';
import type { DetectStateView, NationalnetView, ReportDefinitionView, ReportView, TrailView } from './scrutiny';
import {
  type CheckProgressView,
  type RulePacksView,
  rulePackCommandSchemas as rulePacks,
  type ValidationView,
  validationCommandSchemas as validation,
} from './validation';
import type {
  AccountStatusView,
  AccountView,
  ActivityView,
  AppInfo,
  AppSettings,
  BankMessageRow,
  DocumentDetail,
  DocumentRow,
  GivenUpFileView,
  InvoiceAnswerView,
  InvoiceDetail,
  InvoicePage,
  InvoiceTotals,
  OutboxItemView,
  ReorganizeView,
  RootCheckView,
} from './views';
import { DOWNLOAD_TABLE_NAMES } from './views';

/** What a supplier query answers, for the Scanning page. */
export interface SupplierQueryView {
  since: string;
  suppliers: {
    name: string | null;
    business_id: string | null;
    country?: string | null;
    eia?: string | null;
    invoices: number;
    scanned_invoices: number;
    einvoices: number;
    last_invoice_at?: string | null;
    notified: boolean;
    notified_at?: string | null;
  }[];
}
export interface SupplierNotifyView {
  notified: number;
  failures: { index: number; name?: string | null; business_id?: string | null; reason: string }[];
}

/** Whether a text is one JSON object (not an array, a string or a number). */
export function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** A phantom marker carrying a command's output type. */
export interface Out<T> {
  readonly __out?: T;
}
const out = <T>(): Out<T> => ({});

const accountId = z.string().uuid();
const accountRef = z.object({ accountId });
const userId = z.string().min(1).max(200);
/** Plain text limits only: the service's own checks answer per field (its 400 lands at the input). */
const userInput = z.object({
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  phone: z.string().max(60).optional(),
  notifications_disabled: z.boolean().optional(),
  emails_disabled: z.boolean().optional(),
  user_role: z.string().max(40).optional(),
});
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-03-01');

/** The columns each list can be sorted by (its headers), and the two directions. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** `received` is the listing's own order (received, else created), not a column of its own. */
export const INVOICE_SORT_KEYS = ['received', 'party', 'number', 'date', 'due', 'status', 'sum'] as const;
export const DOCUMENT_SORT_KEYS = ['received', 'type', 'party', 'number', 'created', 'status'] as const;
export const BANK_MESSAGE_SORT_KEYS = ['seen', 'kind', 'type', 'id', 'file'] as const;
export interface ListSort<K extends string> {
  by: K;
  dir: SortDirection;
}
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];
export type DocumentSortKey = (typeof DOCUMENT_SORT_KEYS)[number];
export type BankMessageSortKey = (typeof BANK_MESSAGE_SORT_KEYS)[number];
const sortOf = <K extends readonly [string, ...string[]]>(keys: K) => z.object({ by: z.enum(keys), dir: z.enum(SORT_DIRECTIONS) });

/** The columns of an invoice list a CSV export can carry, in the order the renderer lists them. */
export const INVOICE_CSV_COLUMNS = ['warning', 'party', 'number', 'date', 'due', 'status', 'handled', 'sum', 'currency'] as const;
export type InvoiceCsvColumn = (typeof INVOICE_CSV_COLUMNS)[number];

export const invoiceFilterSchema = z.object({
  direction: z.enum(['RECEIVED', 'SENT']).default('RECEIVED'),
  /**
   * Full-text query over number, reference, sender and recipient names (prefix match as you type);
   * text that reads as an amount in any of the app's languages also finds invoices of that sum.
   */
  query: z.string().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sender: z.string().max(200).optional(),
  status: z.string().max(40).optional(),
  detectWarning: z.boolean().optional(),
  handled: z.boolean().optional(),
  /** The sum, inclusive, in the invoice's currency (the renderer reads the typed text: shared/amount.ts). */
  sumFrom: z.number().finite().min(-1e11).max(1e11).optional(),
  sumTo: z.number().finite().min(-1e11).max(1e11).optional(),
  /** Due date, inclusive. */
  dueFrom: isoDate.optional(),
  dueTo: isoDate.optional(),
  /** Newest received first when left out. */
  sort: sortOf(INVOICE_SORT_KEYS).optional(),
});
export type InvoiceFilter = z.infer<typeof invoiceFilterSchema>;

/** The folders of an account's root a user opens from the app. */
export const ACCOUNT_FOLDERS = ['root', 'inbox', 'outbox', 'sent'] as const;
export type AccountFolder = (typeof ACCOUNT_FOLDERS)[number];

// A cursor carries the sort column's value of the last row (a name, say), so it may be long.
const page = { limit: z.number().int().min(1).max(500).default(100), after: z.string().max(8000).nullable().optional() };

const credentials = {
  environment: z.enum(ENVIRONMENTS),
  url: z.string().url().nullable().optional(),
  companyId: z.string().uuid('the company UUID, such as 3f2b0c1e-...'),
  apiKey: z.string().min(1, 'the API key is required').max(500),
  vendorApiKey: z.string().max(500).nullable().optional(),
};

/**
 * Every command the renderer may send to the main process: name -> validated input -> output. The
 * main side parses each input with these schemas before running it; unknown names are refused.
 */
export const commands = {
  'app.info': { input: z.object({}), output: out<AppInfo>() },
  'settings.get': { input: z.object({}), output: out<AppSettings>() },
  'settings.set': {
    input: appSettingsPatchSchema,
    output: out<AppSettings>(),
  },

  'accounts.list': { input: z.object({}), output: out<AccountView[]>() },
  /** Checks credentials with the service without saving anything. */
  'accounts.verify': { input: z.object(credentials), output: out<{ companyName: string | null; scopes: string[] }>() },
  'accounts.add': {
    input: z.object({
      ...credentials,
      name: z.string().trim().min(1).max(100),
      root: z.string().min(1).max(1000),
      inboxLayout: z.enum(INBOX_LAYOUTS).optional(),
    }),
    output: out<AccountView>(),
  },
  'accounts.tryDemo': { input: z.object({}), output: out<AccountView>() },
  'accounts.update': {
    input: z.object({
      accountId,
      name: z.string().trim().min(1).max(100).optional(),
      root: z.string().min(1).max(1000).optional(),
      pollIntervalS: z.number().int().min(30).max(86_400).optional(),
      markHandled: z.boolean().optional(),
      paused: z.boolean().optional(),
      /** Where new downloads go; moves nothing already downloaded (that is accounts.reorganizeInbox). */
      inboxLayout: z.enum(INBOX_LAYOUTS).optional(),
      /** Whether hot folders also ask the service's validator host (shared/validation/remote.ts). */
      remoteValidation: z.enum(REMOTE_VALIDATION_MODES).optional(),
      /** Delete each received RI message on the service once its file is safely downloaded. */
      deleteRiAfterDownload: z.boolean().optional(),
    }),
    output: out<AccountView>(),
  },
  /** Moves the files already downloaded into the account's current Inbox layout; answers when done. */
  'accounts.reorganizeInbox': { input: accountRef, output: out<ReorganizeView>() },
  'accounts.remove': { input: accountRef, output: out<{ removed: true }>() },
  /** A root folder for a new account of this name, beside the other accounts' roots (nothing is made). */
  'accounts.proposeRoot': { input: z.object({ name: z.string().max(100) }), output: out<{ path: string }>() },
  /** Whether a folder can be an account's root (`accountId`: the account it would be moved for). Reads only. */
  'accounts.checkRoot': {
    input: z.object({ path: z.string().min(1).max(1000), accountId: accountId.optional() }),
    output: out<RootCheckView>(),
  },
  /** The system's own folder dialog (the desktop only): the folder chosen, or null when cancelled or not offered. */
  'folders.choose': { input: z.object({ defaultPath: z.string().max(1000).optional() }), output: out<{ path: string | null }>() },

  'sync.status': { input: z.object({}), output: out<AccountStatusView[]>() },
  // Not started: what keeps the account asked for from syncing (its key cannot be read, its folder is gone).
  'sync.now': {
    input: z.object({ accountId: accountId.optional() }),
    output: out<{ started: true } | { started: false; problem: HealthProblem }>(),
  },
  'activity.list': {
    input: z.object({ accountId: accountId.optional(), limit: z.number().int().min(1).max(500).default(100) }),
    output: out<ActivityView[]>(),
  },
  /** The account's received files given up after their tries, newest first. */
  'downloads.givenUp': { input: accountRef, output: out<GivenUpFileView[]>() },
  /** Fetches given-up files again: one (`file`), every one of the account, or (no account) of every account. */
  'downloads.fetchAgain': {
    input: z
      .object({
        accountId: accountId.optional(),
        file: z.object({ table: z.enum(DOWNLOAD_TABLE_NAMES), jobId: z.number().int().positive() }).optional(),
      })
      .refine((v) => !v.file || v.accountId, { message: 'a file is fetched again within its account', path: ['accountId'] }),
    output: out<{ queued: number }>(),
  },

  /** Checks every file kept for the account against its archive chain: changed, missing or added since. */
  'archive.verify': { input: accountRef, output: out<ArchiveVerifyView>() },
  /** Writes one zip of the files kept for the period (both days included), its index and the chain, into Exports/ of the account's folder. */
  'archive.export': {
    input: z
      .object({ accountId, from: isoDate, to: isoDate })
      .refine((v) => v.from <= v.to, { message: 'the first day comes before the last', path: ['to'] }),
    output: out<ArchiveExportView>(),
  },

  'invoices.list': {
    input: z.object({ accountId, filter: invoiceFilterSchema.default({ direction: 'RECEIVED' }), ...page }),
    output: out<InvoicePage>(),
  },
  /** Sums of the list's filter per currency (the whole result, not only the loaded rows). */
  'invoices.totals': {
    input: z.object({ accountId, filter: invoiceFilterSchema.default({ direction: 'RECEIVED' }) }),
    output: out<InvoiceTotals>(),
  },
  /**
   * Every invoice the list's filter selects, in its order, as CSV text in the user's language: the
   * columns the list shows, headed by the labels the renderer shows (it has the words, main has the rows).
   */
  'invoices.exportCsv': {
    input: z.object({
      accountId,
      filter: invoiceFilterSchema.default({ direction: 'RECEIVED' }),
      lang: z.enum(APP_LANGUAGES),
      columns: z
        .array(z.object({ key: z.enum(INVOICE_CSV_COLUMNS), label: z.string().max(100) }))
        .min(1)
        .max(INVOICE_CSV_COLUMNS.length),
      /** The words of cells: status names, and what a handled or warned invoice shows. */
      words: z
        .object({
          statuses: z.record(z.string().max(40), z.string().max(100)).default({}),
          handled: z.string().max(100).default(''),
          warning: z.string().max(100).default(''),
        })
        .default({ statuses: {}, handled: '', warning: '' }),
    }),
    output: out<{ filename: string; text: string; rows: number }>(),
  },
  'invoices.get': { input: z.object({ accountId, id: z.string().min(1).max(200) }), output: out<InvoiceDetail>() },
  'invoices.setHandled': {
    input: z.object({ accountId, id: z.string().min(1).max(200), handled: z.boolean() }),
    output: out<{ handled: boolean }>(),
  },
  /** The user's "not a duplicate" on a received invoice marked a possible duplicate (or taking it back); kept in the mirror. */
  'invoices.setNotDuplicate': {
    input: z.object({ accountId, id: z.string().min(1).max(200), notDuplicate: z.boolean() }),
    output: out<{ notDuplicate: boolean }>(),
  },
  /** Answers a received invoice (Peppol Invoice Response, sent through the Outbox); the same answer again is the one given. */
  'invoices.answer': {
    input: z.object({
      accountId,
      id: z.string().min(1).max(200),
      code: z.enum(RESPONSE_CODES),
      reasons: z.array(z.enum(STATUS_REASONS)).max(STATUS_REASONS.length),
      actions: z.array(z.enum(STATUS_ACTIONS)).max(STATUS_ACTIONS.length),
      text: z.string().max(1000).nullable(),
    }),
    output: out<{ answer: InvoiceAnswerView; already: boolean }>(),
  },
  /** The bytes of a downloaded file, for showing a PDF or an attachment in the app. */
  'files.read': {
    input: z.object({ accountId, path: z.string().min(1).max(2000) }),
    output: out<{ filename: string; contentType: string; base64: string }>(),
  },
  /** Opens a downloaded file with the system's default program (desktop only). */
  'files.open': { input: z.object({ accountId, path: z.string().min(1).max(2000) }), output: out<{ opened: boolean }>() },
  /**
   * Shows a downloaded or sent file (or a Failed/ note) selected in the file manager of the machine the
   * app runs on; where that machine cannot, `shown` is false and `path` is the file's, for the user to copy.
   */
  'files.showInFolder': {
    input: z.object({ accountId, path: z.string().min(1).max(2000) }),
    output: out<{ shown: boolean; path: string }>(),
  },
  /** Opens the account's root or one of its folders in the file manager, as files.showInFolder; main knows where they are. */
  'files.openFolder': { input: z.object({ accountId, folder: z.enum(ACCOUNT_FOLDERS) }), output: out<{ opened: boolean; path: string }>() },
  'invoices.reroute': {
    input: z.discriminatedUnion('method', [
      z.object({ accountId, id: z.string().min(1), method: z.literal('einvoice'), body: rerouteEinvoiceBodySchema }),
      z.object({ accountId, id: z.string().min(1), method: z.literal('email'), body: rerouteEmailBodySchema }),
      z.object({ accountId, id: z.string().min(1), method: z.literal('print'), body: reroutePrintBodySchema }),
    ]),
    output: out<{ status: string | null; message: string }>(),
  },

  'documents.list': {
    input: z.object({
      accountId,
      direction: z.enum(['RECEIVED', 'SENT']).default('RECEIVED'),
      query: z.string().max(200).optional(),
      sort: sortOf(DOCUMENT_SORT_KEYS).optional(),
      ...page,
    }),
    /** `totalIsLowerBound`: a search's count stopped at a cap, and `total` means "at least". */
    output: out<{ items: DocumentRow[]; next: string | null; total: number; totalIsLowerBound?: boolean }>(),
  },
  'documents.get': { input: z.object({ accountId, id: z.string().min(1).max(200) }), output: out<DocumentDetail>() },
  'bankMessages.list': {
    input: z.object({ accountId, sort: sortOf(BANK_MESSAGE_SORT_KEYS).optional(), ...page }),
    output: out<{ items: BankMessageRow[]; next: string | null; total: number }>(),
  },

  'outbox.list': { input: z.object({ accountId: accountId.optional() }), output: out<OutboxItemView[]>() },
  'outbox.force': { input: z.object({ id: z.number().int().positive() }), output: out<OutboxItemView>() },
  /** "Try again" on a file that waits for the user (needs_user): queued again, its tries counted afresh. */
  'outbox.retry': { input: z.object({ id: z.number().int().positive() }), output: out<OutboxItemView>() },
  /** The account's Outbox files seen but not queued yet, with what each waits for (settling, locked, checking, held). */
  'outbox.pending': { input: accountRef, output: out<PendingFileView[]>() },
  /** The sync doctor, now: what the account's folder's place, paths, names and locked files mean for syncing. */
  'doctor.run': { input: accountRef, output: out<DoctorReport>() },

  'detect.checks.get': { input: accountRef, output: out<DetectChecks>() },
  'detect.checks.set': { input: z.object({ accountId, checks: z.array(z.enum(DETECT_CHECKS)) }), output: out<DetectChecks>() },
  'detect.definitions': {
    input: z.object({ accountId, lang: z.enum(APP_LANGUAGES).default('en') }),
    output: out<CheckDefinition[]>(),
  },
  /** Detect of one received invoice as kept, with the checks run on demand; `refresh` (opening it) asks again for a result missing or not final. */
  'detect.state': {
    input: z.object({ accountId, invoiceId: z.string().min(1).max(200), refresh: z.boolean().default(false) }),
    output: out<DetectStateView>(),
  },
  /** Runs the chosen checks on a received invoice now; each shows PENDING until the service finishes it ('detect.updated'). */
  'detect.analysis.run': {
    input: z.object({
      accountId,
      invoiceId: z.string().min(1).max(200),
      checks: z.array(z.enum(DETECT_CHECKS)).min(1, 'choose at least one check'),
    }),
    output: out<DetectStateView>(),
  },
  /** The reasons the service offers for reporting a sender, with texts in the asked language where it has them. */
  'reports.definitions': {
    input: z.object({ accountId, lang: z.enum(APP_LANGUAGES).default('en') }),
    output: out<ReportDefinitionView[]>(),
  },
  'reports.list': { input: z.object({ accountId, invoiceId: z.string().min(1).max(200) }), output: out<ReportView[]>() },
  /** Reports the sender of a received invoice; a second report by the company is refused (409, code already_reported). */
  'reports.create': {
    input: z.object({
      accountId,
      invoiceId: z.string().min(1).max(200),
      reasons: z.array(z.string().min(1).max(60)).min(1, 'choose at least one reason').max(20),
      contactEmail: z.email('an e-mail address, such as name@example.com'),
      description: z.string().trim().max(2000, 'at most 2000 characters').optional(),
    }),
    output: out<ReportView[]>(),
  },
  'reports.withdraw': {
    input: z.object({ accountId, invoiceId: z.string().min(1).max(200), reportId: z.string().min(1).max(200) }),
    output: out<ReportView[]>(),
  },
  /**
   * Answers a received invoice's sender on the national network. Responses follow a fixed order and a
   * final one ends them (shared/schemas/invoice.ts); some need a reason. Plain errors: 400 a response
   * out of order or after a final one (code nationalnet_refused), 404 the invoice unknown to the
   * service, 503 the network not reachable now.
   */
  'nationalnet.respond': {
    input: z
      .object({
        accountId,
        invoiceId: z.string().min(1).max(200),
        response: z.enum(NATIONALNET_RESPONSES),
        reason: z.string().trim().max(1000, 'at most 1000 characters').optional(),
      })
      .superRefine((v, ctx) => {
        if (NATIONALNET_RESPONSE_RULES[v.response].reason && !v.reason) {
          ctx.addIssue({ code: 'custom', path: ['reason'], message: 'this response needs a reason' });
        }
      }),
    output: out<NationalnetView>(),
  },
  /** Every action the service recorded on a sent invoice, newest first (the last known ones when offline). */
  'trail.invoice': { input: z.object({ accountId, invoiceId: z.string().min(1).max(200) }), output: out<TrailView>() },
  /** Every event of a sent document, newest first (the ones kept in the mirror when offline). */
  'trail.document': { input: z.object({ accountId, documentId: z.string().min(1).max(200) }), output: out<TrailView>() },
  /** Marks a DELIVERED sent document as arrived (CONFIRMED_DELIVERY); 409 when it is no longer DELIVERED. */
  'documents.confirmDelivery': { input: z.object({ accountId, id: z.string().min(1).max(200) }), output: out<{ status: string | null }>() },

  'company.settings.get': { input: accountRef, output: out<Record<string, unknown>>() },
  /** The whole settings body of PATCH /v1/company/settings; the service's 400 details come back per field. */
  'company.settings.save': { input: z.object({ accountId, settings: z.record(z.string(), z.unknown()) }), output: out<{ saved: true }>() },
  'company.profiles.list': { input: accountRef, output: out<Registration[]>() },
  /** One registration as GET of a single one answers it: the only answer that carries profiles_with_extensions. */
  'company.profiles.get': { input: z.object({ accountId, id: z.string().min(1).max(200) }), output: out<Registration>() },
  'company.profiles.create': {
    input: z.object({
      accountId,
      network: z.string().min(1).max(40).default('PEPPOL'),
      profiles: z.array(z.string().min(1).max(60)).min(1),
      profileVersion: z.enum(PROFILE_VERSIONS).nullable().optional(),
      endpointId: z.string().max(100).optional(),
      scheme: z.string().max(10).optional(),
    }),
    output: out<Registration>(),
  },
  'company.profiles.delete': { input: z.object({ accountId, id: z.string().min(1).max(200) }), output: out<{ deleted: true }>() },
  'company.profiles.extensions': {
    input: z.object({ accountId, id: z.string().min(1).max(200), profileName: z.string().min(1), extensions: z.array(z.string().max(40)) }),
    output: out<{ saved: true }>(),
  },
  /** Default scheme for the company's country and which profiles need a version (spec tables). */
  'company.profiles.defaults': { input: accountRef, output: out<{ country: string; schemes: string[]; versioned: string[] }>() },
  'company.authorization.get': { input: accountRef, output: out<Authorization>() },
  'company.authorization.send': {
    input: z.object({
      accountId,
      authEmail: z.string().email(),
      locale: z.enum(['fi', 'sv', 'nb', 'en', 'da']),
      /** Proof of the partner's own KYC: a JSON object, sent as the string the service takes. */
      options: z.string().max(20_000).refine(isJsonObject, 'a JSON object, such as {"kyc_provider": "..."}').optional(),
    }),
    output: out<Authorization>(),
  },
  'company.users.list': { input: accountRef, output: out<User[]>() },
  /** Adds a user by e-mail; `created` false when the service added an existing user (200, not 201). The service checks the fields. */
  'company.users.add': {
    input: z.object({ accountId, user: userInput.extend({ email: z.string().trim().min(1).max(320), first_name: z.string().max(200) }) }),
    output: out<{ user: User; created: boolean }>(),
  },
  /** Name, phone and the two e-mail switches; answers the user as the service then has it. */
  'company.users.update': { input: z.object({ accountId, userId, patch: userInput }), output: out<User>() },
  'company.users.setRole': { input: z.object({ accountId, userId, role: z.string().min(1).max(40) }), output: out<{ saved: true }>() },
  'company.users.remove': { input: z.object({ accountId, userId }), output: out<{ removed: true }>() },
  /** The company's webhook subscriptions; addresses come masked (credentials and query values never leave main). */
  'company.webhooks.list': { input: accountRef, output: out<WebhookView[]>() },
  'company.webhooks.add': {
    input: z.object({
      accountId,
      subscription: z.object({
        destination_type: z.enum(['WEBHOOK', 'VENDOR_WEBHOOK']),
        destination: z.string().trim().min(1).max(2000),
        events: z.array(z.string().trim().min(1).max(100)).max(50),
        vendor_key: z.string().max(500).optional(),
        /** VENDOR_WEBHOOK: use the vendor API key the account keeps (the renderer never sees it). */
        use_account_vendor_key: z.boolean().optional(),
      }),
    }),
    output: out<WebhookView>(),
  },
  'company.webhooks.remove': { input: z.object({ accountId, id: z.string().min(1).max(200) }), output: out<{ removed: true }>() },
  /** Asks the service to deliver every unacknowledged event of every subscription again (experimental in the spec). */
  'company.webhooks.resend': { input: accountRef, output: out<{ accepted: true; answer: Record<string, unknown> }>() },
  /** The vendor key link, whether the account has a vendor key to link with, and the mirror's last traffic (for keep active). */
  'company.account.get': { input: accountRef, output: out<CompanyAccountView>() },
  'company.vendor.link': { input: accountRef, output: out<CompanyAccountView>() },
  'company.vendor.unlink': { input: accountRef, output: out<CompanyAccountView>() },
  /** Keeps a vendor API key for an account added without one (checked at the service first), then links. */
  'company.vendor.addKey': {
    input: z.object({ accountId, vendorApiKey: z.string().trim().min(1, 'the vendor API key is required').max(500) }),
    output: out<CompanyAccountView>(),
  },
  /** POST keep_active: the company counts as active though it had no transactions in the past year. */
  'company.keepActive': { input: accountRef, output: out<{ keptActiveAt: string | null }>() },
  'company.departments.list': { input: accountRef, output: out<DepartmentView[]>() },
  'company.departments.add': {
    input: z.object({
      accountId,
      department: z.object({
        name: z.string().max(200),
        bid: z.string().max(40),
        id_type: z.string().max(20),
        eaid: z.string().max(60),
        no_vat: z.boolean().default(false),
      }),
    }),
    output: out<DepartmentView>(),
  },

  'norway.agreements.list': { input: accountRef, output: out<AtgAgreement[]>() },
  'norway.agreements.create': { input: z.object({ accountId, agreement: atgAgreementCreateBodySchema }), output: out<AtgAgreement>() },
  'norway.agreements.update': {
    input: z.object({ accountId, accountNumber: z.string().min(1).max(20), patch: atgAgreementPatchBodySchema }),
    output: out<{ saved: true }>(),
  },
  'norway.mandates.search': {
    input: z.object({
      accountId,
      query: z.string().max(100).optional(),
      status: z.string().max(20).optional(),
      page: z.number().int().min(1).default(1),
      perPage: z.number().int().min(1).max(100).default(25),
    }),
    /**
     * `parsed`: whether the KIDs came split into their parts. The service parses them only for a search
     * of fewer than 20 mandates (spec: Limits); a larger one is answered without, and the screen says why.
     */
    output: out<{ items: AtgMandate[]; total: number | null; totalPages: number | null; page: number; parsed: 'shown' | 'too-many' }>(),
  },

  // ---- Scanning, lookups, B2C Norway and sending options (issue 12, items 4 to 7)

  /** Automatic scanning's configuration; `enabled: false` when it is off. */
  'scanning.autoscan.get': { input: accountRef, output: out<AutoscanConfig>() },
  'scanning.autoscan.set': {
    input: z.object({
      accountId,
      returnEmail: z.email('an e-mail address'),
      features: z.object({ line_items: z.boolean(), attachments: z.boolean(), other_documents: z.boolean() }).partial().default({}),
    }),
    output: out<AutoscanConfig>(),
  },
  'scanning.autoscan.disable': { input: accountRef, output: out<{ disabled: true }>() },
  /** The scan service account; null when the company has none. */
  'scanning.scan.get': { input: accountRef, output: out<ScanService | null>() },
  /** Opens the scan service when missing and sets the return address for what cannot be scanned. */
  'scanning.scan.save': { input: z.object({ accountId, returnAddress: scanReturnAddressSchema }), output: out<ScanService>() },
  'scanning.scan.close': { input: accountRef, output: out<{ closed: true }>() },
  /** The SCAN network registrations, with their network_settings. */
  'scanning.registrations.list': { input: accountRef, output: out<Registration[]>() },
  /** network_settings of a SCAN registration (return e-mail and address, other documents); merged by the service. */
  'scanning.registrations.save': {
    input: z.object({ accountId, id: z.string().min(1).max(200), settings: scanNetworkSettingsSchema }),
    output: out<Registration>(),
  },
  /** Suppliers that still send paper or PDF, from `since` (at most one month back; default: the whole month). */
  'scanning.suppliers.query': {
    input: z.object({ accountId, since: isoDate.optional(), includeNotified: z.boolean().default(false) }),
    output: out<SupplierQueryView>(),
  },
  /** Asks the suppliers to send e-invoices; failures come back per supplier. */
  'scanning.suppliers.notify': {
    input: z.object({
      accountId,
      suppliers: z
        .array(
          z.object({
            name: z.string().trim().min(1).max(200).optional(),
            business_id: z.string().trim().min(1).max(40).optional(),
            email: z.email().optional(),
            eia: z.string().trim().min(1).max(100).optional(),
          }),
        )
        .min(1)
        .max(100),
    }),
    output: out<SupplierNotifyView>(),
  },

  /** Receivers in the networks by name, business id or e-invoice address, with the document types they take. */
  'lookup.receivers': {
    input: z
      .object({
        accountId,
        networks: z.array(z.enum(LOOKUP_NETWORKS)).min(1).default(['PEPPOL', 'INTERNAL', 'EXTERNAL']),
        name: z.string().trim().max(200).optional(),
        bid: z.string().trim().max(40).optional(),
        eia: z
          .string()
          .trim()
          .regex(/^\d{4}:[A-Za-z0-9._-]{1,60}$/, 'scheme:identifier, such as 0192:123456789')
          .optional(),
        country: z
          .string()
          .regex(/^[A-Z]{2}$/, 'a 2-letter country code')
          .optional(),
        page: z.number().int().min(1).default(1),
        perPage: z.number().int().min(1).max(100).default(20),
      })
      .refine((q) => q.name || q.bid || q.eia, { message: 'a name, business id or e-invoice address is needed', path: ['name'] }),
    output: out<{ items: Receiver[]; total: number | null; totalPages: number | null; page: number }>(),
  },
  /** E-invoice endpoints of at most 10 business ids (spec: Limits). */
  'lookup.endpoints': {
    input: z.object({
      accountId,
      businessIds: z.array(z.string().trim().min(2).max(64)).min(1).max(10, 'at most 10 business ids per lookup'),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'a 2-letter country code')
        .optional(),
      invoicesOnly: z.boolean().default(false),
    }),
    output: out<EndpointLookup[]>(),
  },
  /** The Norwegian consumer registry: which routes reach the consumer; null when nobody matches. */
  'lookup.consumer': {
    input: z
      .object({
        accountId,
        ssn: z.string().trim().max(20).optional(),
        dateOfBirth: isoDate.optional(),
        phoneNumber: z
          .string()
          .trim()
          .regex(/^\+[1-9]\d{6,14}$/, 'international format, such as +4791234567')
          .optional(),
        email: z.email().optional(),
        firstName: z.string().trim().max(100).optional(),
        lastName: z.string().trim().max(100).optional(),
        postalCode: z.string().trim().max(10).optional(),
        efakturaIdentifier: z.string().trim().max(100).optional(),
      })
      .refine((q) => q.ssn || q.phoneNumber || q.email || q.efakturaIdentifier || (q.lastName && (q.dateOfBirth || q.postalCode)), {
        message: 'an SSN, phone number, e-mail, eFaktura id, or a last name with a date of birth or postal code is needed',
        path: ['ssn'],
      }),
    output: out<ConsumerLookup | null>(),
  },
  /** B2C Norway agreement information: eFaktura and AvtaleGiro. */
  'norway.b2cno': { input: accountRef, output: out<B2cnoInfo>() },

  /** Every outbox folder's sending options of the account (folders without options too: Invoices, and each type seen). */
  'sendingOptions.list': { input: accountRef, output: out<FolderOptionsView[]>() },
  /** Replaces one folder's options; a field the folder does not take, or a bad value, comes back per field. */
  'sendingOptions.set': {
    input: z.object({ accountId, folder: optionFolderSchema, options: z.record(z.string().max(60), z.unknown()) }),
    output: out<FolderOptionsView>(),
  },

  // ---- The accountant's cockpit (issue 13): the linked companies of a vendor key (shared/bridge/partner.ts)
  /** The accounts with a vendor API key (the Partner page is theirs). */
  'partner.accounts': { input: partner.accounts, output: out<PartnerAccountView[]>() },
  'partner.inbound': { input: partner.inbound, output: out<PartnerListView<PartnerInboundView>>() },
  'partner.outboundErrors': { input: partner.outboundErrors, output: out<PartnerListView<PartnerErrorView>>() },
  /** Companies by business id (at most 10 at once), each marked with the account that syncs it here. */
  'partner.lookup': { input: partner.lookup, output: out<PartnerLookupView[]>() },
  // ---- Partner takeovers, the scan partner and sending parties (issue 38): shared/bridge/partner-services.ts
  /** Companies with that organisation number the partner may take over (ids; names when the service gives them). */
  'partner.takeoverFind': { input: partnerServices.takeoverFind, output: out<TakeoverCompanyView[]>() },
  /** Starts moving the company's service relationship to the account's vendor key; nothing moves until complete. */
  'partner.takeoverStart': { input: partnerServices.takeoverStart, output: out<TakeoverView>() },
  'partner.takeoverComplete': { input: partnerServices.takeoverComplete, output: out<TakeoverView>() },
  /** Cancels a started takeover or moves a completed one back. */
  'partner.takeoverRevert': { input: partnerServices.takeoverRevert, output: out<TakeoverView>() },
  /** The takeovers this app took part in, newest first (the service lists none). */
  'partner.takeovers': { input: partnerServices.takeovers, output: out<KeptTakeoverView[]>() },
  'partner.scanPartnerGet': { input: partnerServices.scanPartnerGet, output: out<ScanPartnerView>() },
  'partner.scanPartnerSet': { input: partnerServices.scanPartnerSet, output: out<ScanPartnerView>() },
  'partner.scanPartnerRemove': { input: partnerServices.scanPartnerRemove, output: out<ScanPartnerView>() },
  /** Which of these identifiers are the account's registered sending parties. */
  'lookup.sendingParties': { input: partnerServices.sendingParties, output: out<SendingPartyView[]>() },
  'lookup.registerSendingParty': { input: partnerServices.registerSendingParty, output: out<SendingPartyView>() },
  /** Across every account: per company, what needs a person (shared/bridge/needs-person.ts). */
  'overview.needsPerson': { input: z.object({}), output: out<NeedsPersonView>() },

  // ---- Local validation (issue 11): a file the user hands over, in pieces (shared/bridge/validation.ts)
  'validate.start': { input: validation.start, output: out<{ uploadId: string; chunkBytes: number }>() },
  'validate.chunk': { input: validation.chunk, output: out<{ received: number }>() },
  'validate.finish': { input: validation.finish, output: out<ValidationView>() },
  /** The report an outbox file got before it was sent or refused, beside the file rendered. */
  'validate.outboxReport': { input: validation.outbox, output: out<ValidationView>() },
  /** Cancels a check being made (issue 41): `cancelled` false when it had ended already. */
  'validate.cancel': { input: validation.cancel, output: out<{ cancelled: boolean }>() },
  /** The checks of an account's hot folders being made now, with their progress (then `validate.progress` events). */
  'validate.checks': { input: validation.checks, output: out<CheckProgressView[]>() },

  // ---- Rule packs with their dates (issue 41): main/core/validate/pack-store.ts
  'rules.list': { input: rulePacks.list, output: out<RulePacksView>() },
  /** A signed pack file the user chose; refused (invalid, with the reason) when unsigned or altered. */
  'rules.install': { input: rulePacks.install, output: out<RulePacksView & { installed: { name: string; version: string } }>() },

  // ---- Collection and reminders (issue 13): shared/bridge/collection.ts, collection-views.ts
  /** Each collection service's state for the account. */
  'collection.services': { input: collection.account, output: out<CollectionServicesView>() },
  'collection.join': { input: collection.join, output: out<CollectionServicesView>() },
  'collection.activate': { input: collection.activate, output: out<CollectionServicesView>() },
  'collection.change': { input: collection.change, output: out<CollectionServicesView>() },
  'collection.leave': { input: collection.leave, output: out<CollectionServicesView>() },
  /** Sends a sent invoice to collection; the service's 400 comes back per field of `assignment`. */
  'collection.send': { input: collection.send, output: out<CollectionStateView | null>() },
  /** A sent invoice's collection state and events from the mirror; `refresh` asks the service first. */
  'collection.detail': { input: collection.detail, output: out<CollectionDetailView>() },
  /** The user has seen the invoice's collection events: told to the service, then kept here. */
  'collection.markSeen': { input: collection.invoice, output: out<CollectionDetailView>() },
  /** The messages with the agency about the invoice (read live; the agency's are marked read). */
  'collection.messages': { input: collection.invoice, output: out<CollectionMessageView[]>() },
  'collection.reply': { input: collection.reply, output: out<CollectionMessageView[]>() },
  /** Every assignment of the account with amounts, and what changed since the user last looked. */
  'collection.overview': { input: collection.account, output: out<CollectionOverviewView>() },
  /** The collection state of these sent invoices (for the Sent list); those without one are absent. */
  'collection.states': { input: collection.states, output: out<Record<string, CollectionStateView>>() },
  /** The service's own assignment list (newest 100) and overview, also of assignments made elsewhere. */
  'collection.serviceAssignments': { input: collection.account, output: out<ServiceAssignmentsView>() },
  /** Records a payment made directly to the company on an assignment; answers what it did. */
  'collection.directPayment': { input: collection.directPayment, output: out<DirectPaymentView>() },
  /** The payers at a non-default service level (full collection service only). */
  'collection.serviceLevels': { input: collection.account, output: out<ServiceLevelsView>() },
  'collection.setServiceLevel': { input: collection.setServiceLevel, output: out<ServiceLevelsView>() },
  /** The company's events over all assignments (GET /v1/events), every page. */
  'collection.events': { input: collection.events, output: out<CollectionFeedView>() },
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<K extends CommandName> = z.input<Commands[K]['input']>;
export type ParsedInput<K extends CommandName> = z.output<Commands[K]['input']>;
export type CommandOutput<K extends CommandName> = Commands[K]['output'] extends Out<infer T> ? T : never;

export const isCommandName = (name: unknown): name is CommandName => typeof name === 'string' && Object.hasOwn(commands, name);
