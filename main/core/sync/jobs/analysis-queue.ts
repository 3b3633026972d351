import { z } from 'zod';
import type { DetectCheck } from '../../../../shared/enums';
import { type Analysis, analysisSchema } from '../../../../shared/schemas/detect';
import { ServiceError } from '../../api/errors';
import type { SyncContext } from '../context';
import type { JobQueue } from './job-runner';
import { jobsTableMoves } from './jobs-table';

export const ANALYSIS_KIND = 'analysis';
/** Looks at analyses still PENDING; with the back-off doubling to its cap this is a long wait before giving up. */
const ANALYSIS_MAX_ATTEMPTS = 12;

/** The job's row keeps the latest answer, so the detail shows it offline and between looks. */
const analysisData = z.object({ invoiceId: z.string().min(1), analyses: z.array(analysisSchema) });
export type AnalysisData = z.infer<typeof analysisData>;

export interface AnalysisJob {
  id: number;
  invoiceId: string;
  analyses: Analysis[];
  attempts: number;
}

export const isPendingAnalysis = (a: Analysis): boolean => a.analysis_status === 'PENDING';

/** The invoice's last known analyses (from the job row; empty when none was asked for). */
export function storedAnalyses(ctx: SyncContext, invoiceId: string): { analyses: Analysis[]; state: string | null; error: string | null } {
  const row = ctx.store.jobs.find(ctx.account.id, ANALYSIS_KIND, invoiceId);
  if (!row) return { analyses: [], state: null, error: null };
  let analyses: Analysis[] = [];
  try {
    const parsed = analysisData.safeParse(JSON.parse(row.dataJson));
    if (parsed.success) analyses = parsed.data.analyses;
  } catch {
    // An unreadable row shows no analyses; the runner sets it aside with a note.
  }
  return { analyses, state: row.state, error: row.lastError };
}

/**
 * Runs the chosen checks on a received invoice now. The service answers each PENDING; the answer is
 * kept (a check asked again replaces its earlier analysis) and the job looks again with back-off.
 */
export async function startAnalysis(ctx: SyncContext, invoiceId: string, checks: readonly DetectCheck[], signal?: AbortSignal) {
  const started = await ctx.api.detect.analyze(invoiceId, checks, signal);
  const asked = new Set(started.map((a) => a.analysis_type));
  const kept = storedAnalyses(ctx, invoiceId).analyses.filter((a) => !asked.has(a.analysis_type));
  const analyses = [...kept, ...started];
  ctx.store.jobs.requeue(ctx.account.id, ANALYSIS_KIND, invoiceId, { invoiceId, analyses }, ctx.now());
  ctx.events.emit('detect', { accountId: ctx.account.id, invoiceId });
  return analyses;
}

/** On-demand analyses as jobs: each invoice's are read again, with the one back-off, until none is PENDING. */
export function analysisQueue(ctx: SyncContext): JobQueue<AnalysisJob> {
  const { store, account, api } = ctx;
  const moves = jobsTableMoves(ctx, ANALYSIS_KIND, analysisData, (row, d): AnalysisJob => ({ ...row, ...d }));
  const told = (invoiceId: string) => ctx.events.emit('detect', { accountId: account.id, invoiceId });
  return {
    kind: ANALYSIS_KIND,
    maxAttempts: ANALYSIS_MAX_ATTEMPTS,
    atCap: 'failed',
    ...moves,
    async run(job, signal) {
      const analyses = await api.detect.analyses(job.invoiceId, signal);
      store.jobs.setData(job.id, { invoiceId: job.invoiceId, analyses });
      told(job.invoiceId);
      const pending = analyses.filter(isPendingAnalysis).length;
      if (pending > 0) throw new ServiceError('retry', `The service is still running ${pending} check(s)`, null);
      store.jobs.succeed(job.id);
    },
    fail: (job, error) => {
      moves.fail(job, error);
      told(job.invoiceId);
    },
  };
}
