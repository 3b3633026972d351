import type { Migration } from '../migrate';

/**
 * What each outbox row's own check was, kept on the row (sync/validate-outbound.ts): `check_mode`, the
 * folder's `validation` then; `check_rules`, the key of the stored report that decided (its rules
 * version, or `service`), so the row shows the report of its own bytes under the rules it was checked
 * with; `check_unchecked`, why it went out without one (`off`, or `rules_unavailable` in a `warn`
 * folder). Before, a row showed the newest report of its hash, whenever it was made: an invoice sent
 * unchecked later showed "Valid", with the report another file of the same bytes got twenty minutes on.
 *
 * `sent_at`: when the service took the file (the upload's answer), which its detail shows.
 *
 * Rows from before keep their verdict only where a report of their bytes existed when they were
 * queued (intake writes the report before the row), the local one first; the rest show none, and no
 * "unchecked" either, as nobody knows now. `sent_at` is taken from the upload's activity line where it
 * is still kept.
 */
export const m023OutboxChecks: Migration = {
  version: 23,
  name: 'outbox-checks',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN check_mode TEXT CHECK (check_mode IN ('block', 'warn', 'off'));
      ALTER TABLE outbox ADD COLUMN check_rules TEXT;
      ALTER TABLE outbox ADD COLUMN check_unchecked TEXT CHECK (check_unchecked IN ('off', 'rules_unavailable'));
      ALTER TABLE outbox ADD COLUMN sent_at INTEGER;
      UPDATE outbox SET check_rules = (
        SELECT v.rules FROM validation_reports v
        WHERE v.sha256 = outbox.sha256 AND v.created_at <= outbox.created_at
        ORDER BY v.rules = 'service', v.created_at DESC LIMIT 1
      );
      -- One pass over the activity log, joined by row id (a lookup per row would read the log once per row).
      UPDATE outbox SET sent_at = s.at
      FROM (SELECT CAST(ref AS INTEGER) AS id, min(at) AS at FROM activity WHERE kind = 'upload.done' GROUP BY ref) AS s
      WHERE s.id = outbox.id AND outbox.state IN ('uploaded', 'moving', 'done');
    `);
  },
};
