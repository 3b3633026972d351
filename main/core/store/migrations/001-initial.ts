import type { Migration } from '../migrate';

/**
 * The engine's own tables: accounts, the outbox of upload jobs, per-folder sending options, feed
 * cursors and the activity log. Times we stamp are epoch milliseconds (INTEGER); every table is
 * STRICT so a wrong type is an error instead of a silently stored string.
 */
export const m001Initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        environment TEXT NOT NULL CHECK (environment IN ('production', 'test', 'sandbox')),
        base_url TEXT,
        company_id TEXT NOT NULL,
        root TEXT NOT NULL,
        poll_interval_s INTEGER NOT NULL DEFAULT 300 CHECK (poll_interval_s > 0),
        mark_handled INTEGER NOT NULL DEFAULT 0 CHECK (mark_handled IN (0, 1)),
        paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        -- a base URL only makes sense for the sandbox; production and test have fixed hosts
        CHECK (environment = 'sandbox' OR base_url IS NULL)
      ) STRICT;

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('invoice', 'document')),
        document_type TEXT CHECK (kind = 'document' OR document_type IS NULL),
        rel_path TEXT NOT NULL,
        filename TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        idem_key TEXT NOT NULL UNIQUE,
        options_json TEXT NOT NULL DEFAULT '{}',
        state TEXT NOT NULL DEFAULT 'queued'
          CHECK (state IN ('queued', 'held_duplicate', 'uploading', 'uploaded', 'moving', 'done', 'failed', 'vanished')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        error_kind TEXT CHECK (error_kind IN ('skip', 'retry', 'user')),
        remote_id TEXT,
        dest_path TEXT,
        forced INTEGER NOT NULL DEFAULT 0 CHECK (forced IN (0, 1)),
        delivery_status TEXT,
        delivery_checked_at INTEGER,
        needs_reroute INTEGER NOT NULL DEFAULT 0 CHECK (needs_reroute IN (0, 1)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (account_id, state, next_attempt_at);
      CREATE INDEX outbox_sha256 ON outbox (account_id, sha256);
      -- one version of one file is in flight at most once; once settled it may be queued again
      CREATE UNIQUE INDEX outbox_active_version ON outbox (account_id, rel_path, sha256)
        WHERE state NOT IN ('done', 'failed', 'vanished');

      CREATE TABLE folder_options (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        folder TEXT NOT NULL,
        options_json TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, folder)
      ) STRICT;

      CREATE TABLE cursors (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        feed TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, feed)
      ) STRICT;

      CREATE TABLE activity (
        id INTEGER PRIMARY KEY,
        account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        level TEXT NOT NULL CHECK (level IN ('info', 'warn', 'error')),
        kind TEXT NOT NULL,
        message TEXT NOT NULL,
        ref TEXT
      ) STRICT;
      CREATE INDEX activity_by_account ON activity (account_id, id);
    `);
  },
};
