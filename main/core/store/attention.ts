import type { Database } from 'better-sqlite3';

/**
 * Uploads held for the user, per account, through the partial index outbox_held (migration 19); named,
 * as a planner looking at a small table may prefer a whole-table index that grows with every file sent.
 */
export const HELD_SQL = `SELECT account_id, count(*) AS n FROM outbox INDEXED BY outbox_held WHERE state IN ('needs_user', 'held_duplicate') GROUP BY account_id`;

/**
 * Uploads the service refused since a moment, per account: through outbox_failed_at (migration 19),
 * which holds failed rows by when they failed, so only the window is read, not every failure ever.
 */
export const FAILED_SINCE_SQL = `SELECT account_id, count(*) AS n FROM outbox INDEXED BY outbox_failed_at WHERE state = 'failed' AND updated_at >= ? GROUP BY account_id`;

/**
 * What needs a person, counted per account straight from the tables: one grouped query per source,
 * or one indexed look per account, so the Overview of an office with hundreds of companies stays a
 * few milliseconds. Each answers account id -> count; accounts with nothing are absent.
 */
export function createAttentionCounts(db: Database) {
  const held = db.prepare<[], { account_id: string; n: number }>(HELD_SQL);
  const failedSince = db.prepare<[number], { account_id: string; n: number }>(FAILED_SINCE_SQL);
  // coalesce(status, '') is the expression of invoices_by_status, so each account is one index range.
  const failedSent = db.prepare<[string], { n: number }>(
    `SELECT count(*) AS n FROM invoices WHERE account_id = ? AND direction = 'SENT' AND coalesce(status, '') = 'FAILED'`,
  );
  const lastInvoice = db.prepare<[string, string], { at: number | null }>(
    'SELECT max(sort_ms) AS at FROM invoices WHERE account_id = ? AND direction = ?',
  );
  const lastDocument = db.prepare<[string, string], { at: number | null }>(
    'SELECT max(sort_ms) AS at FROM documents WHERE account_id = ? AND direction = ?',
  );
  const positive = (rows: Iterable<[string, number]>) => new Map([...rows].filter(([, n]) => n > 0));

  return {
    /** Uploads held for the user (a refusal they must answer, or a duplicate to confirm). */
    heldUploads(): Map<string, number> {
      return positive(held.all().map((r) => [r.account_id, r.n]));
    },
    /** Files the service refused since `since` (moved to Failed/ with a note). */
    failedUploads(since: number): Map<string, number> {
      return positive(failedSince.all(since).map((r) => [r.account_id, r.n]));
    },
    /** Sent invoices the service calls FAILED: each can be sent again by another route. */
    failedDeliveries(accountIds: readonly string[]): Map<string, number> {
      return positive(accountIds.map((id) => [id, failedSent.get(id)?.n ?? 0]));
    },
    /** The newest invoice or document the mirror holds for the account, in either direction (null: none). */
    lastTraffic(accountId: string): number | null {
      let best: number | null = null;
      for (const direction of ['RECEIVED', 'SENT']) {
        for (const q of [lastInvoice, lastDocument]) {
          const at = q.get(accountId, direction)?.at ?? null;
          if (at !== null && (best === null || at > best)) best = at;
        }
      }
      return best;
    },
  };
}

export type AttentionCounts = ReturnType<typeof createAttentionCounts>;
