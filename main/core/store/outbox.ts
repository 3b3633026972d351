import type { Database } from 'better-sqlite3';
import { DOCUMENT_FINAL_STATUSES } from '../../../shared/enums';
import type { FailureKind } from '../../../shared/errors';
import { flag, isSet, type JsonObject, jsonList, parseObject, patchAssignments, patchParams, sqlList } from './columns';
import type { StoreDeps } from './deps';

export const OUTBOX_STATES = [
  'queued',
  'held_duplicate',
  'needs_user',
  'uploading',
  'uploaded',
  // No longer written: earlier builds marked a row this before moving its file; it finishes as `uploaded` does.
  'moving',
  'done',
  'failed',
  'vanished',
] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** Rows in flight: their file version is taken; the engine still has work to do on them. */
export const ACTIVE_OUTBOX_STATES = [
  'queued',
  'held_duplicate',
  'needs_user',
  'uploading',
  'uploaded',
  'moving',
] as const satisfies readonly OutboxState[];
/** Settled rows no longer hold their file version: the same bytes may be queued again. */
export const SETTLED_OUTBOX_STATES = ['done', 'failed', 'vanished'] as const satisfies readonly OutboxState[];
/** The service has the file: its answer settled the row, and the file is on its way to Sent/ or there. */
export const SENT_OUTBOX_STATES = ['uploaded', 'moving', 'done'] as const satisfies readonly OutboxState[];
export const OUTBOX_KINDS = ['invoice', 'document', 'bank_message'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export type OutboxErrorKind = FailureKind;

/**
 * Delivery statuses after which polling stops. Invoices: the spec shows no move out of DELIVERED or
 * FAILED, and SENT (prevent_routing) is never delivered. Documents follow the spec's state table.
 */
export const INVOICE_FINAL_DELIVERY = ['DELIVERED', 'FAILED', 'SENT'] as const;
export const DOCUMENT_FINAL_DELIVERY = DOCUMENT_FINAL_STATUSES;
/** A sent bank message's status (GET /v1/fi_bank_messages/{id}): OK, or ERROR with an error message; both are final. */
export const BANK_MESSAGE_FINAL_DELIVERY = ['OK', 'ERROR'] as const;

/**
 * A sent row whose delivery is still followed: the WHERE of migration 16's partial index, written
 * from today's final statuses. Should they change, this stops matching the index (the query is then
 * right but reads every sent row; test/unit/store/migrations/016-still-followed.test.ts says so):
 * add a migration that makes the index again with the new lists.
 */
export const TRACKED_SQL = `remote_id IS NOT NULL AND state IN (${sqlList(SENT_OUTBOX_STATES)})
          AND CASE kind
            WHEN 'invoice' THEN coalesce(delivery_status, '') NOT IN (${sqlList(INVOICE_FINAL_DELIVERY)})
            WHEN 'document' THEN coalesce(delivery_status, '') NOT IN (${sqlList(DOCUMENT_FINAL_DELIVERY)})
            ELSE coalesce(delivery_status, '') NOT IN (${sqlList(BANK_MESSAGE_FINAL_DELIVERY)})
          END`;
/** Bank messages sent without a service id yet, queued since a time, oldest first: migration 16's other partial index. */
export const UNIDENTIFIED_SQL = `SELECT * FROM outbox
    WHERE account_id = ? AND kind = 'bank_message' AND remote_id IS NULL AND state IN (${sqlList(SENT_OUTBOX_STATES)})
      AND created_at >= ? ORDER BY id LIMIT ?`;
/** The sent rows to ask about next: followed, least recently checked first (the partial index's order). */
export const UNDELIVERED_SQL = `SELECT * FROM outbox
    WHERE account_id = @account AND ${TRACKED_SQL}
      AND coalesce(delivery_checked_at, 0) <= @checkedBefore
    ORDER BY coalesce(delivery_checked_at, 0), id LIMIT @limit`;

/** A reference a trading document carries (references[n] of POST /v1/documents). */
export interface DocumentReference {
  referenceId: string;
  referenceIdType: string | null;
}

/**
 * A file dropped beside a trading document by the naming rule (sync/document-groups.ts), captured
 * with it: an attachment (sent as files[n]) or its reference list (sent as references[n]).
 */
export interface OutboxCompanion {
  /** Relative to the account root, forward slashes. */
  relPath: string;
  filename: string;
  role: 'attachment' | 'references';
  sha256: string;
  size: number;
  /** Its own copy in the spool, written and synced before the row. */
  spoolKey: string;
  /** The references read from a reference list (role `references`). */
  references: DocumentReference[];
}

/**
 * How a file was checked before it was queued (migration 23), kept on its row: the report it shows is
 * the one of its own bytes under these rules, never a later report of the same hash.
 */
export interface OutboxCheck {
  /** The folder's `validation` when the file was taken in; null on a row of an earlier version (not kept). */
  mode: 'block' | 'warn' | 'off' | null;
  /** The stored report that decided: its rules key (validation_reports.rules); null when none was made. */
  rules: string | null;
  /** Why it was queued without a check: the folder's mode is off, or (`warn`) the rules could not be loaded. */
  unchecked: 'off' | 'rules_unavailable' | null;
}

export interface OutboxJob {
  id: number;
  accountId: string;
  kind: OutboxKind;
  documentType: string | null;
  /** Relative to the account root, forward slashes. */
  relPath: string;
  filename: string;
  size: number;
  mtimeMs: number;
  sha256: string;
  /** Names the row's spool copies (`<idemKey>.spool`, companions `<idemKey>-<n>.spool`): random, unique. */
  idemKey: string;
  /**
   * The invoice uuid or document transmission_id it is sent under, fixed at creation so a retried upload
   * is recognised: derived from the file's account, folder and content (sync/service-key.ts), or, for a
   * held duplicate and a row from before migration 22, its `idemKey`.
   */
  serviceKey: string;
  /** The folder's sending options as they were when the file was queued. */
  options: JsonObject;
  /**
   * A document's attachments and reference list, queued, sent and moved with it (none for others);
   * null when the stored list cannot be read (the upload queue then holds the row: never sent without them).
   */
  companions: OutboxCompanion[] | null;
  state: OutboxState;
  /** Every try ever made (a row tried once is never taken for withdrawn). */
  attempts: number;
  /** Tries made before the user last said "try again": the cap on tries counts from here. */
  failuresBeforeUser: number;
  /** Tries the service answered with an error, so made nothing; any other try may have made the invoice. */
  refusedTries: number;
  nextAttemptAt: number;
  lastError: string | null;
  errorKind: OutboxErrorKind | null;
  remoteId: string | null;
  /** Sent/ or Failed/ path chosen before the move, so a move cut short by a crash can be finished. */
  destPath: string | null;
  forced: boolean;
  deliveryStatus: string | null;
  deliveryCheckedAt: number | null;
  needsReroute: boolean;
  /** Its check before it was queued; null for a row of an earlier version that kept none. */
  check: OutboxCheck | null;
  /** When the service took it (the upload's answer); null before, and for rows that never said. */
  sentAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewOutboxJob {
  accountId: string;
  kind: OutboxKind;
  documentType?: string | null;
  relPath: string;
  filename: string;
  size: number;
  mtimeMs: number;
  sha256: string;
  options?: JsonObject;
  companions?: OutboxCompanion[];
  /** Generated when omitted. */
  idemKey?: string;
  /** Omitted or null: sent under `idemKey`. */
  serviceKey?: string | null;
  /**
   * `failed`: refused here before any upload (the file is in Failed/ already, at `destPath`);
   * `needs_user`: held before any try, for the reason in `lastError` (a file its folder's check could not check).
   */
  state?: 'queued' | 'held_duplicate' | 'needs_user' | 'failed';
  lastError?: string | null;
  destPath?: string | null;
  forced?: boolean;
  nextAttemptAt?: number;
  /** Its check (validate-outbound.ts); omitted for bank messages, which have checks of their own. */
  check?: OutboxCheck | null;
}

/** Fields a transition may write; omitted fields keep their value, null clears. */
export interface OutboxPatch {
  attempts?: number;
  failuresBeforeUser?: number;
  refusedTries?: number;
  nextAttemptAt?: number;
  lastError?: string | null;
  errorKind?: OutboxErrorKind | null;
  remoteId?: string | null;
  destPath?: string | null;
  forced?: boolean;
  deliveryStatus?: string | null;
  deliveryCheckedAt?: number | null;
  needsReroute?: boolean;
  sentAt?: number | null;
}

const PATCH_COLUMNS = {
  attempts: 'attempts',
  failuresBeforeUser: 'failures_before_user',
  refusedTries: 'refused_tries',
  nextAttemptAt: 'next_attempt_at',
  lastError: 'last_error',
  errorKind: 'error_kind',
  remoteId: 'remote_id',
  destPath: 'dest_path',
  forced: 'forced',
  deliveryStatus: 'delivery_status',
  deliveryCheckedAt: 'delivery_checked_at',
  needsReroute: 'needs_reroute',
  sentAt: 'sent_at',
} as const satisfies Record<keyof OutboxPatch, string>;

interface OutboxRecord {
  id: number;
  account_id: string;
  kind: OutboxKind;
  document_type: string | null;
  rel_path: string;
  filename: string;
  size: number;
  mtime_ms: number;
  sha256: string;
  idem_key: string;
  service_key: string | null;
  options_json: string;
  companions_json: string;
  state: OutboxState;
  attempts: number;
  failures_before_user: number;
  refused_tries: number;
  next_attempt_at: number;
  last_error: string | null;
  error_kind: OutboxErrorKind | null;
  remote_id: string | null;
  dest_path: string | null;
  forced: number;
  delivery_status: string | null;
  delivery_checked_at: number | null;
  needs_reroute: number;
  check_mode: OutboxCheck['mode'];
  check_rules: string | null;
  check_unchecked: OutboxCheck['unchecked'];
  sent_at: number | null;
  watch_until: number | null;
  created_at: number;
  updated_at: number;
}

const toJob = (r: OutboxRecord): OutboxJob => ({
  id: r.id,
  accountId: r.account_id,
  kind: r.kind,
  documentType: r.document_type,
  relPath: r.rel_path,
  filename: r.filename,
  size: r.size,
  mtimeMs: r.mtime_ms,
  sha256: r.sha256,
  idemKey: r.idem_key,
  serviceKey: r.service_key ?? r.idem_key,
  options: parseObject(r.options_json),
  companions: parseCompanions(r.companions_json),
  state: r.state,
  attempts: r.attempts,
  failuresBeforeUser: r.failures_before_user,
  refusedTries: r.refused_tries,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  errorKind: r.error_kind,
  remoteId: r.remote_id,
  destPath: r.dest_path,
  forced: isSet(r.forced),
  deliveryStatus: r.delivery_status,
  deliveryCheckedAt: r.delivery_checked_at,
  needsReroute: isSet(r.needs_reroute),
  // Rows of an earlier version may keep the rules of the report they had (migration 23), but not the mode.
  check: r.check_mode || r.check_rules ? { mode: r.check_mode, rules: r.check_rules, unchecked: r.check_unchecked } : null,
  sentAt: r.sent_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The companions column as written by `insert`, or null when it is not a list (upload-queue checks each entry). */
function parseCompanions(json: string): OutboxCompanion[] | null {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as OutboxCompanion[]) : null;
  } catch {
    return null;
  }
}

/** The partial unique index's condition (migration 1): the same text, built from the one list. */
const ACTIVE = `state NOT IN (${sqlList(SETTLED_OUTBOX_STATES)})`;

export function createOutboxRepo(db: Database, deps: StoreDeps) {
  const insert = db.prepare<Record<string, string | number | null>, OutboxRecord>(`
    INSERT INTO outbox (account_id, kind, document_type, rel_path, filename, size, mtime_ms, sha256, idem_key, service_key,
      options_json, companions_json, state, forced, next_attempt_at, last_error, error_kind, dest_path,
      check_mode, check_rules, check_unchecked, created_at, updated_at)
    VALUES (@accountId, @kind, @documentType, @relPath, @filename, @size, @mtimeMs, @sha256, @idemKey, @serviceKey,
      @options, @companions, @state, @forced, @nextAttemptAt, @lastError, @errorKind, @destPath,
      @checkMode, @checkRules, @checkUnchecked, @now, @now)
    ON CONFLICT (account_id, rel_path, sha256) WHERE ${ACTIVE} DO NOTHING
    RETURNING *`);
  const byId = db.prepare<[number], OutboxRecord>('SELECT * FROM outbox WHERE id = ?');
  const activeVersion = db.prepare<[string, string, string], OutboxRecord>(
    `SELECT * FROM outbox WHERE account_id = ? AND rel_path = ? AND sha256 = ? AND ${ACTIVE}`,
  );
  const activeByPath = db.prepare<[string, string], OutboxRecord>(
    `SELECT * FROM outbox WHERE account_id = ? AND rel_path = ? AND ${ACTIVE} ORDER BY id`,
  );
  const byDest = db.prepare<[string, string], { id: number }>(
    `SELECT id FROM outbox WHERE account_id = ? AND dest_path = ? AND state IN ('done', 'failed') LIMIT 1`,
  );
  const byRemote = db.prepare<[string, string, string], { id: number }>(
    'SELECT id FROM outbox WHERE account_id = ? AND kind = ? AND remote_id = ? ORDER BY id LIMIT 1',
  );
  const unidentified = db.prepare<[string, number, number], OutboxRecord>(UNIDENTIFIED_SQL);
  const bySha = db.prepare<[string, string], OutboxRecord>(
    `SELECT * FROM outbox WHERE account_id = ? AND sha256 = ? AND state NOT IN ('failed', 'vanished') ORDER BY id`,
  );
  const due = db.prepare<[string, number, number], OutboxRecord>(
    `SELECT * FROM outbox WHERE account_id = ? AND state = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
  );
  // One statement per case: written as `(@account IS NULL OR account_id = @account)`, SQLite read every
  // account's rows, done ones included, for each account's pass (20 ms at 100,000 rows).
  const byStates = db.prepare<{ account: string; states: string }, OutboxRecord>(`
    SELECT * FROM outbox WHERE account_id = @account AND state IN (SELECT value FROM json_each(@states)) ORDER BY id`);
  const byStatesAll = db.prepare<{ states: string }, OutboxRecord>(
    'SELECT * FROM outbox WHERE state IN (SELECT value FROM json_each(@states)) ORDER BY id',
  );
  // Through migration 16's partial indexes: the newest sent rows, and those the service failed to deliver.
  const recentDone = db.prepare<{ account: string; limit: number }, OutboxRecord>(
    "SELECT * FROM outbox WHERE account_id = @account AND state = 'done' ORDER BY id DESC LIMIT @limit",
  );
  const recentDoneAll = db.prepare<{ limit: number }, OutboxRecord>(
    "SELECT * FROM outbox WHERE state = 'done' ORDER BY id DESC LIMIT @limit",
  );
  const reroutes = db.prepare<{ account: string | null }, OutboxRecord>(
    "SELECT * FROM outbox WHERE needs_reroute = 1 AND state = 'done' AND (@account IS NULL OR account_id = @account) ORDER BY id",
  );
  const transition = db.prepare<Record<string, string | number | null>>(`
    UPDATE outbox SET state = @to, updated_at = @now, ${patchAssignments(PATCH_COLUMNS)}
    WHERE id = @id AND state IN (SELECT value FROM json_each(@from))`);
  const attempt = db.prepare<{ id: number; from: string; now: number; attempts: number | null }>(`
    UPDATE outbox SET attempts = attempts + 1, state = 'uploading', updated_at = @now
    WHERE id = @id AND state IN (SELECT value FROM json_each(@from)) AND (@attempts IS NULL OR attempts = @attempts)`);
  const releaseHeld = db.prepare<{ account: string; now: number }>(`
    UPDATE outbox SET state = 'queued', failures_before_user = attempts, next_attempt_at = 0, last_error = NULL,
      error_kind = NULL, updated_at = @now
    WHERE account_id = @account AND state = 'needs_user'
      -- Held before any try in a folder that checks before sending: not checked, so only its own "Send anyway" sends it.
      AND NOT (attempts = 0 AND check_mode = 'block')`);
  // Kept by migration 17's triggers, rather than counted over the years of sent rows.
  const counts = db.prepare<[string], { state: OutboxState; n: number }>('SELECT state, n FROM outbox_tallies WHERE account_id = ?');
  const undelivered = db.prepare<{ account: string; checkedBefore: number; limit: number }, OutboxRecord>(UNDELIVERED_SQL);
  const watch = db.prepare<{ id: number; until: number | null }>('UPDATE outbox SET watch_until = @until WHERE id = @id');
  // Through migration 24's partial index: the few refused files still watched in Failed/.
  const watched = db.prepare<{ account: string; now: number }, OutboxRecord>(`
    SELECT * FROM outbox WHERE account_id = @account AND watch_until IS NOT NULL AND watch_until > @now AND state = 'failed'
    ORDER BY id`);
  const unwatchStale = db.prepare<{ account: string; now: number }>(
    "UPDATE outbox SET watch_until = NULL WHERE account_id = @account AND watch_until IS NOT NULL AND (watch_until <= @now OR state <> 'failed')",
  );

  return {
    /**
     * Queues one version of a file. When that version is already in flight the existing row is
     * answered with `created: false`, so a rescan after a crash cannot queue it twice.
     */
    insert(job: NewOutboxJob): { job: OutboxJob; created: boolean } {
      const row = insert.get({
        accountId: job.accountId,
        kind: job.kind,
        documentType: job.documentType ?? null,
        relPath: job.relPath,
        filename: job.filename,
        size: job.size,
        mtimeMs: job.mtimeMs,
        sha256: job.sha256,
        idemKey: job.idemKey ?? deps.newId(),
        serviceKey: job.serviceKey ?? null,
        options: JSON.stringify(job.options ?? {}),
        companions: JSON.stringify(job.companions ?? []),
        state: job.state ?? 'queued',
        forced: flag(job.forced ?? false),
        nextAttemptAt: job.nextAttemptAt ?? 0,
        lastError: job.lastError ?? null,
        errorKind: job.state === 'failed' ? 'skip' : job.state === 'needs_user' ? 'user' : null,
        destPath: job.destPath ?? null,
        checkMode: job.check?.mode ?? null,
        checkRules: job.check?.rules ?? null,
        checkUnchecked: job.check?.unchecked ?? null,
        now: deps.now(),
      });
      if (row) return { job: toJob(row), created: true };
      const existing = activeVersion.get(job.accountId, job.relPath, job.sha256);
      if (!existing) throw new Error(`outbox insert for ${job.relPath} neither inserted nor found an active row`);
      return { job: toJob(existing), created: false };
    },
    get(id: number): OutboxJob | undefined {
      const row = byId.get(id);
      return row && toJob(row);
    },
    /** Rows still in flight for a path (more than one when the file changed while queued). */
    findActiveByPath(accountId: string, relPath: string): OutboxJob[] {
      return activeByPath.all(accountId, relPath).map(toJob);
    },
    /** The settled row whose file was put at `destPath` (relative to the root), if any. */
    ownerOfDest(accountId: string, destPath: string): number | null {
      return byDest.get(accountId, destPath)?.id ?? null;
    },
    /** The row that already owns a service id of a kind, if any (a found bank message is nobody else's). */
    ownerOfRemote(accountId: string, kind: OutboxKind, remoteId: string): number | null {
      return byRemote.get(accountId, kind, remoteId)?.id ?? null;
    },
    /** Sent bank messages whose service id is not known yet (the service named none and did not list it at once). */
    listUnidentifiedBankMessages(accountId: string, since: number, limit: number): OutboxJob[] {
      return unidentified.all(accountId, since, limit).map(toJob);
    },
    /** Same bytes queued or sent before; failed and vanished rows never reached the service. */
    findBySha256(accountId: string, sha256: string): OutboxJob[] {
      return bySha.all(accountId, sha256).map(toJob);
    },
    listDue(accountId: string, limit: number, now: number = deps.now()): OutboxJob[] {
      return due.all(accountId, now, limit).map(toJob);
    },
    /** `accountId` null: every account (recovery of rows left mid-way at start-up). */
    listByStates(accountId: string | null, states: readonly OutboxState[]): OutboxJob[] {
      const list = jsonList(states);
      return (accountId === null ? byStatesAll.all({ states: list }) : byStates.all({ account: accountId, states: list })).map(toJob);
    },
    /** The newest `limit` sent rows, newest first: of one account, or (null) of all. */
    listRecentDone(accountId: string | null, limit: number): OutboxJob[] {
      return (accountId === null ? recentDoneAll.all({ limit }) : recentDone.all({ account: accountId, limit })).map(toJob);
    },
    /** Sent rows whose delivery failed and that wait for a reroute: of one account, or (null) of all. */
    listNeedingReroute(accountId: string | null): OutboxJob[] {
      return reroutes.all({ account: accountId }).map(toJob);
    },
    /** The sent row that became the service's item `remoteId` (of this kind), if this app sent it. */
    findSent(accountId: string, kind: OutboxKind, remoteId: string): OutboxJob | undefined {
      // A service id is set when the upload's answer settles the row, so its owner is the row that sent it.
      const owner = byRemote.get(accountId, kind, remoteId);
      const r = owner ? byId.get(owner.id) : undefined;
      return r && (SENT_OUTBOX_STATES as readonly OutboxState[]).includes(r.state) ? toJob(r) : undefined;
    },
    /**
     * Compare-and-set: moves the row to `to` and applies `patch` only if its state is one of `from`.
     * Answers whether it moved; false means someone else moved it first (or it does not exist).
     */
    transition(id: number, from: readonly OutboxState[], to: OutboxState, patch: OutboxPatch = {}): boolean {
      const params = patchParams(PATCH_COLUMNS, patch, { id, from: jsonList(from), to, now: deps.now() });
      return transition.run(params).changes === 1;
    },
    /**
     * Counts an attempt and marks the row uploading in one statement; false if it was not in `from`, or,
     * given `seenAttempts` (the count the caller read), if another try was counted since: a sender
     * holding an older read of the row must not send it again on that read (for a bank message, which
     * has no idempotency key, the first try sends without looking whether an earlier one got through).
     */
    recordAttempt(id: number, from: readonly OutboxState[] = ['queued'], seenAttempts: number | null = null): boolean {
      return attempt.run({ id, from: jsonList(from), now: deps.now(), attempts: seenAttempts }).changes === 1;
    },
    /**
     * The user acted (new credentials, "try again"): every row held for the user is queued again, its
     * cap counted afresh. Answers how many moved.
     */
    releaseHeld(accountId: string): number {
      return releaseHeld.run({ account: accountId, now: deps.now() }).changes;
    },
    countsByState(accountId: string): Record<OutboxState, number> {
      const result = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
      for (const { state, n } of counts.all(accountId)) result[state] = n;
      return result;
    },
    /** A refused file's watch in Failed/ (sync/cut-short.ts): until when, or null when it ends. */
    setWatch(id: number, until: number | null): void {
      watch.run({ id, until });
    },
    /** Refused rows of an account still watched at `now`; watches that ran out are ended on the way. */
    listWatched(accountId: string, now: number = deps.now()): Array<OutboxJob & { watchUntil: number }> {
      unwatchStale.run({ account: accountId, now });
      return watched.all({ account: accountId, now }).map((r) => ({ ...toJob(r), watchUntil: r.watch_until ?? 0 }));
    },
    /** Sent rows whose delivery may still change, least recently checked first. */
    listUndelivered(accountId: string, limit: number, checkedBefore: number = deps.now()): OutboxJob[] {
      return undelivered.all({ account: accountId, checkedBefore, limit }).map(toJob);
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
