import type { AnalysisResult, AnalysisStatus, DetectCheck } from '../../shared/enums';
import type { Analysis } from '../../shared/schemas/detect';
import type { SandboxContext } from '../context';
import type { Table } from '../store';
import type { CheckOutcome } from './detect-derive';
import { firstCode, reasonText } from './detect-reasons';
import { DETECT_TABLES, type DetectState } from './detect-state';
import { CHECK_TEXTS } from './detect-texts';
import type { InvoiceRecord } from './records';

/**
 * One requested analysis. Its outcome is fixed when it is requested (from the invoice as it is then);
 * it is shown as PENDING until the configured delay has passed since then. Nothing runs in the
 * background: the answer follows from the timestamps when it is read.
 */
export interface AnalysisRun {
  analysis_id: string;
  check: DetectCheck;
  requested_ms: number;
  outcome: CheckOutcome;
}

/** The analyses of one invoice, the latest per check. */
export interface AnalysisRow {
  id: string;
  company_id: string;
  runs: AnalysisRun[];
}

export function analysesTable(ctx: SandboxContext): Table<AnalysisRow> {
  return ctx.store.table<AnalysisRow>(DETECT_TABLES.analyses);
}

/** Start the checks on the invoice; a check asked again replaces its earlier analysis. */
export function startAnalyses(ctx: SandboxContext, state: DetectState, inv: InvoiceRecord, checks: DetectCheck[]): AnalysisRun[] {
  const table = analysesTable(ctx);
  const outcomes = state.evaluate(inv, checks);
  const requested_ms = ctx.now();
  const fresh = outcomes.map((outcome) => ({ analysis_id: ctx.newId(), check: outcome.check, requested_ms, outcome }));
  const kept = (table.get(inv.id)?.runs ?? []).filter((r) => !checks.includes(r.check));
  table.put({ id: inv.id, company_id: inv.company_id, runs: [...kept, ...fresh] });
  return fresh;
}

const STATUS_OF: Record<CheckOutcome['result'], AnalysisStatus> = {
  OK: 'RUN_SUCCESSFUL',
  WARNING: 'RUN_SUCCESSFUL',
  NOT_APPLICABLE: 'NOT_APPLICABLE',
  FAILED: 'RUN_FAILED',
};

/** The spec's analysis record (unshown-parts.md) as it stands at `nowMs`; the POST answer is always PENDING. */
export function renderAnalysis(run: AnalysisRun, nowMs: number, delayMs: number, justRequested = false): Analysis {
  const base = {
    analysis_id: run.analysis_id,
    analysis_type: run.check,
    analysis_title: CHECK_TEXTS[run.check].title.en,
    analysis_trigger_date: new Date(run.requested_ms).toISOString(),
    analysis_origin: 'API',
  };
  const doneAt = run.requested_ms + delayMs;
  if (justRequested || nowMs < doneAt) {
    const code = firstCode(run.check, 'PENDING');
    return {
      ...base,
      analysis_status: 'PENDING',
      analysis_result: { status: '', text: reasonText(code), reason_code: code, check_date: null, data: null },
    };
  }
  const code = run.outcome.reason_codes[0] ?? firstCode(run.check, 'OK');
  const status: AnalysisResult = run.outcome.result;
  return {
    ...base,
    analysis_status: STATUS_OF[run.outcome.result],
    analysis_result: {
      status,
      text: reasonText(code),
      reason_code: code,
      check_date: new Date(doneAt).toISOString(),
      data: { reason_codes: run.outcome.reason_codes },
    },
  };
}
