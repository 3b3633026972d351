/** What the renderer is shown of collection and reminders (plain JSON over the bridge). */
import type { ASSIGNMENT_COLUMNS } from '../mirror/assignment-columns';
import type { ViewOf } from '../mirror/columns';

export type CollectionServiceName = 'collectora' | 'collectorb' | 'collectorc';

export interface CollectionServiceView {
  service: CollectionServiceName;
  /** none, pending, active or disabled (another value the service may add is passed on). */
  status: string;
  accountableParty: string | null;
  serviceType: string | null;
  clientCode: string | null;
  contactEmail: string | null;
  updatedAt: string | null;
}

export interface CollectionServicesView {
  services: CollectionServiceView[];
}

/** An invoice's collection state: the descriptor's `view` columns (shared/mirror/assignment-columns.ts), and its unseen events. */
export type CollectionStateView = ViewOf<typeof ASSIGNMENT_COLUMNS> & { unseenEvents: number };

export interface CollectionEventView {
  id: string;
  assignmentId: string;
  invoiceId: string;
  type: string;
  happenedAt: string;
  data: Record<string, unknown>;
  seen: boolean;
}

export interface CollectionMessageView {
  id: string;
  sender: string;
  body: string;
  createdAt: string;
  seen: boolean;
}

export interface CollectionDetailView {
  state: CollectionStateView | null;
  /** Newest first. */
  events: CollectionEventView[];
}

export interface CollectionOverviewRow extends CollectionStateView {
  invoiceNumber: string | null;
  payerName: string | null;
  dateDue: string | null;
}

export interface CollectionOverviewView {
  rows: CollectionOverviewRow[];
  totals: { currency: string; collectable: number; paid: number; open: number }[];
  unseenEvents: number;
  /** Events not yet seen, newest first: what changed since the user last looked. */
  changes: CollectionEventView[];
}

/** The service's own assignments (not only the ones this app made) and its overview. */
export interface ServiceAssignmentsView {
  overview: { total: number; open: number; closed: number; unseenEvents: number };
  /** The newest assignments, at most 100; `total` says how many the service has. */
  assignments: {
    id: string;
    invoiceId: string | null;
    invoiceNumber: string | null;
    status: string;
    phase: string | null;
    closed: boolean;
    currency: string | null;
    openAmount: number | null;
  }[];
  total: number | null;
}

/** What a recorded direct payment did, for a confirmation in plain words. */
export interface DirectPaymentView {
  invoiceNumber: string | null;
  amount: number;
  currency: string | null;
  openAmount: number | null;
  closed: boolean;
}

/** The payers at a non-default service level (the service lists only those). */
export interface ServiceLevelsView {
  levels: { customerBid: string; level: string; updatedAt: string | null }[];
}

/** The company's collection events over all assignments, newest first, with the invoice where the app knows it. */
export interface CollectionFeedView {
  events: {
    id: string;
    assignmentId: string;
    invoiceNumber: string | null;
    /** The assignment's currency where the app follows it. */
    currency: string | null;
    type: string;
    happenedAt: string;
    /** What the event carries (a paid event's `sum_paid`, say). */
    data: Record<string, unknown>;
    seen: boolean;
  }[];
}
