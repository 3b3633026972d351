import type { Migration } from '../migrate';

/**
 * An Inbox that scales (sync/reorganize.ts):
 * - `accounts.inbox_layout`: the subfolders received files go into ('flat', 'year', 'year-month',
 *   'sender'). Existing accounts keep the flat Inbox they have ('flat' here); new ones get their
 *   default from the repository.
 * - `moving_to` in the three download tables: where a reorganize is moving the row's file, written
 *   before the file moves and cleared when its new path is recorded, so a crash in between is
 *   finished at the next start instead of losing or doubling the file.
 * - An index on `path` (and one on `moving_to`): a reorganize asks "does a row own this name?" for
 *   every file it moves, which read the whole table before.
 */
export const m007InboxLayout: Migration = {
  version: 7,
  name: 'inbox-layout',
  up(db) {
    db.exec(`
      ALTER TABLE accounts ADD COLUMN inbox_layout TEXT NOT NULL DEFAULT 'flat'
        CHECK (inbox_layout IN ('flat', 'year', 'year-month', 'sender'));
    `);
    for (const table of ['invoice_files', 'document_files', 'bank_messages']) {
      db.exec(`
        ALTER TABLE ${table} ADD COLUMN moving_to TEXT;
        CREATE INDEX ${table}_path ON ${table} (path) WHERE path IS NOT NULL;
        CREATE INDEX ${table}_moving ON ${table} (moving_to) WHERE moving_to IS NOT NULL;
      `);
    }
  },
};
