import type { AnalysisView, DetectStateView } from '../../../shared/bridge/scrutiny';
import type { Analysis } from '../../../shared/schemas/detect';
import type { StoreReader } from '../store/reader';
import type { SyncContext } from './context';
import { isPendingAnalysis, storedAnalyses } from './jobs/analysis-queue';
import { DETECT_KIND, isFinalDetect, requeueDetect } from './jobs/detect-queue';

const ACTIVE = new Set(['pending', 'running']);

/**
 * Opening an invoice (of any age) asks for its Detect result again when the app has none or the last
 * answer was not final, unless a fetch is already queued. Answers whether it queued one.
 */
export function refreshDetectOnOpen(ctx: SyncContext, invoiceId: string): boolean {
  const inv = ctx.store.invoices.get(ctx.account.id, invoiceId);
  if (inv?.direction !== 'RECEIVED' || isFinalDetect(inv.detectStatus)) return false;
  const job = ctx.store.jobs.find(ctx.account.id, DETECT_KIND, invoiceId);
  if (job && ACTIVE.has(job.state)) return false;
  requeueDetect(ctx, invoiceId);
  return true;
}

function analysisView(a: Analysis): AnalysisView {
  const r = a.analysis_result;
  return {
    id: a.analysis_id,
    check: a.analysis_type,
    status: a.analysis_status,
    result: r?.status ? r.status : null,
    reasonCode: r?.reason_code ?? null,
    text: r?.text ?? null,
    requestedAt: a.analysis_trigger_date ?? null,
    checkedAt: r?.check_date ?? null,
  };
}

/** What the detail shows of Detect: the kept result and analyses, and whether the app is still asking. */
export function detectState(ctx: SyncContext, invoiceId: string): DetectStateView {
  const inv = ctx.store.invoices.get(ctx.account.id, invoiceId);
  const job = ctx.store.jobs.find(ctx.account.id, DETECT_KIND, invoiceId);
  const a = storedAnalyses(ctx, invoiceId);
  const running = a.analyses.some(isPendingAnalysis) && a.state !== null && ACTIVE.has(a.state);
  return {
    invoiceId,
    status: inv?.detectStatus ?? null,
    findings: (inv?.detectFindings ?? []).map(String),
    refreshing: job !== undefined && ACTIVE.has(job.state),
    gaveUp: job?.state === 'failed' ? job.lastError : null,
    analyses: a.analyses.map(analysisView),
    analysesRunning: running,
    analysesGaveUp: a.state === 'failed' ? a.error : null,
  };
}

/**
 * Per account id, the received invoices Detect warned about that nobody marked handled: what needs a
 * person across accounts (the Overview's summary).
 */
export function countUnhandledDetectWarnings(store: Pick<StoreReader, 'invoices'>): Map<string, number> {
  return store.invoices.countWarnedUnhandled();
}
