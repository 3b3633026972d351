import type { Database } from 'better-sqlite3';
import type { StoreDeps } from './deps';

export const DOWNLOAD_STATES = ['pending', 'needs_user', 'done', 'failed', 'missing'] as const;
/**
 * pending: to fetch (maybe later); needs_user: waits for the user (credentials, a missing scope);
 * done: written to disk; failed: gave up; missing: the service no longer has it.
 */
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** The part every durable download job shares (invoice files, document files, bank messages). */
export interface DownloadJob {
  jobId: number;
  accountId: string;
  state: DownloadState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** Where the file was written (set when done). */
  path: string | null;
  sha256: string | null;
  size: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface DownloadJobRecord {
  job_id: number;
  account_id: string;
  state: DownloadState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  path: string | null;
  sha256: string | null;
  size: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A download job from its row, with the fields of its own kind (`own`) added by Object.assign, not a
 * spread followed by more fields: under Node 20 that gives every job a hidden class of its own in the
 * old generation (store/columns.ts, patchParams), and jobs are read 200 at a time.
 */
export const toDownloadJob = <T extends object>(r: DownloadJobRecord, own: T): DownloadJob & T =>
  Object.assign(
    {
      jobId: r.job_id,
      accountId: r.account_id,
      state: r.state,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      lastError: r.last_error,
      path: r.path,
      sha256: r.sha256,
      size: r.size,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    },
    own,
  );

export interface WrittenFile {
  path: string;
  sha256: string;
  size: number;
}

/** A downloaded file where it lies, and where a reorganize is moving it (sync/reorganize.ts). */
export interface PlacedFile {
  jobId: number;
  path: string;
  sha256: string | null;
  /** Set while the file is being moved: written before the move, cleared when `path` follows. */
  movingTo: string | null;
}

/**
 * A downloaded file with what its Inbox folder is chosen from (shared/inbox-layout.ts): the item's
 * own date, its received date, its sender, and when its job was made (the last fallback date).
 */
export interface FiledFile extends PlacedFile {
  mirroredAt: number;
  date: string | null;
  receivedAt: string | null;
  senderName: string | null;
}

export interface FiledFileRecord {
  job_id: number;
  path: string;
  sha256: string | null;
  moving_to: string | null;
  created_at: number;
  date: string | null;
  received_at: string | null;
  sender_name: string | null;
}

export const toFiled = (r: FiledFileRecord): FiledFile => ({
  jobId: r.job_id,
  path: r.path,
  sha256: r.sha256,
  movingTo: r.moving_to,
  mirroredAt: r.created_at,
  date: r.date,
  receivedAt: r.received_at,
  senderName: r.sender_name,
});

/** The tables with the download-job shape (a closed list: table names are never caller input). */
export type DownloadTable = 'invoice_files' | 'document_files' | 'bank_messages';

interface PlacedFileRecord {
  job_id: number;
  path: string;
  sha256: string | null;
  moving_to: string | null;
}

const toPlaced = (r: PlacedFileRecord): PlacedFile => ({ jobId: r.job_id, path: r.path, sha256: r.sha256, movingTo: r.moving_to });

/**
 * The state functions of a download-job table. Each move starts from `pending` only, so a result that
 * arrives after the job was settled another way (requeued, failed by a newer attempt) changes nothing;
 * each answers whether it moved the job.
 */
export function createDownloadJobs<R extends DownloadJobRecord, J>(
  db: Database,
  deps: StoreDeps,
  table: DownloadTable,
  toJob: (r: R) => J,
) {
  const byId = db.prepare<[number], R>(`SELECT * FROM ${table} WHERE job_id = ?`);
  const due = db.prepare<[string, number, number], R>(
    `SELECT * FROM ${table} WHERE account_id = ? AND state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, job_id LIMIT ?`,
  );
  const done = db.prepare<{ id: number; path: string; sha256: string; size: number; now: number }>(
    `UPDATE ${table} SET state = 'done', path = @path, sha256 = @sha256, size = @size, last_error = NULL, verified = 1, updated_at = @now
     WHERE job_id = @id AND state = 'pending'`,
  );
  const unverified = db.prepare<[string, number], R>(
    `SELECT * FROM ${table} WHERE account_id = ? AND state = 'done' AND verified = 0 ORDER BY job_id LIMIT ?`,
  );
  const verified = db.prepare<[number]>(`UPDATE ${table} SET verified = 1 WHERE job_id = ?`);
  // A name a reorganize is moving a file to is taken as well: a download must not take that file for its own.
  const owner = db.prepare<[string, string], { job_id: number }>(
    `SELECT job_id FROM ${table} WHERE (path = ? AND state = 'done') OR moving_to = ? LIMIT 1`,
  );
  const doneFiles = db.prepare<[string, number, number], PlacedFileRecord>(
    `SELECT job_id, path, sha256, moving_to FROM ${table} WHERE account_id = ? AND state = 'done' AND path IS NOT NULL AND job_id > ?
     ORDER BY job_id LIMIT ?`,
  );
  const moving = db.prepare<[string], PlacedFileRecord>(
    `SELECT job_id, path, sha256, moving_to FROM ${table} WHERE moving_to IS NOT NULL AND account_id = ? ORDER BY job_id`,
  );
  const planMove = db.prepare<{ id: number; from: string; to: string; now: number }>(
    `UPDATE ${table} SET moving_to = @to, updated_at = @now WHERE job_id = @id AND state = 'done' AND path = @from`,
  );
  const finishMove = db.prepare<{ id: number; now: number }>(
    `UPDATE ${table} SET path = moving_to, moving_to = NULL, updated_at = @now WHERE job_id = @id AND moving_to IS NOT NULL`,
  );
  const cancelMove = db.prepare<{ id: number; now: number }>(
    `UPDATE ${table} SET moving_to = NULL, updated_at = @now WHERE job_id = @id AND moving_to IS NOT NULL`,
  );
  const setAside = db.prepare<{ id: number; error: string; now: number }>(
    `UPDATE ${table} SET state = 'pending', attempts = 0, next_attempt_at = 0, path = NULL, sha256 = NULL, size = NULL,
       verified = 0, last_error = @error, updated_at = @now
     WHERE job_id = @id AND state = 'done'`,
  );
  const retry = db.prepare<{ id: number; error: string; at: number; now: number }>(
    `UPDATE ${table} SET attempts = attempts + 1, last_error = @error, next_attempt_at = @at, updated_at = @now
     WHERE job_id = @id AND state = 'pending'`,
  );
  const settle = db.prepare<{ id: number; state: DownloadState; error: string | null; now: number }>(
    `UPDATE ${table} SET state = @state, attempts = attempts + 1, last_error = @error, updated_at = @now
     WHERE job_id = @id AND state = 'pending'`,
  );
  const hold = db.prepare<{ id: number; error: string; now: number }>(
    `UPDATE ${table} SET state = 'needs_user', attempts = attempts + 1, last_error = @error, updated_at = @now
     WHERE job_id = @id AND state = 'pending'`,
  );
  const releaseHeld = db.prepare<{ account: string; now: number }>(
    `UPDATE ${table} SET state = 'pending', attempts = 0, next_attempt_at = 0, updated_at = @now
     WHERE account_id = @account AND state = 'needs_user'`,
  );
  const requeue = db.prepare<{ id: number; at: number; now: number }>(
    `UPDATE ${table} SET state = 'pending', attempts = 0, last_error = NULL, next_attempt_at = @at, updated_at = @now
     WHERE job_id = @id AND state != 'pending'`,
  );
  const failedOnes = db.prepare<[string, number], R>(
    `SELECT * FROM ${table} WHERE account_id = ? AND state = 'failed' ORDER BY updated_at DESC, job_id DESC LIMIT ?`,
  );
  // Given up back to the queue, due now, its tries counted afresh: the user's "fetch again", one or all of an account.
  const fetchAgainAll = db.prepare<{ account: string; now: number }>(
    `UPDATE ${table} SET state = 'pending', attempts = 0, last_error = NULL, next_attempt_at = 0, updated_at = @now
     WHERE account_id = @account AND state = 'failed'`,
  );
  const fetchAgainOne = db.prepare<{ account: string; id: number; now: number }>(
    `UPDATE ${table} SET state = 'pending', attempts = 0, last_error = NULL, next_attempt_at = 0, updated_at = @now
     WHERE account_id = @account AND job_id = @id AND state = 'failed'`,
  );
  const counts = db.prepare<[string], { state: DownloadState; n: number }>(
    `SELECT state, count(*) AS n FROM ${table} WHERE account_id = ? GROUP BY state`,
  );
  // One range of the table's due index: as many steps as files waiting, however many are done.
  const pending = db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM ${table} WHERE account_id = ? AND state = 'pending'`);

  return {
    getJob(jobId: number): J | undefined {
      const row = byId.get(jobId);
      return row && toJob(row);
    },
    /** Pending jobs whose time has come, oldest first. */
    listDue(accountId: string, limit: number, now: number = deps.now()): J[] {
      return due.all(accountId, now, limit).map(toJob);
    },
    markDone(jobId: number, file: WrittenFile): boolean {
      return done.run({ id: jobId, ...file, now: deps.now() }).changes === 1;
    },
    /** One more failed attempt; stays pending until `nextAttemptAt`. */
    markRetry(jobId: number, error: string, nextAttemptAt: number): boolean {
      return retry.run({ id: jobId, error, at: nextAttemptAt, now: deps.now() }).changes === 1;
    },
    /** Gives up (attempts exhausted or the file cannot be taken). */
    markFailed(jobId: number, error: string): boolean {
      return settle.run({ id: jobId, state: 'failed', error, now: deps.now() }).changes === 1;
    },
    /** Only the user can help (credentials, a missing scope): not tried again until they act. */
    holdForUser(jobId: number, error: string): boolean {
      return hold.run({ id: jobId, error, now: deps.now() }).changes === 1;
    },
    /** The user acted: every job held for them is due again. Answers how many. */
    releaseHeld(accountId: string): number {
      return releaseHeld.run({ account: accountId, now: deps.now() }).changes;
    },
    /** The service answered that the file is gone; nothing to retry. */
    markMissing(jobId: number, error: string | null = null): boolean {
      return settle.run({ id: jobId, state: 'missing', error, now: deps.now() }).changes === 1;
    },
    /** Fetch again from scratch (the user asked, or the file on disk was lost). */
    requeue(jobId: number, nextAttemptAt = 0): boolean {
      return requeue.run({ id: jobId, at: nextAttemptAt, now: deps.now() }).changes === 1;
    },
    /** The job whose file is at `path`, if any (asked only when a file with the same bytes is found). */
    ownerOf(path: string): number | null {
      return owner.get(path, path)?.job_id ?? null;
    },
    /** Every file written and recorded (of received and sent items alike) after `afterJobId`, in job order. */
    listDoneFiles(accountId: string, afterJobId: number, limit: number): PlacedFile[] {
      return doneFiles.all(accountId, afterJobId, limit).map(toPlaced);
    },
    /** Files a reorganize started to move and did not record as moved (a crash in between). */
    listMoving(accountId: string): PlacedFile[] {
      return moving.all(accountId).map(toPlaced);
    },
    /** Records where the file at `from` is about to be moved; false when the row no longer has it there. */
    planMove(jobId: number, from: string, to: string): boolean {
      return planMove.run({ id: jobId, from, to, now: deps.now() }).changes === 1;
    },
    /** The file is at its new place: the row's path follows. */
    finishMove(jobId: number): boolean {
      return finishMove.run({ id: jobId, now: deps.now() }).changes === 1;
    },
    /** The move did not happen: the row keeps its path. */
    cancelMove(jobId: number): boolean {
      return cancelMove.run({ id: jobId, now: deps.now() }).changes === 1;
    },
    /** Files written before downloads were verified (by an earlier version), not checked yet. */
    listUnverified(accountId: string, limit: number): J[] {
      return unverified.all(accountId, limit).map(toJob);
    },
    markVerified(jobId: number): void {
      verified.run(jobId);
    },
    /** The file on disk is not what was asked for (or is gone): fetch it again from scratch. */
    refetch(jobId: number, why: string): boolean {
      return setAside.run({ id: jobId, error: why, now: deps.now() }).changes === 1;
    },
    /** Files still to fetch, for `sync.status`: never counts the files already mirrored. */
    countPending(accountId: string): number {
      return pending.get(accountId)!.n;
    },
    /** Files given up (their tries used up, or a row that could not be read), newest first. */
    listFailed(accountId: string, limit: number): J[] {
      return failedOnes.all(accountId, limit).map(toJob);
    },
    /** The user's "fetch again": the given-up file `jobId`, or every one of the account, due now. Answers how many. */
    fetchAgain(accountId: string, jobId?: number): number {
      const now = deps.now();
      return (
        jobId === undefined ? fetchAgainAll.run({ account: accountId, now }) : fetchAgainOne.run({ account: accountId, id: jobId, now })
      ).changes;
    },
    countsByState(accountId: string): Record<DownloadState, number> {
      const result = Object.fromEntries(DOWNLOAD_STATES.map((s) => [s, 0])) as Record<DownloadState, number>;
      for (const { state, n } of counts.all(accountId)) result[state] = n;
      return result;
    },
  };
}
