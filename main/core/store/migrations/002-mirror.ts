import type { Migration } from '../migrate';

/**
 * The mirror of the service: invoices, documents and Finnish bank messages, plus the durable
 * download jobs for their files. Every table has an explicit INTEGER PRIMARY KEY: VACUUM may renumber
 * implicit rowids, and the invoice search index (migration 3) points at rows by rowid. Natural keys
 * are UNIQUE constraints instead. Optional parts of a natural key are NOT NULL DEFAULT '' because
 * SQLite treats NULLs as distinct in a UNIQUE constraint, which would let the same job in twice.
 */
export const m002Mirror: Migration = {
  version: 2,
  name: 'mirror',
  up(db) {
    db.exec(`
      CREATE TABLE invoices (
        row_id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('RECEIVED', 'SENT')),
        status TEXT,
        number TEXT,
        reference TEXT,
        sender_name TEXT,
        sender_bid TEXT,
        recipient_name TEXT,
        recipient_bid TEXT,
        date TEXT,
        date_due TEXT,
        sum REAL,
        sum_tax REAL,
        currency TEXT,
        received_at TEXT,
        created_at TEXT,
        -- received_at (else created_at) in epoch ms: ISO strings with different offsets do not sort as text
        sort_ms INTEGER NOT NULL,
        handled INTEGER NOT NULL DEFAULT 0 CHECK (handled IN (0, 1)),
        detect_status TEXT,
        detect_findings_json TEXT,
        json TEXT NOT NULL,
        first_seen_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (account_id, id)
      ) STRICT;
      -- the listing order, carrying the small filter columns so a filter that matches little is checked
      -- in the index without reading every row
      CREATE INDEX invoices_listing ON invoices (account_id, direction, sort_ms, id, status, handled, detect_status, date);

      CREATE TABLE invoice_files (
        job_id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL,
        invoice_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('original', 'image', 'attachment')),
        remote_file_id TEXT NOT NULL DEFAULT '',
        filename TEXT NOT NULL,
        path TEXT,
        sha256 TEXT,
        size INTEGER,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed', 'missing')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (account_id, invoice_id, kind, remote_file_id),
        FOREIGN KEY (account_id, invoice_id) REFERENCES invoices (account_id, id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX invoice_files_due ON invoice_files (account_id, state, next_attempt_at);

      CREATE TABLE documents (
        row_id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('RECEIVED', 'SENT')),
        type TEXT,
        status TEXT,
        number TEXT,
        reference TEXT,
        sender_name TEXT,
        recipient_name TEXT,
        transmission_id TEXT,
        created_at TEXT,
        received_at TEXT,
        sort_ms INTEGER NOT NULL,
        json TEXT NOT NULL,
        first_seen_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (account_id, id)
      ) STRICT;
      CREATE INDEX documents_listing ON documents (account_id, direction, sort_ms, id);

      CREATE TABLE document_files (
        job_id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        file_id TEXT NOT NULL,
        file_type TEXT,
        filename TEXT NOT NULL,
        path TEXT,
        sha256 TEXT,
        size INTEGER,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed', 'missing')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (account_id, document_id, file_id),
        FOREIGN KEY (account_id, document_id) REFERENCES documents (account_id, id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX document_files_due ON document_files (account_id, state, next_attempt_at);

      CREATE TABLE document_events (
        id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        code TEXT NOT NULL,
        message TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        json TEXT NOT NULL,
        first_seen_at INTEGER NOT NULL,
        UNIQUE (account_id, document_id, code, message, created_at),
        FOREIGN KEY (account_id, document_id) REFERENCES documents (account_id, id) ON DELETE CASCADE
      ) STRICT;

      CREATE TABLE bank_messages (
        job_id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('ri', 'sent', 'error')),
        id TEXT NOT NULL,
        message_type TEXT,
        seen_at INTEGER NOT NULL,
        path TEXT,
        sha256 TEXT,
        size INTEGER,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed', 'missing')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (account_id, kind, id)
      ) STRICT;
      CREATE INDEX bank_messages_due ON bank_messages (account_id, state, next_attempt_at);
    `);
  },
};
