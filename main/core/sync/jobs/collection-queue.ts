import { z } from 'zod';
import { ServiceError } from '../../api/errors';
import { refreshCollection } from '../collection';
import type { SyncContext } from '../context';
import type { JobQueue } from './job-runner';
import { jobsTableMoves } from './jobs-table';

export const COLLECTION_KIND = 'collection';
const KEY = 'assignments';

export interface CollectionJob {
  id: number;
  attempts: number;
}

/**
 * Queues the account's one collection-tracking job while it has open assignments. Sending an invoice
 * to collection requeues it, so following starts at once even after an earlier job finished.
 */
export function enqueueCollectionTracking(ctx: SyncContext, restart = false): void {
  if (ctx.store.collection.countOpen(ctx.account.id) === 0) return;
  if (restart) ctx.store.jobs.requeue(ctx.account.id, COLLECTION_KIND, KEY, {}, ctx.now());
  else ctx.store.jobs.enqueue(ctx.account.id, COLLECTION_KIND, KEY, {});
}

/**
 * Following assignments until they close, as a recurring job of the account's runner (like delivery
 * tracking): each run reads the open assignments that are due and re-arms itself for the next poll
 * while any stays open, then ends; a failing service waits for the one back-off, a 429 pauses the
 * account, a missing scope waits for the user.
 */
export function collectionQueue(ctx: SyncContext): JobQueue<CollectionJob> {
  const { store } = ctx;
  const next = (job: CollectionJob) => {
    if (store.collection.countOpen(ctx.account.id) > 0) store.jobs.rearm(job.id, ctx.now());
    else store.jobs.succeed(job.id);
  };
  return {
    kind: COLLECTION_KIND,
    maxAttempts: Number.POSITIVE_INFINITY,
    atCap: 'failed',
    ...jobsTableMoves(ctx, COLLECTION_KIND, z.object({}), (row): CollectionJob => row),
    async run(job, signal) {
      await refreshCollection(ctx, signal);
      next(job);
    },
    settle(job, e) {
      // An assignment the service no longer answers for is asked about again at the next run.
      if (!(e instanceof ServiceError) || e.kind !== 'skip') return false;
      ctx.log.warn('collection tracking refused; asked again at the next run', { error: e.message });
      next(job);
      return true;
    },
  };
}
