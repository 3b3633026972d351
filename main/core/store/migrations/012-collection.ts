import type { Migration } from '../migrate';

/**
 * The collection state of sent invoices, mirrored so the Sent list and the Collection page show it
 * offline: one row per invoice sent to collection (its assignment's status, phase and amounts), and
 * the assignment's events with whether the user has seen them (the "what changed since" of the page).
 */
export const m012Collection: Migration = {
  version: 12,
  name: 'collection',
  up(db) {
    db.exec(`
      CREATE TABLE collection_assignments (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        invoice_id TEXT NOT NULL,
        assignment_id TEXT,
        status TEXT NOT NULL,
        reason TEXT,
        link TEXT,
        phase TEXT,
        closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
        currency TEXT,
        collectable_amount REAL,
        paid_amount REAL,
        open_amount REAL,
        summary TEXT,
        json TEXT NOT NULL,
        created_at TEXT NOT NULL,
        checked_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, invoice_id)
      ) STRICT;
      CREATE TABLE collection_events (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        event_id TEXT NOT NULL,
        assignment_id TEXT NOT NULL,
        invoice_id TEXT NOT NULL,
        event_type TEXT NOT NULL,
        happened_at TEXT NOT NULL,
        data_json TEXT NOT NULL,
        seen INTEGER NOT NULL DEFAULT 0 CHECK (seen IN (0, 1)),
        first_seen_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, event_id)
      ) STRICT;
      CREATE INDEX collection_events_unseen ON collection_events (account_id, seen);
      CREATE INDEX collection_events_by_invoice ON collection_events (account_id, invoice_id, happened_at);
    `);
  },
};
