import type { Migration } from '../migrate';

/**
 * `comment`: the comment an invoice was sent with (the real service answers it on every sent invoice,
 * real-service-facts F1), mirrored so the list shows it without parsing each record. Invoices already
 * mirrored take theirs from their stored record; no trigger watches the column, so the fill rewrites
 * no search index or tally.
 */
export const m028InvoiceComment: Migration = {
  version: 28,
  name: 'invoice-comment',
  up(db) {
    db.exec(`
      ALTER TABLE invoices ADD COLUMN comment TEXT;
      UPDATE invoices SET comment = json_extract(json, '$.comment') WHERE json_extract(json, '$.comment') IS NOT NULL;
    `);
  },
};
