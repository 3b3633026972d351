import type { SummaryOf, TableRowOf } from '../../../shared/mirror/columns';
import { INVOICE_COLUMNS } from '../../../shared/mirror/invoice-columns';
import { type Invoice, invoiceSchema } from '../../../shared/schemas/invoice';
import { mirrorSql } from './mirror-sql';

// The invoice mirror's row shapes and their mapping from SQLite, shared by the writes and the queries:
// all of it derived from the one descriptor, shared/mirror/invoice-columns.ts.

/** What the list and search views show: the columns, without the whole record. */
export type InvoiceSummary = SummaryOf<typeof INVOICE_COLUMNS>;

export interface MirroredInvoice extends InvoiceSummary {
  /** The record exactly as the service answered, unknown fields kept. */
  record: Invoice;
}

export type InvoiceTableRow = TableRowOf<typeof INVOICE_COLUMNS>;

/** The statements' parts: the listing's columns, and the INSERT and UPDATE of the columns read from the record. */
export const INVOICE_SQL = mirrorSql(INVOICE_COLUMNS, 'i');

/** The listing's columns, `i.account_id, i.id, ...`; the full `json` is read only for one invoice at a time. */
export const SUMMARY_COLUMNS = INVOICE_SQL.summaryColumns;
/** How many values SUMMARY_COLUMNS reads: a raw row's further values (a sort key, a row id) come after them. */
export const SUMMARY_WIDTH = INVOICE_SQL.summaryWidth;

/**
 * A summary from a raw row. Lists read their rows raw: better-sqlite3 builds an object per row by
 * setting each column's name on it, which took 1.8 ms for a page of 101 rows at 1,000,000 invoices
 * against 0.7 ms for arrays, on every keystroke of a search.
 */
export const summaryOfRaw = INVOICE_SQL.ofRaw;

/** The id of a raw summary row. */
export const idOfRaw = (v: readonly unknown[]): string => v[INVOICE_SQL.at.id] as string;

/** A summary from a row read as an object (one invoice at a time). */
export const toSummary = INVOICE_SQL.ofRow;

export const toInvoice = (r: InvoiceTableRow): MirroredInvoice =>
  Object.assign(toSummary(r), { record: invoiceSchema.parse(JSON.parse(r.json)) });
