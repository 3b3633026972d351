import { z } from 'zod';
import { DETECT_STATUSES } from '../../../../shared/enums';
import { ServiceError } from '../../api/errors';
import type { SyncContext } from '../context';
import type { JobQueue } from './job-runner';
import { jobsTableMoves } from './jobs-table';

export const DETECT_KIND = 'detect';
const DETECT_MAX_ATTEMPTS = 8;

/** A Detect job's data as stored in the `jobs` table; checked on load. */
const detectData = z.object({ invoiceId: z.string().min(1) });

export interface DetectJob {
  id: number;
  invoiceId: string;
  attempts: number;
}

/**
 * A result is final when the service says OK, WARN or DISABLED (the spec's three). Anything else,
 * such as a result asked for before the service finished its checks, is kept to show and asked again.
 */
export const isFinalDetect = (status: string | null): boolean => status !== null && (DETECT_STATUSES as readonly string[]).includes(status);

/** Queues a Detect fetch for each received invoice that has no result yet (once per invoice). */
export function enqueueDetect(ctx: SyncContext, invoiceIds: readonly string[]): void {
  ctx.store.transaction(() => {
    for (const invoiceId of invoiceIds) ctx.store.jobs.enqueue(ctx.account.id, DETECT_KIND, invoiceId, { invoiceId });
  });
}

/** Asks for the result again now, whatever became of an earlier fetch (done with a result not final, or given up). */
export function requeueDetect(ctx: SyncContext, invoiceId: string): void {
  ctx.store.jobs.requeue(ctx.account.id, DETECT_KIND, invoiceId, { invoiceId }, ctx.now());
}

/**
 * Detect results as jobs of the one runner: each invoice's result is fetched, kept, and fetched again
 * with back-off while it is not final or the service fails, and given up after a few tries (opening
 * the invoice asks again). A company without Detect answers 404: recorded as DISABLED, which is a result.
 */
export function detectQueue(ctx: SyncContext, lang: () => string): JobQueue<DetectJob> {
  const { store, account, api } = ctx;
  const moves = jobsTableMoves(ctx, DETECT_KIND, detectData, (row, data): DetectJob => ({ ...row, invoiceId: data.invoiceId }));
  const told = (invoiceId: string) => ctx.events.emit('detect', { accountId: account.id, invoiceId });
  return {
    kind: DETECT_KIND,
    maxAttempts: DETECT_MAX_ATTEMPTS,
    atCap: 'failed',
    ...moves,
    async run(job, signal) {
      let status: string;
      try {
        // One of the request slots downloads use too: a poll asks for results while it fetches files.
        const r = await ctx.requests(() => api.invoices.detectResults(job.invoiceId, lang(), signal));
        status = r.status;
        store.invoices.setDetect(account.id, job.invoiceId, r.status, r.findings);
      } catch (e) {
        if (!(e instanceof ServiceError) || e.status !== 404) throw e;
        status = 'DISABLED';
        store.invoices.setDetect(account.id, job.invoiceId, 'DISABLED', []);
      }
      told(job.invoiceId);
      if (!isFinalDetect(status)) {
        throw new ServiceError('retry', `Detect has not finished its checks on this invoice yet (it said ${status})`, null);
      }
      store.jobs.succeed(job.id);
    },
    retry: (job, error, at) => {
      moves.retry(job, error, at);
      ctx.log.warn('Detect result not final; asked again later', { invoice: job.invoiceId, error: error.message });
    },
    fail: (job, error) => {
      moves.fail(job, error);
      told(job.invoiceId);
    },
  };
}
