import { z } from 'zod';
import { ServiceError } from '../../api/errors';
import type { SyncContext } from '../context';
import { trackDeliveries } from '../delivery';
import type { JobQueue } from './job-runner';
import { jobsTableMoves } from './jobs-table';

export const DELIVERY_KIND = 'delivery';
const KEY = 'sent';

export interface DeliveryJob {
  id: number;
  attempts: number;
}

/** The account's one delivery-tracking job: queued once, then re-armed after every run. */
export function enqueueDeliveryTracking(ctx: SyncContext): void {
  ctx.store.jobs.enqueue(ctx.account.id, DELIVERY_KIND, KEY, {});
}

/**
 * Following what was sent until it is final, as a recurring job of the one runner: each run asks
 * about every sent item that is due (a hundred ids a request) and re-arms the job for the next poll; a
 * failing service is retried with the one back-off, a 429 pauses the account, a refusal only the
 * user can fix waits for them. It never gives up for good: an item the service refused to list is
 * asked about again at the next run.
 */
export function deliveryQueue(ctx: SyncContext): JobQueue<DeliveryJob> {
  const { store } = ctx;
  // Due again at the next poll; each item's own recheck time (RECHECK_MS) spaces the questions about it.
  const rearm = (job: DeliveryJob) => store.jobs.rearm(job.id, ctx.now());
  return {
    kind: DELIVERY_KIND,
    maxAttempts: Number.POSITIVE_INFINITY,
    atCap: 'failed',
    ...jobsTableMoves(ctx, DELIVERY_KIND, z.object({}), (row): DeliveryJob => row),
    async run(job, signal) {
      await trackDeliveries(ctx, signal);
      rearm(job);
    },
    settle(job, e) {
      if (!(e instanceof ServiceError) || e.kind !== 'skip') return false;
      ctx.log.warn('delivery tracking refused; asked again at the next run', { error: e.message });
      rearm(job);
      return true;
    },
  };
}
