import type { Database } from 'better-sqlite3';
import type { StoreDeps } from './deps';

/** Where each polled feed of an account got to (a timestamp, page token or last id, as the feed needs). */
export function createCursorsRepo(db: Database, deps: StoreDeps) {
  const get = db.prepare<[string, string], { value: string }>('SELECT value FROM cursors WHERE account_id = ? AND feed = ?');
  const set = db.prepare<{ account: string; feed: string; value: string; now: number }>(`
    INSERT INTO cursors (account_id, feed, value, updated_at) VALUES (@account, @feed, @value, @now)
    ON CONFLICT (account_id, feed) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`);
  const clear = db.prepare<[string, string]>('DELETE FROM cursors WHERE account_id = ? AND feed = ?');

  return {
    get(accountId: string, feed: string): string | undefined {
      return get.get(accountId, feed)?.value;
    },
    set(accountId: string, feed: string, value: string): void {
      set.run({ account: accountId, feed, value, now: deps.now() });
    },
    /** Forget the position so the next poll starts over (a full resync of that feed). */
    clear(accountId: string, feed: string): boolean {
      return clear.run(accountId, feed).changes === 1;
    },
  };
}

export type CursorsRepo = ReturnType<typeof createCursorsRepo>;
