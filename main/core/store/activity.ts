import type { Database } from 'better-sqlite3';
import type { StoreDeps } from './deps';

export type ActivityLevel = 'info' | 'warn' | 'error';

export interface ActivityEntry {
  id: number;
  /** null: about the app, not one account. */
  accountId: string | null;
  at: number;
  level: ActivityLevel;
  /** A stable machine name ('upload.done', 'download.failed', ...) the UI can filter and translate. */
  kind: string;
  message: string;
  /** What it is about (an outbox id, an invoice id, a path), when there is one. */
  ref: string | null;
  /** Its facts, for the screen to say a known kind in the user's language (migration 30); null for most. */
  data: Record<string, string> | null;
}

export type NewActivity = Pick<ActivityEntry, 'level' | 'kind' | 'message'> & {
  accountId?: string | null;
  ref?: string | null;
  data?: Record<string, string> | null;
};

/** How many entries per account the log keeps by default. */
export const ACTIVITY_KEEP = 10_000;

interface ActivityRecord {
  id: number;
  account_id: string | null;
  at: number;
  level: ActivityLevel;
  kind: string;
  message: string;
  ref: string | null;
  data: string | null;
}

/** The facts as stored; a value that is not an object of strings is none (a later version's shape, say). */
function dataOf(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    return Object.values(v).every((x) => typeof x === 'string') ? (v as Record<string, string>) : null;
  } catch {
    return null;
  }
}

const toEntry = (r: ActivityRecord): ActivityEntry => ({
  id: r.id,
  accountId: r.account_id,
  at: r.at,
  level: r.level,
  kind: r.kind,
  message: r.message,
  ref: r.ref,
  data: dataOf(r.data),
});

/** The activity log the UI shows: append-only, newest first, pruned per account. */
export function createActivityRepo(db: Database, deps: StoreDeps) {
  const append = db.prepare<{
    account: string | null;
    at: number;
    level: ActivityLevel;
    kind: string;
    message: string;
    ref: string | null;
    data: string | null;
  }>('INSERT INTO activity (account_id, at, level, kind, message, ref, data) VALUES (@account, @at, @level, @kind, @message, @ref, @data)');
  const latestAll = db.prepare<[number], ActivityRecord>('SELECT * FROM activity ORDER BY id DESC LIMIT ?');
  const latestFor = db.prepare<[string, number], ActivityRecord>('SELECT * FROM activity WHERE account_id = ? ORDER BY id DESC LIMIT ?');
  // Walks the row ids down from the newest and stops at `after`: reads only the entries that are new.
  const newer = db.prepare<[number, number], ActivityRecord>(
    'SELECT * FROM (SELECT * FROM activity WHERE id > ? ORDER BY id DESC LIMIT ?) ORDER BY id',
  );
  // Entries without an account form one group of their own (PARTITION BY puts NULLs together).
  const prune = db.prepare<[number]>(`
    DELETE FROM activity WHERE id IN (
      SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY account_id ORDER BY id DESC) AS newer FROM activity)
      WHERE newer > ?)`);

  return {
    append(entry: NewActivity): number {
      const params = {
        account: entry.accountId ?? null,
        at: deps.now(),
        level: entry.level,
        kind: entry.kind,
        message: entry.message,
        ref: entry.ref ?? null,
        data: entry.data ? JSON.stringify(entry.data) : null,
      };
      return Number(append.run(params).lastInsertRowid);
    },
    /** The newest `limit` entries, of one account or (accountId omitted) of everything. */
    listLatest(limit: number, accountId?: string): ActivityEntry[] {
      return (accountId === undefined ? latestAll.all(limit) : latestFor.all(accountId, limit)).map(toEntry);
    },
    /** The newest `limit` entries written after entry `after`, of every account, oldest first. */
    listNewer(after: number, limit: number): ActivityEntry[] {
      return newer.all(after, limit).map(toEntry);
    },
    /** Keeps the newest `keep` entries of each account (and of the app-wide group); answers how many went. */
    prune(keep: number = ACTIVITY_KEEP): number {
      return prune.run(keep).changes;
    },
  };
}

export type ActivityRepo = ReturnType<typeof createActivityRepo>;
