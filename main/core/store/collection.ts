import type { Database } from 'better-sqlite3';
import type { CollectionEventView, CollectionOverviewRow, CollectionStateView } from '../../../shared/bridge/collection-views';
import { ASSIGNMENT_COLUMNS } from '../../../shared/mirror/assignment-columns';
import type { TableRowOf } from '../../../shared/mirror/columns';
import type { Assignment, AssignmentEvent, InvoiceAssignment } from '../../../shared/schemas/receivables';
import type { StoreDeps } from './deps';
import { mirrorSql } from './mirror-sql';

const ASSIGNMENT_SQL = mirrorSql(ASSIGNMENT_COLUMNS, 'a');

type StateRow = TableRowOf<typeof ASSIGNMENT_COLUMNS> & { unseen: number };
interface EventRow {
  event_id: string;
  assignment_id: string;
  invoice_id: string;
  event_type: string;
  happened_at: string;
  data_json: string;
  seen: number;
}

const STATE_COLUMNS = `${ASSIGNMENT_SQL.summaryColumns},
  (SELECT count(*) FROM collection_events e WHERE e.account_id = a.account_id AND e.invoice_id = a.invoice_id AND e.seen = 0) AS unseen`;

/** The descriptor's columns (shared/mirror/assignment-columns.ts) and the events not seen yet. */
const stateView = (r: StateRow): CollectionStateView => Object.assign(ASSIGNMENT_SQL.ofRow(r), { unseenEvents: r.unseen });

function eventView(r: EventRow): CollectionEventView {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(r.data_json) as Record<string, unknown>;
  } catch {
    // A damaged copy shows the event without its details; the next refresh writes it again.
  }
  return {
    id: r.event_id,
    assignmentId: r.assignment_id,
    invoiceId: r.invoice_id,
    type: r.event_type,
    happenedAt: r.happened_at,
    data,
    seen: r.seen === 1,
  };
}

/**
 * Per account, how many collection events the user has not seen yet (accounts with none are absent).
 * One grouped query over the unseen index: for the cross-account "needs a person" summary.
 */
export function countUnseenCollectionEvents(db: Database): Map<string, number> {
  const rows = db
    .prepare<[], { account_id: string; n: number }>(
      'SELECT account_id, count(*) AS n FROM collection_events WHERE seen = 0 GROUP BY account_id',
    )
    .all();
  return new Map(rows.filter((r) => r.n > 0).map((r) => [r.account_id, r.n]));
}

/** The mirrored collection state of sent invoices and their events (migration 12). */
export function createCollectionRepo(db: Database, deps: StoreDeps) {
  // The columns read from the answers come from the descriptor; the keys, the JSON and the times are the repository's own.
  const upsert = db.prepare(`
    INSERT INTO collection_assignments (account_id, invoice_id, ${ASSIGNMENT_SQL.insertColumns}, json, created_at, checked_at, updated_at)
    VALUES (@account, @invoice, ${ASSIGNMENT_SQL.insertValues}, @json, @created, @now, @now)
    ON CONFLICT (account_id, invoice_id) DO UPDATE SET ${ASSIGNMENT_SQL.upsertSets}, json = excluded.json,
      checked_at = excluded.checked_at, updated_at = excluded.updated_at`);
  const one = db.prepare<[string, string], StateRow>(
    `SELECT ${STATE_COLUMNS} FROM collection_assignments a WHERE a.account_id = ? AND a.invoice_id = ?`,
  );
  const open = db.prepare<[string, number], StateRow>(
    `SELECT ${STATE_COLUMNS} FROM collection_assignments a
     WHERE a.account_id = ? AND a.closed = 0 AND a.checked_at <= ? ORDER BY a.checked_at LIMIT 200`,
  );
  const countOpen = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM collection_assignments WHERE account_id = ? AND closed = 0',
  );
  const all = db.prepare<[string], StateRow & { number: string | null; recipient_name: string | null; date_due: string | null }>(
    `SELECT ${STATE_COLUMNS}, i.number, i.recipient_name, i.date_due FROM collection_assignments a
     LEFT JOIN invoices i ON i.account_id = a.account_id AND i.id = a.invoice_id
     WHERE a.account_id = ? ORDER BY a.created_at DESC`,
  );
  const putEvent = db.prepare(`
    INSERT INTO collection_events (account_id, event_id, assignment_id, invoice_id, event_type, happened_at, data_json, seen, first_seen_at)
    VALUES (@account, @id, @assignment, @invoice, @type, @at, @data, @seen, @now)
    ON CONFLICT (account_id, event_id) DO UPDATE SET data_json = excluded.data_json, happened_at = excluded.happened_at,
      seen = max(seen, excluded.seen)`);
  const events = db.prepare<[string, string], EventRow>(
    'SELECT * FROM collection_events WHERE account_id = ? AND invoice_id = ? ORDER BY happened_at DESC, first_seen_at DESC',
  );
  const unseen = db.prepare<[string], EventRow>(
    'SELECT * FROM collection_events WHERE account_id = ? AND seen = 0 ORDER BY happened_at DESC LIMIT 200',
  );
  const hasEvent = db.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM collection_events WHERE account_id = ? AND event_id = ?',
  );
  const markSeen = db.prepare<[string, string]>('UPDATE collection_events SET seen = 1 WHERE account_id = ? AND event_id = ?');

  return {
    /** What the service said of an invoice's assignment, with the assignment's record when it was read. */
    save(accountId: string, invoiceId: string, st: InvoiceAssignment, a?: Assignment | null): void {
      const params = Object.assign(ASSIGNMENT_SQL.paramsOf({ state: st, assignment: a ?? null }), {
        account: accountId,
        invoice: invoiceId,
        json: JSON.stringify({ status: st, assignment: a ?? null }),
        created: a?.created_at ?? new Date(deps.now()).toISOString(),
        now: deps.now(),
      });
      upsert.run(params);
    },
    saveEvents(accountId: string, invoiceId: string, list: readonly AssignmentEvent[]): number {
      let fresh = 0;
      for (const e of list) {
        const before = hasEvent.get(accountId, e.id);
        putEvent.run({
          account: accountId,
          id: e.id,
          assignment: e.assignment_id,
          invoice: invoiceId,
          type: e.event_type,
          at: e.happened_at,
          data: JSON.stringify(e.data ?? {}),
          seen: e.seen ? 1 : 0,
          now: deps.now(),
        });
        if (!before?.n) fresh++;
      }
      return fresh;
    },
    get: (accountId: string, invoiceId: string): CollectionStateView | null => {
      const r = one.get(accountId, invoiceId);
      return r ? stateView(r) : null;
    },
    events: (accountId: string, invoiceId: string): CollectionEventView[] => events.all(accountId, invoiceId).map(eventView),
    unseen: (accountId: string): CollectionEventView[] => unseen.all(accountId).map(eventView),
    /** Assignments still open whose last answer is older than `checkedBefore`: the ones to ask about. */
    listOpen: (accountId: string, checkedBefore: number): CollectionStateView[] => open.all(accountId, checkedBefore).map(stateView),
    countOpen: (accountId: string): number => countOpen.get(accountId)?.n ?? 0,
    list: (accountId: string): CollectionOverviewRow[] =>
      all.all(accountId).map((r) => ({ ...stateView(r), invoiceNumber: r.number, payerName: r.recipient_name, dateDue: r.date_due })),
    /** The states of these invoices (those without an assignment are absent). */
    statesOf(accountId: string, invoiceIds: readonly string[]): Map<string, CollectionStateView> {
      const out = new Map<string, CollectionStateView>();
      for (const id of invoiceIds) {
        const r = one.get(accountId, id);
        if (r) out.set(id, stateView(r));
      }
      return out;
    },
    markSeen(accountId: string, eventIds: readonly string[]): void {
      db.transaction(() => {
        for (const id of eventIds) markSeen.run(accountId, id);
      })();
    },
    unseenCounts: (): Map<string, number> => countUnseenCollectionEvents(db),
  };
}

export type CollectionRepo = ReturnType<typeof createCollectionRepo>;
