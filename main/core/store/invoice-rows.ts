import type { Direction } from '../../../shared/enums';
import { type Invoice, invoiceSchema } from '../../../shared/schemas/invoice';
import { isSet } from './columns';

// The invoice mirror's row shapes and their mapping from SQLite, shared by the writes and the queries.

/** What the list and search views show: the columns, without the whole record. */
export interface InvoiceSummary {
  accountId: string;
  id: string;
  direction: Direction;
  status: string | null;
  number: string | null;
  reference: string | null;
  senderName: string | null;
  senderBid: string | null;
  recipientName: string | null;
  recipientBid: string | null;
  date: string | null;
  dateDue: string | null;
  sum: number | null;
  sumTax: number | null;
  currency: string | null;
  receivedAt: string | null;
  createdAt: string | null;
  /** received_at (else created_at) in epoch ms; the listing's order. */
  sortMs: number;
  handled: boolean;
  detectStatus: string | null;
  /** The Detect findings as the service worded them (localized by the language asked for). */
  detectFindings: string[] | null;
  firstSeenAt: number;
  updatedAt: number;
}

export interface MirroredInvoice extends InvoiceSummary {
  /** The record exactly as the service answered, unknown fields kept. */
  record: Invoice;
}

export interface InvoiceTableRow {
  row_id: number;
  account_id: string;
  id: string;
  direction: Direction;
  status: string | null;
  number: string | null;
  reference: string | null;
  sender_name: string | null;
  sender_bid: string | null;
  recipient_name: string | null;
  recipient_bid: string | null;
  date: string | null;
  date_due: string | null;
  sum: number | null;
  sum_tax: number | null;
  currency: string | null;
  received_at: string | null;
  created_at: string | null;
  sort_ms: number;
  handled: number;
  detect_status: string | null;
  detect_findings_json: string | null;
  json: string;
  first_seen_at: number;
  updated_at: number;
}

/** The listing's columns, in the order SUMMARY_COLUMNS reads them; the full `json` is read only for one invoice at a time. */
const SUMMARY_FIELDS = [
  'account_id',
  'id',
  'direction',
  'status',
  'number',
  'reference',
  'sender_name',
  'sender_bid',
  'recipient_name',
  'recipient_bid',
  'date',
  'date_due',
  'sum',
  'sum_tax',
  'currency',
  'received_at',
  'created_at',
  'sort_ms',
  'handled',
  'detect_status',
  'detect_findings_json',
  'first_seen_at',
  'updated_at',
] as const satisfies readonly (keyof InvoiceTableRow)[];
export const SUMMARY_COLUMNS = SUMMARY_FIELDS.map((f) => `i.${f}`).join(', ');
export type SummaryRecord = Omit<InvoiceTableRow, 'row_id' | 'json'>;
/** How many values SUMMARY_COLUMNS reads: a raw row's further values (a sort key, a row id) come after them. */
export const SUMMARY_WIDTH = SUMMARY_FIELDS.length;
/** Where each column is in a raw row (better-sqlite3's `.raw()`: an array of values per row, SUMMARY_COLUMNS first). */
const AT = Object.fromEntries(SUMMARY_FIELDS.map((f, i) => [f, i])) as { [K in (typeof SUMMARY_FIELDS)[number]]: number };

/** Findings are the service's texts; anything else stored there is not shown. */
const findingsOf = (json: string | null): string[] | null => {
  if (json === null) return null;
  const v = JSON.parse(json) as unknown;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
};

/**
 * A summary from a raw row. Lists read their rows raw: better-sqlite3 builds an object per row by
 * setting each column's name on it, which took 1.8 ms for a page of 101 rows at 1,000,000 invoices
 * against 0.7 ms for arrays, on every keystroke of a search.
 */
export const summaryOfRaw = (v: readonly unknown[]): InvoiceSummary => ({
  accountId: v[AT.account_id] as string,
  id: v[AT.id] as string,
  direction: v[AT.direction] as Direction,
  status: v[AT.status] as string | null,
  number: v[AT.number] as string | null,
  reference: v[AT.reference] as string | null,
  senderName: v[AT.sender_name] as string | null,
  senderBid: v[AT.sender_bid] as string | null,
  recipientName: v[AT.recipient_name] as string | null,
  recipientBid: v[AT.recipient_bid] as string | null,
  date: v[AT.date] as string | null,
  dateDue: v[AT.date_due] as string | null,
  sum: v[AT.sum] as number | null,
  sumTax: v[AT.sum_tax] as number | null,
  currency: v[AT.currency] as string | null,
  receivedAt: v[AT.received_at] as string | null,
  createdAt: v[AT.created_at] as string | null,
  sortMs: v[AT.sort_ms] as number,
  handled: isSet(v[AT.handled] as number),
  detectStatus: v[AT.detect_status] as string | null,
  detectFindings: findingsOf(v[AT.detect_findings_json] as string | null),
  firstSeenAt: v[AT.first_seen_at] as number,
  updatedAt: v[AT.updated_at] as number,
});

/** The id of a raw summary row. */
export const idOfRaw = (v: readonly unknown[]): string => v[AT.id] as string;

/** A summary from a row read as an object (one invoice at a time). */
export const toSummary = (r: SummaryRecord): InvoiceSummary => summaryOfRaw(SUMMARY_FIELDS.map((f) => r[f]));

export const toInvoice = (r: InvoiceTableRow): MirroredInvoice => ({
  ...toSummary(r),
  record: invoiceSchema.parse(JSON.parse(r.json)),
});
