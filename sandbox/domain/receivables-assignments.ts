import { z } from 'zod';
import type {
  Amounts,
  Assignment,
  AssignmentEvent,
  AssignmentEventType,
  AssignmentMessage,
  AssignmentOverview,
  CollectionService,
  CollectionType,
  InvoiceAssignment,
} from '../../shared/schemas/receivables';
import type { SandboxContext } from '../context';
import type { Table } from '../store';

/** How long the agency takes to accept a new assignment (sandbox time: tests move the clock). */
export const ACCEPT_DELAY_MS = 60_000;

export interface AssignmentRow {
  id: string;
  company_id: string;
  invoice_id: string;
  invoice_number: string | null;
  service: CollectionService;
  collection_type: CollectionType;
  status: 'pending' | 'ok' | 'error';
  reason: string | null;
  phase: 'waiting' | 'reminder' | 'collection' | 'legal_collection' | 'payment_plan' | 'closed';
  closed: boolean;
  currency: string;
  collectable_amount: number;
  amounts: Amounts | null;
  paid_amount: number;
  credited_amount: number;
  written_off_amount: number;
  payer_name: string | null;
  payer_identifiers: string[];
  payer_ssns: string[];
  industry_specific_options: Record<string, unknown> | null;
  summary: string | null;
  accept_at: number | null;
  created_at: string;
  updated_at: string;
}

export interface EventRow {
  id: string;
  assignment_id: string;
  event_type: AssignmentEventType;
  party_id: string;
  happened_at: string;
  data: Record<string, unknown>;
  seen: boolean;
}

export interface ThreadRow {
  id: string;
  assignment_id: string;
  subject: string;
  status: 'open' | 'closed';
  updated_at: string;
}

export interface MessageRow {
  id: string;
  thread_id: string;
  assignment_id: string;
  sender: 'company' | 'agency';
  body: string;
  created_at: string;
  seen: boolean;
}

/** Per company, so one company's listing never walks another's records. */
export const assignmentsTable = (ctx: SandboxContext, c: string): Table<AssignmentRow> => ctx.store.table(`receivables_assignments:${c}`);
export const eventsTable = (ctx: SandboxContext, c: string): Table<EventRow> => ctx.store.table(`receivables_events:${c}`);
export const threadsTable = (ctx: SandboxContext, c: string): Table<ThreadRow> => ctx.store.table(`receivables_threads:${c}`);
export const messagesTable = (ctx: SandboxContext, c: string): Table<MessageRow> => ctx.store.table(`receivables_messages:${c}`);

const round2 = (n: number) => Math.round(n * 100) / 100;
export const openAmount = (a: AssignmentRow) =>
  Math.max(0, round2(a.collectable_amount - a.paid_amount - a.credited_amount - a.written_off_amount));

/** A pending assignment the agency has had long enough to look at becomes ok (read time decides). */
export function settle(ctx: SandboxContext, table: Table<AssignmentRow>, a: AssignmentRow): AssignmentRow {
  if (a.status !== 'pending' || a.accept_at === null || ctx.now() < a.accept_at) return a;
  return table.update(a.id, (x) => {
    x.status = 'ok';
    x.reason = null;
    x.phase = x.collection_type === 'collection' ? 'collection' : 'reminder';
    x.updated_at = new Date(x.accept_at ?? ctx.now()).toISOString();
  }) as AssignmentRow;
}

export function assignmentLink(base: string, a: AssignmentRow): string {
  return `${base}/v1/assignments/${a.id}`;
}

export function invoiceAssignmentView(a: AssignmentRow, base: string): InvoiceAssignment {
  if (a.status === 'ok') return { status: 'ok', assignment_id: a.id, link: assignmentLink(base, a) };
  return { status: a.status, assignment_id: a.id, reason: a.reason };
}

export function assignmentView(ctx: SandboxContext, a: AssignmentRow): Assignment {
  const unseen = eventsTable(ctx, a.company_id).filter((e) => e.assignment_id === a.id && !e.seen).length;
  return {
    id: a.id,
    invoice_id: a.invoice_id,
    invoice_number: a.invoice_number,
    service: a.service,
    status: a.status,
    reason: a.reason,
    phase: a.phase,
    closed: a.closed,
    collection_type: a.collection_type,
    currency: a.currency,
    collectable_amount: a.collectable_amount,
    amounts: a.amounts,
    paid_amount: round2(a.paid_amount),
    credited_amount: round2(a.credited_amount),
    written_off_amount: round2(a.written_off_amount),
    open_amount: openAmount(a),
    payer_name: a.payer_name,
    payer_identifiers: a.payer_identifiers,
    summary: a.summary,
    unseen_events: unseen,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

export function eventView(e: EventRow): AssignmentEvent {
  return { ...e };
}

export function messageView(m: MessageRow): AssignmentMessage {
  return { ...m };
}

const day = z.iso.date();
const amount = z.number().positive();
/** The data each event type carries (spec: Receivables webhooks); the sandbox checks it both ways in. */
export const EVENT_DATA: Record<AssignmentEventType, z.ZodType<Record<string, unknown>>> = {
  paid: z.strictObject({ sum_paid: amount, booked_at: day, archive_number: z.string().min(1).max(64).optional() }),
  credit_note: z.strictObject({
    credit_sum: amount,
    booked_at: day,
    referenced_document_number: z.string().min(1).max(64).optional(),
  }),
  credit_loss: z.strictObject({ sum: amount, booked_at: day }),
  close: z.strictObject({ reason: z.string().min(1).max(500).optional() }),
  partially_close: z.strictObject({ reason: z.string().min(1).max(500).optional() }),
  collection_started: z.strictObject({ started_at: day }),
  reminder_sent: z.strictObject({ sent_at: day }),
  second_reminder_sent: z.strictObject({ happened_at: day }),
  second_demand_sent: z.strictObject({ happened_at: day }),
  legal_collection_started: z.strictObject({ happened_at: day }),
  payment_plan: z.strictObject({ happened_at: day }),
};

/** Data an admin-raised event gets when the caller gives none: today's date, the open amount. */
export function defaultEventData(type: AssignmentEventType, a: AssignmentRow, today: string): Record<string, unknown> {
  switch (type) {
    case 'paid':
      return { sum_paid: openAmount(a) || a.collectable_amount, booked_at: today };
    case 'credit_note':
      return { credit_sum: openAmount(a) || a.collectable_amount, booked_at: today };
    case 'credit_loss':
      return { sum: openAmount(a) || a.collectable_amount, booked_at: today };
    case 'close':
    case 'partially_close':
      return {};
    case 'collection_started':
      return { started_at: today };
    case 'reminder_sent':
      return { sent_at: today };
    default:
      return { happened_at: today };
  }
}

const PHASE_OF: Partial<Record<AssignmentEventType, AssignmentRow['phase']>> = {
  reminder_sent: 'reminder',
  second_reminder_sent: 'reminder',
  collection_started: 'collection',
  second_demand_sent: 'collection',
  legal_collection_started: 'legal_collection',
  payment_plan: 'payment_plan',
};

/** What an event does to its assignment: money moves the open amount, which closes it at zero. */
export function applyEvent(a: AssignmentRow, type: AssignmentEventType, data: Record<string, unknown>, at: string): void {
  const n = (k: string) => (typeof data[k] === 'number' ? (data[k] as number) : 0);
  if (type === 'paid') a.paid_amount = round2(a.paid_amount + n('sum_paid'));
  if (type === 'credit_note') a.credited_amount = round2(a.credited_amount + n('credit_sum'));
  if (type === 'credit_loss') a.written_off_amount = round2(a.written_off_amount + n('sum'));
  const phase = PHASE_OF[type];
  if (phase && !a.closed) a.phase = phase;
  if (type === 'close' || type === 'partially_close' || openAmount(a) === 0) {
    a.closed = true;
    a.phase = 'closed';
  }
  a.updated_at = at;
}

export function overview(ctx: SandboxContext, companyId: string, rows: AssignmentRow[]): AssignmentOverview {
  const byStatus: Record<string, number> = { pending: 0, ok: 0, error: 0 };
  const sums = new Map<string, { currency: string; collectable: number; paid: number; open: number }>();
  for (const a of rows) {
    byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const s = sums.get(a.currency) ?? { currency: a.currency, collectable: 0, paid: 0, open: 0 };
    s.collectable = round2(s.collectable + a.collectable_amount);
    s.paid = round2(s.paid + a.paid_amount);
    s.open = round2(s.open + (a.closed || a.status === 'error' ? 0 : openAmount(a)));
    sums.set(a.currency, s);
  }
  const closed = rows.filter((a) => a.closed).length;
  return {
    total: rows.length,
    open: rows.length - closed,
    closed,
    unseen_events: eventsTable(ctx, companyId).filter((e) => !e.seen).length,
    by_status: byStatus,
    amounts: [...sums.values()],
  };
}
