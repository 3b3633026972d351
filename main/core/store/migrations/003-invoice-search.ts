import type { Migration } from '../migrate';

/**
 * Offline full-text search over invoices: an external-content FTS5 table (the text lives once, in
 * `invoices`) kept in step by triggers, with prefix indexes so as-you-type queries of 1 to 3
 * characters read one doclist instead of merging every term that starts with them (for "a", thousands). `remove_diacritics 2` lets "jarvenpaa"
 * find "Järvenpää". The rebuild fills the index for invoices mirrored before this version.
 *
 * The triggers are the only writers of the index, so upserts must stay UPDATEs: an INSERT OR REPLACE
 * deletes without firing the delete trigger (recursive triggers are off) and leaves stale entries.
 */
export const m003InvoiceSearch: Migration = {
  version: 3,
  name: 'invoice-search',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE invoices_fts USING fts5 (
        number, reference, sender_name, recipient_name,
        content = 'invoices', content_rowid = 'row_id',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
      );

      CREATE TRIGGER invoices_fts_insert AFTER INSERT ON invoices BEGIN
        INSERT INTO invoices_fts (rowid, number, reference, sender_name, recipient_name)
        VALUES (new.row_id, new.number, new.reference, new.sender_name, new.recipient_name);
      END;

      CREATE TRIGGER invoices_fts_delete AFTER DELETE ON invoices BEGIN
        INSERT INTO invoices_fts (invoices_fts, rowid, number, reference, sender_name, recipient_name)
        VALUES ('delete', old.row_id, old.number, old.reference, old.sender_name, old.recipient_name);
      END;

      CREATE TRIGGER invoices_fts_update AFTER UPDATE OF number, reference, sender_name, recipient_name ON invoices
      WHEN old.number IS NOT new.number OR old.reference IS NOT new.reference
        OR old.sender_name IS NOT new.sender_name OR old.recipient_name IS NOT new.recipient_name
      BEGIN
        INSERT INTO invoices_fts (invoices_fts, rowid, number, reference, sender_name, recipient_name)
        VALUES ('delete', old.row_id, old.number, old.reference, old.sender_name, old.recipient_name);
        INSERT INTO invoices_fts (rowid, number, reference, sender_name, recipient_name)
        VALUES (new.row_id, new.number, new.reference, new.sender_name, new.recipient_name);
      END;

      INSERT INTO invoices_fts (invoices_fts) VALUES ('rebuild');
    `);
  },
};
