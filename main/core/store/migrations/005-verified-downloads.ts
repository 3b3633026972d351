import type { Migration } from '../migrate';

/**
 * Downloads are verified before they land (sync/verify-download.ts). Files written by earlier versions
 * were not: `verified` marks the rows whose file passed, and a partial index holds the ones still to
 * be checked, so start-up finds them without reading the whole mirror, once.
 */
export const m005VerifiedDownloads: Migration = {
  version: 5,
  name: 'verified-downloads',
  up(db) {
    for (const table of ['invoice_files', 'document_files', 'bank_messages']) {
      db.exec(`
        ALTER TABLE ${table} ADD COLUMN verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1));
        CREATE INDEX ${table}_unverified ON ${table} (account_id, job_id) WHERE state = 'done' AND verified = 0;
      `);
    }
  },
};
