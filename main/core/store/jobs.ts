import type { Database } from 'better-sqlite3';
import type { FailureKind } from '../../../shared/errors';
import type { StoreDeps } from './deps';

export const JOB_STATES = ['pending', 'running', 'needs_user', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * A row of the generic `jobs` table (migration 6), as stored: its data is still JSON text, parsed by
 * its kind when the runner loads it (sync/jobs), so a row an older or newer version wrote cannot
 * stop the runner.
 */
export interface StoredJob {
  id: number;
  accountId: string;
  kind: string;
  key: string;
  dataJson: string;
  state: JobState;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  errorKind: FailureKind | null;
  createdAt: number;
  updatedAt: number;
}

interface JobRecord {
  id: number;
  account_id: string;
  kind: string;
  key: string;
  data_json: string;
  state: JobState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  error_kind: FailureKind | null;
  created_at: number;
  updated_at: number;
}

const toStored = (r: JobRecord): StoredJob => ({
  id: r.id,
  accountId: r.account_id,
  kind: r.kind,
  key: r.key,
  dataJson: r.data_json,
  state: r.state,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  errorKind: r.error_kind,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * The queue of the job kinds that have no table of their own. One row per account, kind and key:
 * asking for the same work twice queues it once. Every move is a compare-and-set on the state.
 */
export function createJobsRepo(db: Database, deps: StoreDeps) {
  const enqueue = db.prepare<{ account: string; kind: string; key: string; data: string; now: number }>(`
    INSERT INTO jobs (account_id, kind, key, data_json, created_at, updated_at) VALUES (@account, @kind, @key, @data, @now, @now)
    ON CONFLICT (account_id, kind, key) DO NOTHING`);
  const due = db.prepare<{ account: string; kind: string; now: number; limit: number }, JobRecord>(`
    SELECT * FROM jobs WHERE account_id = @account AND kind = @kind AND state = 'pending' AND next_attempt_at <= @now
    ORDER BY next_attempt_at, id LIMIT @limit`);
  const byId = db.prepare<[number], JobRecord>('SELECT * FROM jobs WHERE id = ?');
  const byKey = db.prepare<[string, string, string], JobRecord>('SELECT * FROM jobs WHERE account_id = ? AND kind = ? AND key = ?');
  const move = db.prepare<{
    id: number;
    from: string;
    to: JobState;
    count: number;
    keep: number;
    error: string | null;
    errorKind: string | null;
    at: number | null;
    now: number;
  }>(`
    UPDATE jobs SET state = @to, attempts = attempts + @count, last_error = iif(@keep, last_error, @error),
      error_kind = iif(@keep, error_kind, @errorKind),
      next_attempt_at = coalesce(@at, next_attempt_at), updated_at = @now
    WHERE id = @id AND state = @from`);
  const rearm = db.prepare<{ id: number; at: number; now: number }>(`
    UPDATE jobs SET state = 'pending', attempts = 0, next_attempt_at = @at, last_error = NULL, error_kind = NULL, updated_at = @now
    WHERE id = @id AND state = 'running'`);
  const recover = db.prepare<{ account: string; now: number }>(
    `UPDATE jobs SET state = 'pending', next_attempt_at = 0, updated_at = @now WHERE account_id = @account AND state = 'running'`,
  );
  const releaseHeld = db.prepare<{ account: string; now: number }>(`
    UPDATE jobs SET state = 'pending', attempts = 0, next_attempt_at = 0, last_error = NULL, error_kind = NULL, updated_at = @now
    WHERE account_id = @account AND state = 'needs_user'`);
  // A row in flight keeps its state and tries (it settles itself); any other is due again at @at, counted afresh.
  const requeue = db.prepare<{ account: string; kind: string; key: string; data: string; at: number; now: number }>(`
    INSERT INTO jobs (account_id, kind, key, data_json, next_attempt_at, created_at, updated_at)
    VALUES (@account, @kind, @key, @data, @at, @now, @now)
    ON CONFLICT (account_id, kind, key) DO UPDATE SET data_json = excluded.data_json, updated_at = excluded.updated_at,
      state = iif(state = 'running', state, 'pending'), attempts = iif(state = 'running', attempts, 0),
      next_attempt_at = iif(state = 'running', next_attempt_at, excluded.next_attempt_at),
      last_error = iif(state = 'running', last_error, NULL), error_kind = iif(state = 'running', error_kind, NULL)`);
  const setData = db.prepare<{ id: number; data: string; now: number }>(
    'UPDATE jobs SET data_json = @data, updated_at = @now WHERE id = @id',
  );
  const nextDue = db.prepare<[string, string], { at: number | null }>(
    `SELECT min(next_attempt_at) AS at FROM jobs WHERE account_id = ? AND state = 'pending' AND kind IN (SELECT value FROM json_each(?))`,
  );
  const counts = db.prepare<[string, string], { state: JobState; n: number }>(
    'SELECT state, count(*) AS n FROM jobs WHERE account_id = ? AND kind = ? GROUP BY state',
  );

  /** One compare-and-set move; without `error` the last error stays (a claim or a release keeps it to show). */
  const moved = (
    id: number,
    from: JobState,
    to: JobState,
    p: { count?: number; error?: string | null; errorKind?: FailureKind | null; at?: number },
  ) =>
    move.run({
      id,
      from,
      to,
      count: p.count ?? 0,
      keep: p.error === undefined ? 1 : 0,
      error: p.error ?? null,
      errorKind: p.errorKind ?? null,
      at: p.at ?? null,
      now: deps.now(),
    }).changes === 1;

  return {
    /** Queues the work unless this kind already has a row for this key (whatever its state). */
    enqueue(accountId: string, kind: string, key: string, data: Record<string, unknown>): boolean {
      return enqueue.run({ account: accountId, kind, key, data: JSON.stringify(data), now: deps.now() }).changes === 1;
    },
    /** Queues the work again whatever became of an earlier row for this key (done, given up): due at `at`. */
    requeue(accountId: string, kind: string, key: string, data: Record<string, unknown>, at: number): void {
      requeue.run({ account: accountId, kind, key, data: JSON.stringify(data), at, now: deps.now() });
    },
    /** Keeps what a job learned so far (a check's latest answer) in its row, whatever its state. */
    setData(id: number, data: Record<string, unknown>): void {
      setData.run({ id, data: JSON.stringify(data), now: deps.now() });
    },
    /** When the earliest waiting job of these kinds is due (null: none waits). */
    nextDueAt(accountId: string, kinds: readonly string[]): number | null {
      return nextDue.get(accountId, JSON.stringify(kinds))?.at ?? null;
    },
    get(id: number): StoredJob | undefined {
      const r = byId.get(id);
      return r && toStored(r);
    },
    find(accountId: string, kind: string, key: string): StoredJob | undefined {
      const r = byKey.get(accountId, kind, key);
      return r && toStored(r);
    },
    listDue(accountId: string, kind: string, now: number, limit: number): StoredJob[] {
      return due.all({ account: accountId, kind, now, limit }).map(toStored);
    },
    claim(id: number): boolean {
      return moved(id, 'pending', 'running', {});
    },
    succeed(id: number): boolean {
      return moved(id, 'running', 'done', { count: 1, error: null });
    },
    /** A recurring job ran: due again at `at`, its failures forgotten. */
    rearm(id: number, at: number): boolean {
      return rearm.run({ id, at, now: deps.now() }).changes === 1;
    },
    retry(id: number, error: string, errorKind: FailureKind, at: number): boolean {
      return moved(id, 'running', 'pending', { count: 1, error, errorKind, at });
    },
    holdForUser(id: number, error: string): boolean {
      return moved(id, 'running', 'needs_user', { count: 1, error, errorKind: 'user' });
    },
    fail(id: number, error: string, errorKind: FailureKind = 'skip'): boolean {
      return moved(id, 'running', 'failed', { count: 1, error, errorKind });
    },
    /** A row its kind could not read: given up before it ran. */
    failUnread(id: number, error: string): boolean {
      return moved(id, 'pending', 'failed', { error, errorKind: 'skip' });
    },
    /** Stopped from outside before it finished: due again at once, no try counted. */
    release(id: number): boolean {
      return moved(id, 'running', 'pending', { at: 0 });
    },
    /** At start-up: rows left running by a crash are due again. */
    recover(accountId: string): number {
      return recover.run({ account: accountId, now: deps.now() }).changes;
    },
    /** The user acted: every job held for them is due again, counted afresh. */
    releaseHeld(accountId: string): number {
      return releaseHeld.run({ account: accountId, now: deps.now() }).changes;
    },
    countsByState(accountId: string, kind: string): Record<JobState, number> {
      const result = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
      for (const { state, n } of counts.all(accountId, kind)) result[state] = n;
      return result;
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
