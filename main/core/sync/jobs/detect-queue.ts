import { z } from 'zod';
import { ServiceError } from '../../api/errors';
import type { StoredJob } from '../../store/jobs';
import type { SyncContext } from '../context';
import type { JobQueue, Loaded } from './job-runner';

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
  return {
    kind: DETECT_KIND,
    maxAttempts: DETECT_MAX_ATTEMPTS,
    atCap: 'failed',
    load(now, limit) {
      return store.jobs.listDue(account.id, DETECT_KIND, now, limit).map((row: StoredJob): Loaded<DetectJob> => {
        let data: unknown;
        try {
          data = JSON.parse(row.dataJson);
        } catch {
          return { ok: false, id: row.id, error: 'its data is not JSON' };
        }
        const parsed = detectData.safeParse(data);
        if (!parsed.success) return { ok: false, id: row.id, error: parsed.error.issues[0]?.message ?? 'unreadable' };
        return { ok: true, job: { id: row.id, invoiceId: parsed.data.invoiceId, attempts: row.attempts } };
      });
    },
    claim: (job) => store.jobs.claim(job.id),
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
    failures: (job) => job.attempts + 1,
    retry: (job, error, at) => {
      store.jobs.retry(job.id, error.message, error.kind, at);
      ctx.log.warn('Detect result not fetched; tried again later', { invoice: job.invoiceId, error: error.message });
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
