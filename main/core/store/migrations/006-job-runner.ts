import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate';

/**
 * One job runner for every kind of network work (sync/jobs/job-runner.ts):
 * - `needs_user`, a state in which a job stops retrying until the user acts, in the outbox and the
 *   three download tables. SQLite cannot alter a CHECK, so each table is rebuilt with the wider list
 *   (nothing references these tables, and the copy keeps every row, id and index).
 * - `outbox.failures_before_user`: the tries made before the user last said "try again", so the cap
 *   counts from there while `attempts` keeps counting every try (a row tried once is never withdrawn).
 * - `jobs`: the queue of the kinds without a table of their own (Detect results first), one row per
 *   kind and key, its data as JSON that the kind parses on load.
 */
export const m006JobRunner: Migration = {
  version: 6,
  name: 'job-runner',
  up(db) {
    widenStateCheck(
      db,
      'outbox',
      "CHECK (state IN ('queued', 'held_duplicate', 'uploading', 'uploaded', 'moving', 'done', 'failed', 'vanished'))",
      "CHECK (state IN ('queued', 'held_duplicate', 'needs_user', 'uploading', 'uploaded', 'moving', 'done', 'failed', 'vanished'))",
    );
    db.exec('ALTER TABLE outbox ADD COLUMN failures_before_user INTEGER NOT NULL DEFAULT 0');
    for (const table of ['invoice_files', 'document_files', 'bank_messages']) {
      widenStateCheck(
        db,
        table,
        "CHECK (state IN ('pending', 'done', 'failed', 'missing'))",
        "CHECK (state IN ('pending', 'needs_user', 'done', 'failed', 'missing'))",
      );
    }
    db.exec(`
      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        key TEXT NOT NULL,
        data_json TEXT NOT NULL DEFAULT '{}',
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'needs_user', 'done', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        error_kind TEXT CHECK (error_kind IN ('skip', 'retry', 'user')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (account_id, kind, key)
      ) STRICT;
      CREATE INDEX jobs_due ON jobs (account_id, kind, state, next_attempt_at);
    `);
  },
};

/** Rebuilds `table` with its state CHECK replaced, keeping its rows and indexes (SQLite's 12-step recipe). */
function widenStateCheck(db: Database, table: string, from: string, to: string): void {
  const def = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table);
  if (!def?.sql.includes(from)) throw new Error(`${table}: its state check is not the one this migration widens`);
  const indexes = db
    .prepare<[string], { sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(table);
  const created = def.sql.replace(from, to).replace(/^CREATE TABLE\s+"?\w+"?/, `CREATE TABLE ${table}_rebuilt`);
  db.exec(created);
  db.exec(`INSERT INTO ${table}_rebuilt SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${table}_rebuilt RENAME TO ${table}`);
  for (const i of indexes) db.exec(i.sql);
}
