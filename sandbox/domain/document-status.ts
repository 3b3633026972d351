import type { DocumentStatus } from '../../shared/enums';
import type { DocumentEventRecord } from './document-record';

/**
 * The document status machine of the spec ("States and transitions / Document status") as a table.
 * `route` is the delivery route (in the sandbox: the admin API and the seed); `patch` is the client's
 * PATCH /v1/documents/{id}. Every move not in the table is refused; in particular nothing leaves
 * CONFIRMED_DELIVERY or FAILED, so a confirmed delivery never becomes FAILED.
 */
export type MoveSource = 'route' | 'patch';

export interface DocumentMove {
  from: DocumentStatus;
  to: DocumentStatus;
  by: readonly MoveSource[];
  /** Event code, the last part of the webhook event name DOCUMENTS.<type>.<code>. */
  code: 'DELIVERED' | 'DELIVERY_CONFIRMED' | 'FAILED';
  message: string;
}

export const DOCUMENT_MOVES: readonly DocumentMove[] = [
  { from: 'PROCESSING', to: 'DELIVERED', by: ['route'], code: 'DELIVERED', message: 'The document was handed to the delivery route' },
  {
    from: 'DELIVERED',
    to: 'CONFIRMED_DELIVERY',
    by: ['route', 'patch'],
    code: 'DELIVERY_CONFIRMED',
    message: 'Delivery of the document was confirmed',
  },
  { from: 'DELIVERED', to: 'FAILED', by: ['route'], code: 'FAILED', message: 'Delivery of the document failed' },
  { from: 'PROCESSING', to: 'FAILED', by: ['route'], code: 'FAILED', message: 'Delivery of the document failed' },
];

/** The part of a document the machine reads and writes. */
export interface StatusState {
  status: DocumentStatus;
  delivered_at: string | null;
  last_event: DocumentEventRecord | null;
  events: DocumentEventRecord[];
}

export type MoveResult = { ok: true; state: StatusState; event: DocumentEventRecord } | { ok: false; reason: string };

export function findMove(from: DocumentStatus, to: DocumentStatus, by: MoveSource): DocumentMove | undefined {
  return DOCUMENT_MOVES.find((m) => m.from === from && m.to === to && m.by.includes(by));
}

/**
 * Apply one move to a state, answering the new state (the input is not changed) and the event it
 * appends, or why the move is refused. `message` replaces the default event text (for FAILED it is
 * the error message the route reported, kept in details too).
 */
export function applyMove(state: StatusState, to: DocumentStatus, by: MoveSource, at: string, message?: string): MoveResult {
  const move = findMove(state.status, to, by);
  if (!move) {
    const allowed = DOCUMENT_MOVES.filter((m) => m.from === state.status && m.by.includes(by)).map((m) => m.to);
    return {
      ok: false,
      reason: allowed.length
        ? `status ${state.status} may move only to ${allowed.join(' or ')}, not to ${to}`
        : `status ${state.status} does not change to ${to}`,
    };
  }
  const details = move.code === 'FAILED' ? [message ?? 'The recipient could not be reached'] : message ? [message] : [];
  const event: DocumentEventRecord = { code: move.code, message: message ?? move.message, details, created_at: at };
  return {
    ok: true,
    event,
    state: {
      status: move.to,
      delivered_at: move.code === 'DELIVERED' ? at : state.delivered_at,
      last_event: event,
      events: [...state.events, event],
    },
  };
}
