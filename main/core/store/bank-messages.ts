import type { Database } from 'better-sqlite3';
import type { BankMessageKind } from '../../../shared/enums';
import { BANK_MESSAGE_COLUMNS } from '../../../shared/mirror/bank-message-columns';
import type { SummaryOf, TableRowOf } from '../../../shared/mirror/columns';
import { createBankMessagePages } from './bank-message-pages';
import type { StoreDeps } from './deps';
import {
  createDownloadJobs,
  type DownloadJob,
  type DownloadJobRecord,
  type FiledFile,
  type FiledFileRecord,
  toDownloadJob,
  toFiled,
} from './download-jobs';
import { mirrorSql } from './mirror-sql';

// The three feeds of Finnish bank messages (received `ri`, sent, error) are the service's enumeration.
export type { BankMessageKind } from '../../../shared/enums';

/** A bank message: its download job and its own columns (shared/mirror/bank-message-columns.ts). */
export interface BankMessageJob extends DownloadJob, SummaryOf<typeof BANK_MESSAGE_COLUMNS> {}

type BankMessageRecord = DownloadJobRecord & TableRowOf<typeof BANK_MESSAGE_COLUMNS>;

const BANK_MESSAGE_SQL = mirrorSql(BANK_MESSAGE_COLUMNS, 'b');

const toJob = (r: BankMessageRecord): BankMessageJob => toDownloadJob(r, BANK_MESSAGE_SQL.ofRow(r));

/**
 * Received RI messages downloaded and verified whose delete on the service was never queued: its WHERE
 * is the partial index bank_messages_ri_undeleted's (migration 18), so the messages already handed to
 * a delete, however many years of them, are never read.
 */
export const UNDELETED_RI_SQL = `SELECT * FROM bank_messages
    WHERE account_id = ? AND kind = 'ri' AND state = 'done' AND verified = 1 AND path IS NOT NULL AND sha256 IS NOT NULL
      AND delete_queued = 0
    ORDER BY job_id LIMIT ?`;

export function createBankMessagesRepo(db: Database, deps: StoreDeps) {
  const insert = db.prepare<Record<string, string | number | null>, BankMessageRecord>(`
    INSERT INTO bank_messages (account_id, kind, id, message_type, seen_at, created_at, updated_at)
    VALUES (@account, @kind, @id, @messageType, @now, @now, @now)
    ON CONFLICT (account_id, kind, id) DO NOTHING
    RETURNING *`);
  const existing = db.prepare<[string, BankMessageKind, string], BankMessageRecord>(
    'SELECT * FROM bank_messages WHERE account_id = ? AND kind = ? AND id = ?',
  );
  const list = db.prepare<[string, BankMessageKind, number], BankMessageRecord>(
    'SELECT * FROM bank_messages WHERE account_id = ? AND kind = ? ORDER BY seen_at DESC, job_id DESC LIMIT ?',
  );

  const setType = db.prepare<[string | null, string, BankMessageKind, string]>(
    'UPDATE bank_messages SET message_type = ? WHERE account_id = ? AND kind = ? AND id = ?',
  );
  const undeletedRi = db.prepare<[string, number], BankMessageRecord>(UNDELETED_RI_SQL);
  const deleteQueued = db.prepare<[string, string]>(
    "UPDATE bank_messages SET delete_queued = 1 WHERE account_id = ? AND kind = 'ri' AND id = ?",
  );

  // A bank message has no date or sender of its own in the mirror: it is filed by when it was mirrored.
  const filed = db.prepare<[string, number, number], FiledFileRecord>(`
    SELECT job_id, path, sha256, moving_to, created_at, NULL AS date, NULL AS received_at, NULL AS sender_name
    FROM bank_messages WHERE account_id = ? AND state = 'done' AND path IS NOT NULL AND job_id > ?
    ORDER BY job_id LIMIT ?`);

  return {
    /** Downloaded bank messages after `afterJobId`, in job order. */
    listFiled(accountId: string, afterJobId: number, limit: number): FiledFile[] {
      return filed.all(accountId, afterJobId, limit).map(toFiled);
    },
    /** Idempotent: listings repeat ids across overlapping time windows; each is fetched once. */
    enqueue(
      accountId: string,
      kind: BankMessageKind,
      id: string,
      messageType: string | null = null,
    ): { job: BankMessageJob; created: boolean } {
      const row = insert.get({ account: accountId, kind, id, messageType, now: deps.now() });
      if (row) return { job: toJob(row), created: true };
      return { job: toJob(existing.get(accountId, kind, id)!), created: false };
    },
    /** One message of a feed, if the mirror knows it. */
    find(accountId: string, kind: BankMessageKind, id: string): BankMessageJob | undefined {
      const row = existing.get(accountId, kind, id);
      return row && toJob(row);
    },
    /** RI messages downloaded and verified whose delete was never queued (markDeleteQueued), oldest first. */
    listUndeletedRi(accountId: string, limit: number): BankMessageJob[] {
      return undeletedRi.all(accountId, limit).map(toJob);
    },
    /** The message's delete on the service is queued (in the same transaction as its job): it is never listed again. */
    markDeleteQueued(accountId: string, id: string): void {
      deleteQueued.run(accountId, id);
    },
    /** The message's type as read from its file (bankMessageLabel), kept so that it is read once. */
    setMessageType(accountId: string, kind: BankMessageKind, id: string, messageType: string | null): void {
      setType.run(messageType, accountId, kind, id);
    },
    /** The newest `limit` messages of one feed. */
    list(accountId: string, kind: BankMessageKind, limit = 500): BankMessageJob[] {
      return list.all(accountId, kind, limit).map(toJob);
    },
    ...createDownloadJobs(db, deps, 'bank_messages', toJob),
    ...createBankMessagePages(db, toJob),
  };
}

export type BankMessagesRepo = ReturnType<typeof createBankMessagesRepo>;
