import { z } from 'zod';
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

/** Queues a Detect fetch for each received invoice that has no result yet (once per invoice). */
export function enqueueDetect(ctx: SyncContext, invoiceIds: readonly string[]): void {
  ctx.store.transaction(() => {
    for (const invoiceId of invoiceIds) ctx.store.jobs.enqueue(ctx.account.id, DETECT_KIND, invoiceId, { invoiceId });
  });
}

/**
 * Detect results as jobs of the one runner: each invoice's result is fetched once it is final for
 * the service, retried with back-off while the service fails, and given up after a few tries (the
 * invoice then shows no result rather than asking again at every poll). A company without Detect
 * answers 404: recorded as DISABLED, which is a result.
 */
export function detectQueue(ctx: SyncContext, lang: () => string): JobQueue<DetectJob> {
  const { store, account, api } = ctx;
  const moves = jobsTableMoves(ctx, DETECT_KIND, detectData, (row, data): DetectJob => ({ ...row, invoiceId: data.invoiceId }));
  return {
    kind: DETECT_KIND,
    maxAttempts: DETECT_MAX_ATTEMPTS,
    atCap: 'failed',
    ...moves,
    async run(job, signal) {
      try {
        const r = await api.invoices.detectResults(job.invoiceId, lang(), signal);
        store.invoices.setDetect(account.id, job.invoiceId, r.status, r.findings);
      } catch (e) {
        if (!(e instanceof ServiceError) || e.status !== 404) throw e;
        store.invoices.setDetect(account.id, job.invoiceId, 'DISABLED', []);
      }
      store.jobs.succeed(job.id);
    },
    retry: (job, error, at) => {
      moves.retry(job, error, at);
      ctx.log.warn('Detect result not fetched; tried again later', { invoice: job.invoiceId, error: error.message });
    },
  };
}
