import type { Database } from 'better-sqlite3';

/**
 * What needs a person, counted per account straight from the tables: one grouped query per source,
 * or one indexed look per account, so the Overview of an office with hundreds of companies stays a
 * few milliseconds. Each answers account id -> count; accounts with nothing are absent.
 */
export function createAttentionCounts(db: Database) {
  const outbox = db.prepare<[number], { account_id: string; held: number; failed: number }>(
    `SELECT account_id,
       sum(state IN ('needs_user', 'held_duplicate')) AS held,
       sum(state = 'failed' AND updated_at >= ?) AS failed
     FROM outbox WHERE state IN ('needs_user', 'held_duplicate', 'failed') GROUP BY account_id`,
  );
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
      return positive(outbox.all(0).map((r) => [r.account_id, r.held]));
    },
    /** Files the service refused since `since` (moved to Failed/ with a note). */
    failedUploads(since: number): Map<string, number> {
      return positive(outbox.all(since).map((r) => [r.account_id, r.failed]));
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
