import type { Migration } from '../migrate';

/**
 * The takeovers this app started, completed or reverted (issue 38 item 6). The service lists no
 * takeovers: without this table a takeover started and not completed was reachable only by its id,
 * which the user had to copy from the screen before closing the app. `label` is what the user knew the
 * company by when it was found (its name, else the organisation number searched).
 */
export const m027PartnerTakeovers: Migration = {
  version: 27,
  name: 'partner-takeovers',
  up(db) {
    db.exec(`
      CREATE TABLE partner_takeovers (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        takeover_id TEXT NOT NULL,
        company_id TEXT,
        label TEXT,
        state TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, takeover_id)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
