import type { Migration } from '../migrate';

/**
 * `watch_until`: a file refused for ending early is watched in Failed/ for a writer that goes on, until
 * this time (sync/cut-short.ts). The watch was kept in memory only, so an app restarted in those minutes
 * forgot it and a file finished in Failed/ was never told of; kept on the row, the next start goes on
 * watching. Set only on such refusals; cleared once the change is told, the file is gone, or the time is up.
 */
export const m024RefusalWatch: Migration = {
  version: 24,
  name: 'refusal-watch',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN watch_until INTEGER;
      CREATE INDEX outbox_watched ON outbox (account_id, watch_until) WHERE watch_until IS NOT NULL;
    `);
  },
};
