import type { Migration } from '../migrate';

/**
 * Two reads of every poll that still went through an account's whole history (migration 16 did the
 * same for sent invoices and the outbox), each now through a partial index holding only what is open:
 *
 * - sent business documents whose status may still change (store/documents.ts, UNFINISHED_SENT_DOCUMENTS_SQL):
 *   2.5 ms a poll at 10,000 sent documents and 22 ms at 100,000, before;
 * - received RI bank messages, downloaded and verified, whose delete on the service was never queued
 *   (store/bank-messages.ts, UNDELETED_RI_SQL, asked when the account deletes RI messages after
 *   download): 12.5 ms at 10,000 messages and 126 ms at 100,000, before. Which messages had their delete
 *   queued was known only from the `jobs` table, so every downloaded message was looked up there;
 *   `delete_queued` now says it on the message's own row (set with the job, backfilled here), and the
 *   index holds only the messages still without one.
 *
 * Each WHERE is its query's own, term for term (SQLite uses a partial index only for a query whose
 * WHERE holds each of its terms); the final statuses and the job kind are this version's, spelled out
 * here as a migration must.
 */
export const m018SentDocumentsAndRiDeletes: Migration = {
  version: 18,
  name: 'sent-documents-and-ri-deletes',
  up(db) {
    db.exec(`
      CREATE INDEX documents_unfinished_sent ON documents (account_id, updated_at)
        WHERE direction = 'SENT' AND (status IS NULL OR status NOT IN ('CONFIRMED_DELIVERY', 'FAILED'));
      ALTER TABLE bank_messages ADD COLUMN delete_queued INTEGER NOT NULL DEFAULT 0 CHECK (delete_queued IN (0, 1));
      UPDATE bank_messages SET delete_queued = 1
        WHERE kind = 'ri' AND EXISTS (
          SELECT 1 FROM jobs j WHERE j.account_id = bank_messages.account_id AND j.kind = 'ri-delete' AND j.key = bank_messages.id);
      CREATE INDEX bank_messages_ri_undeleted ON bank_messages (account_id, job_id)
        WHERE kind = 'ri' AND state = 'done' AND verified = 1 AND path IS NOT NULL AND sha256 IS NOT NULL AND delete_queued = 0;
    `);
  },
};
