import type { Migration } from '../migrate';

/**
 * Sending Finnish bank messages and trading documents with companions:
 * - `outbox.kind` takes `bank_message` (files of Outbox/BankMessages). SQLite cannot widen a CHECK, so
 *   the table is rebuilt (migration 6's recipe: same columns in the same order, rows, ids and indexes kept).
 * - `outbox.companions_json`: the attachments and reference list captured with a document, each with
 *   its own spool copy, so the group is one row: queued, sent and moved together.
 * - `accounts.delete_ri_after_download`: delete a received RI message on the service once its file is
 *   durable here (off unless the user turns it on).
 */
export const m010BankMessagesOut: Migration = {
  version: 10,
  name: 'bank-messages-out',
  up(db) {
    const from = "CHECK (kind IN ('invoice', 'document'))";
    const to = "CHECK (kind IN ('invoice', 'document', 'bank_message'))";
    const def = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'outbox'").get();
    if (!def?.sql.includes(from)) throw new Error('outbox: its kind check is not the one this migration widens');
    const indexes = db
      .prepare<[], { sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'outbox' AND sql IS NOT NULL")
      .all();
    db.exec(def.sql.replace(from, to).replace(/^CREATE TABLE\s+"?\w+"?/, 'CREATE TABLE outbox_rebuilt'));
    db.exec('INSERT INTO outbox_rebuilt SELECT * FROM outbox');
    db.exec('DROP TABLE outbox');
    db.exec('ALTER TABLE outbox_rebuilt RENAME TO outbox');
    for (const i of indexes) db.exec(i.sql);
    db.exec(`
      ALTER TABLE outbox ADD COLUMN companions_json TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE accounts ADD COLUMN delete_ri_after_download INTEGER NOT NULL DEFAULT 0
        CHECK (delete_ri_after_download IN (0, 1));
    `);
  },
};
