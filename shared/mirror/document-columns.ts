import type { Direction } from '../enums';
import type { Document } from '../schemas/document';
import { as, describeColumns, epochMs } from './columns';

/** The document mirror's columns (table `documents`); a column shown in the list is one line here (ARCHITECTURE.md). */
export const DOCUMENT_COLUMNS = describeColumns<Document>()({
  rowId: { name: 'row_id', sql: 'INTEGER', reach: 'table', type: as<number>() },
  accountId: { name: 'account_id', sql: 'TEXT', reach: 'summary', type: as<string>() },
  id: { name: 'id', sql: 'TEXT', reach: 'view', type: as<string>() },
  direction: { name: 'direction', sql: 'TEXT', reach: 'view', type: as<Direction>() },
  type: { name: 'type', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.type },
  status: { name: 'status', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.status },
  number: { name: 'number', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.number },
  reference: { name: 'reference', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.reference },
  senderName: { name: 'sender_name', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.sender?.name },
  recipientName: { name: 'recipient_name', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.recipient?.name },
  transmissionId: { name: 'transmission_id', sql: 'TEXT', reach: 'summary', type: as<string | null>(), read: (d) => d.transmission_id },
  createdAt: { name: 'created_at', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (d) => d.created_at },
  receivedAt: { name: 'received_at', sql: 'TEXT', reach: 'summary', type: as<string | null>(), read: (d) => d.received_at },
  /** received_at (else created_at) in epoch ms: the listing's order. */
  sortMs: {
    name: 'sort_ms',
    sql: 'INTEGER',
    reach: 'summary',
    type: as<number>(),
    read: (d) => epochMs(d.received_at) ?? epochMs(d.created_at) ?? 0,
  },
  /** The record exactly as the service answered, unknown fields kept. */
  json: { name: 'json', sql: 'TEXT', reach: 'table', type: as<string>() },
  firstSeenAt: { name: 'first_seen_at', sql: 'INTEGER', reach: 'summary', type: as<number>() },
  updatedAt: { name: 'updated_at', sql: 'INTEGER', reach: 'summary', type: as<number>() },
  /** The row's search text (migration 21), kept by the repository from its id and columns. */
  searchText: { name: 'search_text', sql: 'TEXT', reach: 'table', type: as<string>() },
});
