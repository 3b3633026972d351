import type { Migration } from '../migrate';

/**
 * Reports of the local validation of files put into the Outbox (sync/validate-outbound.ts), one per
 * content hash and rules version: a file is validated once, not at every scan, and a queued or
 * refused row finds its report through its sha256.
 */
export const m009ValidationReports: Migration = {
  version: 9,
  name: 'validation-reports',
  up(db) {
    db.exec(`
      CREATE TABLE validation_reports (
        sha256 TEXT NOT NULL,
        rules TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('valid', 'invalid', 'unreadable')),
        report_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (sha256, rules)
      ) STRICT;
    `);
  },
};
