import type { Assignment, InvoiceAssignment } from '../schemas/receivables';
import { as, describeColumns } from './columns';

/** What the service said of a sent invoice's collection: its assignment state, and the assignment when it was read. */
export interface AssignmentAnswer {
  state: InvoiceAssignment;
  assignment: Assignment | null;
}

/**
 * The collection mirror's columns (table `collection_assignments`, migration 12). A field the service
 * answers only with the assignment read (`keep`) stays as last read when an answer comes without it.
 */
export const ASSIGNMENT_COLUMNS = describeColumns<AssignmentAnswer>()({
  accountId: { name: 'account_id', sql: 'TEXT', reach: 'table', type: as<string>() },
  invoiceId: { name: 'invoice_id', sql: 'TEXT', reach: 'view', type: as<string>() },
  assignmentId: {
    name: 'assignment_id',
    sql: 'TEXT',
    reach: 'view',
    type: as<string | null>(),
    read: (a) => a.state.assignment_id ?? a.assignment?.id,
    keep: null,
  },
  /** pending, ok or error. */
  status: { name: 'status', sql: 'TEXT', reach: 'view', type: as<string>(), read: (a) => String(a.assignment?.status ?? a.state.status) },
  reason: {
    name: 'reason',
    sql: 'TEXT',
    reach: 'view',
    type: as<string | null>(),
    read: (a) => a.state.reason ?? (typeof a.assignment?.reason === 'string' ? a.assignment.reason : null),
  },
  link: { name: 'link', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (a) => a.state.link },
  /** waiting, reminder, collection, legal_collection, payment_plan or closed. */
  phase: { name: 'phase', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (a) => a.assignment?.phase, keep: null },
  closed: { name: 'closed', sql: 'INTEGER', reach: 'view', codec: 'flag', type: as<boolean>(), read: (a) => a.assignment?.closed ?? false },
  currency: { name: 'currency', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (a) => a.assignment?.currency, keep: null },
  collectableAmount: {
    name: 'collectable_amount',
    sql: 'REAL',
    reach: 'view',
    type: as<number | null>(),
    read: (a) => a.assignment?.collectable_amount,
    keep: null,
  },
  paidAmount: {
    name: 'paid_amount',
    sql: 'REAL',
    reach: 'view',
    type: as<number | null>(),
    read: (a) => a.assignment?.paid_amount,
    keep: null,
  },
  openAmount: {
    name: 'open_amount',
    sql: 'REAL',
    reach: 'view',
    type: as<number | null>(),
    read: (a) => a.assignment?.open_amount,
    keep: null,
  },
  summary: { name: 'summary', sql: 'TEXT', reach: 'view', type: as<string | null>(), read: (a) => a.assignment?.summary, keep: null },
  /** Both answers as they came, unknown fields kept. */
  json: { name: 'json', sql: 'TEXT', reach: 'table', type: as<string>() },
  /** The assignment's creation time, else when the app first saw the state; kept from the first answer. */
  createdAt: { name: 'created_at', sql: 'TEXT', reach: 'view', type: as<string>() },
  /** Epoch ms of the last answer from the service. */
  checkedAt: { name: 'checked_at', sql: 'INTEGER', reach: 'view', type: as<number>() },
  updatedAt: { name: 'updated_at', sql: 'INTEGER', reach: 'table', type: as<number>() },
});
