import type { Migration } from '../migrate';

/**
 * `outbox.service_key`: the key a row is sent under (invoice `uuid`, document `transmission_id`), apart
 * from `idem_key`, which names the row's spool copies and stays random and unique. A file taken in
 * gets a key derived from its account, folder and content (sync/service-key.ts), the same key again if
 * the database forgets the row; a held duplicate shares its content with a sent row, so it keeps
 * `service_key` NULL and, sent anyway, goes under its own `idem_key`. Rows from before this version
 * were sent under `idem_key`: NULL keeps them so.
 *
 * `outbox.refused_tries`: the tries the service answered with an error (it made nothing). A try beyond
 * them had no answer, or one that could not be read: its invoice may exist, and is looked for before the
 * file is sent again (sync/jobs/find-sent-invoice.ts).
 */
export const m022ServiceKeys: Migration = {
  version: 22,
  name: 'service-keys',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN service_key TEXT;
      ALTER TABLE outbox ADD COLUMN refused_tries INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
