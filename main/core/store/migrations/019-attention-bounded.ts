import type { Migration } from '../migrate';

/**
 * What the Overview's "needs a person" counts of the outbox (store/attention.ts), each through a
 * partial index holding only its rows: the uploads held for the user, and the failed ones by when
 * they failed, so that "failed in the last week" reads that week alone. Before this, one grouped
 * query read every outbox row of every account, twice per Overview refresh: 2.7 ms each at 10,000
 * sent files and 37 ms at 100,000, and an office's outbox holds every company's years of sending.
 * Each WHERE is its query's own, term for term (HELD_SQL and FAILED_SINCE_SQL).
 */
export const m019AttentionBounded: Migration = {
  version: 19,
  name: 'attention-bounded',
  up(db) {
    db.exec(`
      CREATE INDEX outbox_held ON outbox (account_id) WHERE state IN ('needs_user', 'held_duplicate');
      CREATE INDEX outbox_failed_at ON outbox (updated_at, account_id) WHERE state = 'failed';
    `);
  },
};
