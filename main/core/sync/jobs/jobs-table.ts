import type { z } from 'zod';
import type { SyncContext } from '../context';
import type { JobQueue, Loaded } from './job-runner';

/** What every job kept in the generic `jobs` table has: its row id and the tries it made. */
export interface TableJob {
  id: number;
  attempts: number;
}

type TableMoves<J extends TableJob> = Pick<
  JobQueue<J>,
  'load' | 'claim' | 'failures' | 'retry' | 'holdForUser' | 'fail' | 'failUnreadable' | 'release'
>;

/**
 * The part of a queue that every kind kept in the `jobs` table (store/jobs.ts) shares: its due rows
 * parsed on load with the kind's schema (a row that is not JSON or does not fit is given up, never run
 * on a guess), and each settling move as the table's compare-and-set. A kind spreads these into its
 * queue and adds its `run`, overriding a move only where it also tells the user something.
 */
export function jobsTableMoves<D, J extends TableJob>(
  ctx: SyncContext,
  kind: string,
  schema: z.ZodType<D>,
  toJob: (row: TableJob, data: D) => J,
): TableMoves<J> {
  const { store, account } = ctx;
  return {
    load: (now, limit) =>
      store.jobs.listDue(account.id, kind, now, limit).map((row): Loaded<J> => {
        let data: unknown;
        try {
          data = JSON.parse(row.dataJson);
        } catch {
          return { ok: false, id: row.id, error: 'its data is not JSON' };
        }
        const parsed = schema.safeParse(data);
        if (!parsed.success) return { ok: false, id: row.id, error: parsed.error.issues[0]?.message ?? 'unreadable' };
        return { ok: true, job: toJob({ id: row.id, attempts: row.attempts }, parsed.data) };
      }),
    claim: (job) => store.jobs.claim(job.id),
    failures: (job) => job.attempts + 1,
    retry: (job, error, at) => {
      store.jobs.retry(job.id, error.message, error.kind, at);
    },
    holdForUser: (job, error) => {
      store.jobs.holdForUser(job.id, error.message);
    },
    fail: (job, error) => {
      store.jobs.fail(job.id, error.message, error.kind);
    },
    failUnreadable: (id, error) => {
      store.jobs.failUnread(id, error);
    },
    release: (job) => {
      store.jobs.release(job.id);
    },
  };
}
