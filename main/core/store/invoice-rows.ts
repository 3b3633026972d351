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

/** The listing's columns; the full `json` is read only for one invoice at a time. */
export const SUMMARY_COLUMNS = `i.account_id, i.id, i.direction, i.status, i.number, i.reference, i.sender_name, i.sender_bid,
  i.recipient_name, i.recipient_bid, i.date, i.date_due, i.sum, i.sum_tax, i.currency, i.received_at, i.created_at,
  i.sort_ms, i.handled, i.detect_status, i.detect_findings_json, i.first_seen_at, i.updated_at`;
export type SummaryRecord = Omit<InvoiceTableRow, 'row_id' | 'json'>;

/** Findings are the service's texts; anything else stored there is not shown. */
const findingsOf = (json: string | null): string[] | null => {
  if (json === null) return null;
  const v = JSON.parse(json) as unknown;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
};

export const toSummary = (r: SummaryRecord): InvoiceSummary => ({
  accountId: r.account_id,
  id: r.id,
  direction: r.direction,
  status: r.status,
  number: r.number,
  reference: r.reference,
  senderName: r.sender_name,
  senderBid: r.sender_bid,
  recipientName: r.recipient_name,
  recipientBid: r.recipient_bid,
  date: r.date,
  dateDue: r.date_due,
  sum: r.sum,
  sumTax: r.sum_tax,
  currency: r.currency,
  receivedAt: r.received_at,
  createdAt: r.created_at,
  sortMs: r.sort_ms,
  handled: isSet(r.handled),
  detectStatus: r.detect_status,
  detectFindings: findingsOf(r.detect_findings_json),
  firstSeenAt: r.first_seen_at,
  updatedAt: r.updated_at,
});

export const toInvoice = (r: InvoiceTableRow): MirroredInvoice => ({
  ...toSummary(r),
  record: invoiceSchema.parse(JSON.parse(r.json)),
});
