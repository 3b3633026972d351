import { z } from 'zod';
import type { Store } from '../../store';
import type { SyncContext } from '../context';
import { type MovedByRequest, type ReorganizeReport, reorganizeInbox } from '../reorganize';
import type { JobQueue } from './job-runner';
import { jobsTableMoves } from './jobs-table';

export const REORGANIZE_KIND = 'reorganize';
/** A reorganize that keeps failing as a whole (a folder it may not write) waits for the user after this many tries. */
const REORGANIZE_MAX_ATTEMPTS = 5;

const reorganizeData = z.object({ requestedAt: z.number() });

export interface ReorganizeJob {
  id: number;
  attempts: number;
}

/**
 * The user asked for the Inbox to be reorganized: a job row first, so a crash or a shutdown part-way
 * is finished at the next start. Each request is a row of its own (keyed by when it was made); a
 * second one while the first waits costs one pass that finds everything in place. Answers its key.
 */
export function requestReorganize(store: Store, accountId: string, now: number): string {
  const key = new Date(now).toISOString();
  store.jobs.enqueue(accountId, REORGANIZE_KIND, key, { requestedAt: now });
  return key;
}

/**
 * Reorganizing the Inbox as a job of the account's runner. It never crosses the network, so a 429
 * pause does not hold it; a shutdown stops it between batches and it goes back to the queue. Files
 * that cannot be moved do not fail it (they are counted and stay where they are); only a failure of
 * the whole (the database, a folder that cannot be made) is retried, then held for the user.
 * The jobs run by one call (one request of the user) share `movedByRequest`, so each report counts
 * every file once however many jobs ran before it: the last report is the request's.
 */
export function reorganizeQueue(
  ctx: SyncContext,
  onReport: (r: ReorganizeReport) => void = () => {},
  movedByRequest: MovedByRequest = new Set(),
): JobQueue<ReorganizeJob> {
  const { store, account } = ctx;
  const moves = jobsTableMoves(ctx, REORGANIZE_KIND, reorganizeData, (row): ReorganizeJob => row);
  return {
    kind: REORGANIZE_KIND,
    local: true,
    maxAttempts: REORGANIZE_MAX_ATTEMPTS,
    atCap: 'needs_user',
    ...moves,
    async run(job, signal) {
      const report = await reorganizeInbox(ctx, signal, movedByRequest);
      onReport(report);
      // Stopped part-way: the runner puts it back in the queue (the signal fired), to go on at the next start.
      if (report.interrupted) throw new Error('Reorganizing the Inbox was stopped part-way');
      store.jobs.succeed(job.id);
    },
    retry: (job, error, at) => {
      moves.retry(job, error, at);
      ctx.log.warn('the Inbox could not be reorganized; tried again later', { error: error.message });
    },
    holdForUser: (job, error) => {
      moves.holdForUser(job, error);
      const message = `The Inbox could not be reorganized: ${error.message}`;
      store.activity.append({ accountId: account.id, level: 'error', kind: 'inbox.reorganize_failed', message, ref: String(job.id) });
      ctx.events.emit('problem', { accountId: account.id, kind: 'user', message });
    },
  };
}
