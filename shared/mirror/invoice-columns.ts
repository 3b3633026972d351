import type { Direction } from '../enums';
import type { Invoice } from '../schemas/invoice';
import { as, describeColumns, epochMs } from './columns';

/**
 * The invoice mirror's columns (table `invoices`), in the order the lists read them. A column shown in
 * the list is one line here (reach `view`), its migration and that migration's test, and the component
 * that shows it (ARCHITECTURE.md, "Add a mirrored column").
 */
export const INVOICE_COLUMNS = describeColumns<Invoice>()({
  rowId: { name: 'row_id', sql: 'INTEGER', reach: 'table', type: as<number>() },
  accountId: { name: 'account_id', sql: 'TEXT', reach: 'summary', type: as<string>() },
  id: { name: 'id', sql: 'TEXT', reach: 'view', type: as<string>() },
  direction: { name: 'direction', sql: 'TEXT', reach: 'view', type: as<Direction>() },
  status: { name: 'status', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.status },
  number: { name: 'number', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.number },
  /** The comment the invoice was sent with (real-service-facts F1: every sent invoice carries the key). */
  comment: { name: 'comment', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.comment },
  reference: { name: 'reference', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.reference },
  senderName: { name: 'sender_name', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.sender?.name },
  senderBid: { name: 'sender_bid', sql: 'TEXT', reach: 'summary', type: as<string | null>(), read: (r) => r.sender?.bid },
  recipientName: { name: 'recipient_name', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.recipient?.name },
  recipientBid: { name: 'recipient_bid', sql: 'TEXT', reach: 'summary', type: as<string | null>(), read: (r) => r.recipient?.bid },
  date: { name: 'date', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.date },
  dateDue: { name: 'date_due', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.date_due },
  sum: { name: 'sum', sql: 'REAL', reach: 'view', type: as<number | null>(), read: (r) => r.sum },
  sumTax: { name: 'sum_tax', sql: 'REAL', reach: 'view', type: as<number | null>(), read: (r) => r.sum_tax },
  currency: { name: 'currency', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.currency },
  receivedAt: { name: 'received_at', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (r) => r.received_at },
  createdAt: { name: 'created_at', sql: 'TEXT', reach: 'summary', type: as<string | null>(), read: (r) => r.created_at },
  /** received_at (else created_at) in epoch ms: the listing's order. */
  sortMs: {
    name: 'sort_ms',
    sql: 'INTEGER',
    reach: 'summary',
    type: as<number>(),
    read: (r) => epochMs(r.received_at) ?? epochMs(r.created_at) ?? 0,
  },
  /** The record's flag when the service sends one, else the mirror's own (set by the user, or by the app after a download). */
  handled: { name: 'handled', sql: 'INTEGER', reach: 'view', codec: 'flag', type: as<boolean>(), read: (r) => r.handled, keep: 0 },
  detectStatus: { name: 'detect_status', sql: 'TEXT', reach: 'view', type: as<string | null>() },
  /** The Detect findings as the service worded them (localized by the language asked for). */
  detectFindings: { name: 'detect_findings_json', sql: 'TEXT', reach: 'view', codec: 'strings', type: as<string[] | null>() },
  /** The record exactly as the service answered, unknown fields kept; read only for one invoice at a time. */
  json: { name: 'json', sql: 'TEXT', reach: 'table', type: as<string>() },
  firstSeenAt: { name: 'first_seen_at', sql: 'INTEGER', reach: 'summary', type: as<number>() },
  updatedAt: { name: 'updated_at', sql: 'INTEGER', reach: 'summary', type: as<number>() },
});
