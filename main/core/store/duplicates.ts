import type { Database } from './db';
import type { StoreDeps } from './deps';

/** A received invoice that another one of the account may duplicate (migration 26 says what matches). */
export interface PossibleDuplicate {
  id: string;
  number: string | null;
  senderName: string | null;
  receivedAt: string | null;
}

/** How many ids one question takes: SQLite's bound parameters are plenty, a page is about 100. */
const CHUNK = 500;

/**
 * Possible duplicates among received invoices, read from the key the mirror keeps (`duplicate_key`),
 * and the user's "not a duplicate" marks. Nothing here hides or handles an invoice: it only says which
 * ones match. An invoice marked "not a duplicate" neither is one nor makes another one.
 */
export function createDuplicatesRepo(db: Database, deps: StoreDeps) {
  const matchesOf = (n: number) =>
    db
      .prepare(`
        SELECT a.id AS of, b.id AS id, b.number AS number, b.sender_name AS senderName, b.received_at AS receivedAt
        FROM invoices a
        JOIN invoices b ON b.account_id = a.account_id AND b.duplicate_key = a.duplicate_key AND b.id <> a.id
        WHERE a.account_id = ? AND a.duplicate_key IS NOT NULL AND a.id IN (${Array.from({ length: n }, () => '?').join(',')})
          AND NOT EXISTS (SELECT 1 FROM invoice_not_duplicates x WHERE x.account_id = a.account_id AND x.invoice_id = a.id)
          AND NOT EXISTS (SELECT 1 FROM invoice_not_duplicates y WHERE y.account_id = b.account_id AND y.invoice_id = b.id)
        ORDER BY b.sort_ms, b.id`)
      .raw(false);
  const prepared = new Map<number, ReturnType<typeof matchesOf>>();
  const mark = db.prepare('INSERT OR REPLACE INTO invoice_not_duplicates (account_id, invoice_id, marked_at) VALUES (?, ?, ?)');
  const unmark = db.prepare('DELETE FROM invoice_not_duplicates WHERE account_id = ? AND invoice_id = ?');
  const marked = db.prepare('SELECT 1 FROM invoice_not_duplicates WHERE account_id = ? AND invoice_id = ?').pluck();

  return {
    /** For each of the ids that has any, the other received invoices it may duplicate, oldest first. */
    of(accountId: string, ids: readonly string[]): Map<string, PossibleDuplicate[]> {
      const out = new Map<string, PossibleDuplicate[]>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const part = ids.slice(i, i + CHUNK);
        let stmt = prepared.get(part.length);
        if (!stmt) {
          stmt = matchesOf(part.length);
          prepared.set(part.length, stmt);
        }
        for (const r of stmt.all(accountId, ...part) as (PossibleDuplicate & { of: string })[]) {
          const { of, ...dup } = r;
          const list = out.get(of) ?? [];
          list.push(dup);
          out.set(of, list);
        }
      }
      return out;
    },

    /** Whether the user said this invoice is not a duplicate. */
    isNotDuplicate: (accountId: string, invoiceId: string): boolean => marked.get(accountId, invoiceId) !== undefined,

    /** The user's "not a duplicate" (or taking it back). */
    setNotDuplicate(accountId: string, invoiceId: string, notDuplicate: boolean): void {
      if (notDuplicate) mark.run(accountId, invoiceId, deps.now());
      else unmark.run(accountId, invoiceId);
    },
  };
}

export type DuplicatesRepo = ReturnType<typeof createDuplicatesRepo>;
