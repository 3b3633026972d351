import type { Database } from 'better-sqlite3';
import { OUTBOX_STATES, type OutboxState } from './outbox';

/** What `sync.status` shows of one account, besides its runner's state. */
export interface AccountCounts {
  outbox: Record<OutboxState, number>;
  /** Received invoices in the mirror (from the tallies). */
  received: number;
  /** Sent invoices the service calls FAILED (from the tallies). */
  needsReroute: number;
  /** Invoice files, document files and bank messages still to fetch. */
  downloadsPending: number;
  /** Those given up (their tries used up): fetched again only when the user asks. */
  downloadsFailed: number;
  lastPoll: string | null;
}

/** An account with nothing counted yet. */
export const noCounts = (): AccountCounts => ({
  outbox: Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>,
  received: 0,
  needsReroute: 0,
  downloadsPending: 0,
  downloadsFailed: 0,
  lastPoll: null,
});

const inState = (table: string, state: 'pending' | 'failed') =>
  `(SELECT count(*) FROM ${table} t WHERE t.account_id = a.id AND t.state = '${state}')`;
const allIn = (state: 'pending' | 'failed') =>
  ['invoice_files', 'document_files', 'bank_messages'].map((t) => inState(t, state)).join(' + ');

/**
 * The counts of `sync.status` for every account in two statements, however many accounts there are:
 * asked one account at a time they were 8 statements each (4,000 for an office of 500 companies, every
 * time the Overview refreshed). Each account's part is still one range of an index (the due indexes,
 * the tallies' key, the cursors' key), so none of it reads the mirror.
 */
export function createStatusCounts(db: Database) {
  const perAccount = db.prepare<
    [],
    {
      account_id: string;
      received: number;
      needs_reroute: number;
      downloads_pending: number;
      downloads_failed: number;
      last_poll: string | null;
    }
  >(
    `SELECT a.id AS account_id,
       (SELECT ifnull(sum(n), 0) FROM invoice_tallies t WHERE t.account_id = a.id AND t.direction = 'RECEIVED') AS received,
       (SELECT ifnull(sum(n), 0) FROM invoice_tallies t
         WHERE t.account_id = a.id AND t.direction = 'SENT' AND t.status = 'FAILED') AS needs_reroute,
       ${allIn('pending')} AS downloads_pending,
       ${allIn('failed')} AS downloads_failed,
       (SELECT value FROM cursors c WHERE c.account_id = a.id AND c.feed = 'last_poll_at') AS last_poll
     FROM accounts a`,
  );
  // Kept by migration 17's triggers: a handful of rows per account, however many were ever sent.
  const outbox = db.prepare<[], { account_id: string; state: OutboxState; n: number }>('SELECT account_id, state, n FROM outbox_tallies');

  return {
    /** Account id -> its counts, for every account in the store. */
    all(): Map<string, AccountCounts> {
      const result = new Map<string, AccountCounts>();
      for (const r of perAccount.all()) {
        result.set(r.account_id, {
          ...noCounts(),
          received: r.received,
          needsReroute: r.needs_reroute,
          downloadsPending: r.downloads_pending,
          downloadsFailed: r.downloads_failed,
          lastPoll: r.last_poll,
        });
      }
      for (const r of outbox.all()) {
        const counts = result.get(r.account_id);
        if (counts) counts.outbox[r.state] = r.n;
      }
      return result;
    },
  };
}

export type StatusCounts = ReturnType<typeof createStatusCounts>;
