import type { Migration } from '../migrate';

/**
 * What every poll still follows of what was sent, each through a partial index holding only it: the
 * outbox rows whose delivery is not final (store/outbox.ts, `listUndelivered`), bank messages sent
 * without a service id yet (`listUnidentifiedBankMessages`), and mirrored sent invoices whose status
 * may still change (store/invoices.ts, `listUnfinishedSent`). Before this, each read every sent row of
 * the account: 6, 0.75 and 1.5-2.8 ms a poll at 10,000 sent invoices, growing with the years an
 * account has sent. Each WHERE is its query's own, term for term (SQLite uses a partial index only
 * for a query whose WHERE holds each of its terms); the final statuses are the spec's at this
 * version, spelled out here as a migration must.
 *
 * And what the window reads of them, so that it never loads an account's whole history: the newest
 * sent rows and those waiting for a reroute (the Outbox page, `outbox.list`), and the row that sent a
 * given invoice (its detail view and its reroute), which were found by loading every sent row.
 */
export const m016StillFollowed: Migration = {
  version: 16,
  name: 'still-followed',
  up(db) {
    db.exec(`
      CREATE INDEX outbox_tracked ON outbox (account_id, coalesce(delivery_checked_at, 0), id)
        WHERE remote_id IS NOT NULL AND state IN ('uploaded', 'moving', 'done')
          AND CASE kind
            WHEN 'invoice' THEN coalesce(delivery_status, '') NOT IN ('DELIVERED', 'FAILED', 'SENT')
            WHEN 'document' THEN coalesce(delivery_status, '') NOT IN ('CONFIRMED_DELIVERY', 'FAILED')
            ELSE coalesce(delivery_status, '') NOT IN ('OK', 'ERROR')
          END;
      CREATE INDEX outbox_bank_unidentified ON outbox (account_id, created_at)
        WHERE kind = 'bank_message' AND remote_id IS NULL AND state IN ('uploaded', 'moving', 'done');
      CREATE INDEX invoices_unfinished_sent ON invoices (account_id, updated_at)
        WHERE direction = 'SENT' AND (status IS NULL OR status NOT IN ('DELIVERED', 'FAILED', 'SENT'));
      CREATE INDEX outbox_done ON outbox (account_id, id) WHERE state = 'done';
      CREATE INDEX outbox_reroute ON outbox (account_id) WHERE needs_reroute = 1;
      CREATE INDEX outbox_remote ON outbox (account_id, remote_id) WHERE remote_id IS NOT NULL;
    `);
  },
};
