import type { Database } from 'better-sqlite3';

/** The cursor rows (store/cursors.ts) the health of an account reads, each with when it was last set. */
export const HEALTH_CURSORS = [
  'feed_health',
  'keys_unreadable',
  'root_missing',
  'local_fault.downloads',
  'local_fault.intake',
  'local_fault.data',
  'local_fault.rules',
  'last_poll_at',
] as const;
export type HealthCursor = (typeof HEALTH_CURSORS)[number];

/** What the store knows of one account's health (shared/account-health.ts decides what it means). */
export interface StoredHealth {
  cursors: Partial<Record<HealthCursor, { value: string; at: number }>>;
  unsent: { count: number; oldestAt: number | null; overdue: number; lastError: string | null };
  uploadsGivenUp: { count: number; since: number | null; lastError: string | null };
  downloadsGivenUp: { count: number; since: number | null };
}

const empty = (): StoredHealth => ({
  cursors: {},
  unsent: { count: 0, oldestAt: null, overdue: 0, lastError: null },
  uploadsGivenUp: { count: 0, since: null, lastError: null },
  downloadsGivenUp: { count: 0, since: null },
});

/**
 * Every account's health facts in a handful of grouped statements, however many accounts there are.
 * Uploads not sent yet are read through outbox_due (account, state); held ones through outbox_held;
 * given-up downloads through each table's due index: only rows still open are read, never the mirror.
 */
export function createHealthFacts(db: Database) {
  const cursors = db.prepare<[], { account_id: string; feed: HealthCursor; value: string; updated_at: number }>(
    `SELECT account_id, feed, value, updated_at FROM cursors WHERE feed IN (${HEALTH_CURSORS.map((c) => `'${c}'`).join(', ')})`,
  );
  // Overdue: not sent two poll intervals after it was queued (shared/account-health.ts graceMs).
  // Each account's part is one range of outbox_due (account, state): the years of sent rows are never read.
  const unsent = db.prepare<[number], { account_id: string; n: number; oldest: number; overdue: number; last_error: string | null }>(
    `SELECT a.id AS account_id, count(*) AS n, min(o.created_at) AS oldest,
       sum(o.created_at <= ? - a.poll_interval_s * 2000) AS overdue,
       max(o.last_error) AS last_error
     FROM accounts a CROSS JOIN outbox o INDEXED BY outbox_due
     WHERE o.account_id = a.id AND o.state IN ('queued', 'uploading') GROUP BY a.id`,
  );
  const held = db.prepare<[], { account_id: string; n: number; since: number; last_error: string | null }>(
    // The partial index's own condition (SQLite uses it only for that), the duplicates left out in the sums.
    `SELECT account_id, sum(state = 'needs_user') AS n, min(CASE WHEN state = 'needs_user' THEN updated_at END) AS since,
       max(CASE WHEN state = 'needs_user' THEN last_error END) AS last_error
     FROM outbox INDEXED BY outbox_held WHERE state IN ('needs_user', 'held_duplicate') GROUP BY account_id`,
  );
  // The same for given-up downloads: one range of each table's due index (account, state) per account.
  const givenUp = db.prepare<[], { account_id: string; n: number; since: number }>(
    ['invoice_files', 'document_files', 'bank_messages']
      .map(
        (t) =>
          `SELECT a.id AS account_id, count(*) AS n, min(t.updated_at) AS since
           FROM accounts a CROSS JOIN ${t} t INDEXED BY ${t}_due WHERE t.account_id = a.id AND t.state = 'failed' GROUP BY a.id`,
      )
      .join(' UNION ALL '),
  );

  return {
    /** Account id -> its stored health facts; accounts with nothing stored are absent (see `empty`). */
    all(now: number): Map<string, StoredHealth> {
      const out = new Map<string, StoredHealth>();
      const of = (id: string) => {
        let h = out.get(id);
        if (!h) {
          h = empty();
          out.set(id, h);
        }
        return h;
      };
      for (const r of cursors.all()) of(r.account_id).cursors[r.feed] = { value: r.value, at: r.updated_at };
      for (const r of unsent.all(now))
        of(r.account_id).unsent = { count: r.n, oldestAt: r.oldest, overdue: r.overdue, lastError: r.last_error };
      for (const r of held.all()) if (r.n > 0) of(r.account_id).uploadsGivenUp = { count: r.n, since: r.since, lastError: r.last_error };
      for (const r of givenUp.all()) {
        const d = of(r.account_id).downloadsGivenUp;
        d.count += r.n;
        d.since = d.since === null ? r.since : Math.min(d.since, r.since);
      }
      return out;
    },
    empty,
  };
}

export type HealthFactsRepo = ReturnType<typeof createHealthFacts>;
