import type { Database } from 'better-sqlite3';
import { type JsonObject, parseObject } from './columns';
import type { StoreDeps } from './deps';

/**
 * Sending options per outbox folder ('Outbox/Invoices', 'Outbox/Documents/ORDER', ...). The store keeps
 * them as JSON objects; the sync layer owns their schema and validates what it reads.
 */
export function createFolderOptionsRepo(db: Database, deps: StoreDeps) {
  const get = db.prepare<[string, string], { options_json: string }>(
    'SELECT options_json FROM folder_options WHERE account_id = ? AND folder = ?',
  );
  const all = db.prepare<[string], { folder: string; options_json: string }>(
    'SELECT folder, options_json FROM folder_options WHERE account_id = ? ORDER BY folder',
  );
  const set = db.prepare<{ account: string; folder: string; options: string; now: number }>(`
    INSERT INTO folder_options (account_id, folder, options_json, updated_at) VALUES (@account, @folder, @options, @now)
    ON CONFLICT (account_id, folder) DO UPDATE SET options_json = excluded.options_json, updated_at = excluded.updated_at`);
  const remove = db.prepare<[string, string]>('DELETE FROM folder_options WHERE account_id = ? AND folder = ?');

  return {
    get(accountId: string, folder: string): JsonObject | undefined {
      const row = get.get(accountId, folder);
      return row && parseObject(row.options_json);
    },
    list(accountId: string): { folder: string; options: JsonObject }[] {
      return all.all(accountId).map((r) => ({ folder: r.folder, options: parseObject(r.options_json) }));
    },
    set(accountId: string, folder: string, options: JsonObject): void {
      set.run({ account: accountId, folder, options: JSON.stringify(options), now: deps.now() });
    },
    remove(accountId: string, folder: string): boolean {
      return remove.run(accountId, folder).changes === 1;
    },
  };
}

export type FolderOptionsRepo = ReturnType<typeof createFolderOptionsRepo>;
