import type { SyncContext } from '../context';
import type { RunReport } from './job-runner';
import { JOB_KINDS, type JobKind, type KindOptions, type KindProblem, type QueuedKind } from './kinds';

/** One step of a pass: the kinds said under one name, run in the registry's order. */
export interface KindStep {
  step: string;
  kinds: readonly QueuedKind[];
}

const queued = (k: JobKind): k is QueuedKind => k.runs !== 'own';

/** The steps of the service lane's kinds that run at `runs`, in the registry's order (kinds of one step together). */
export function stepsAt(runs: QueuedKind['runs']): KindStep[] {
  const steps = new Map<string, QueuedKind[]>();
  for (const k of Object.values(JOB_KINDS) as JobKind[]) {
    if (!queued(k) || k.runs !== runs || k.lane !== 'service') continue;
    steps.set(k.step, [...(steps.get(k.step) ?? []), k]);
  }
  return [...steps].map(([step, kinds]) => ({ step, kinds }));
}

const sum = (a: RunReport, b: RunReport): RunReport => ({
  done: a.done + b.done,
  retried: a.retried + b.retried,
  needsUser: a.needsUser + b.needsUser,
  failed: a.failed + b.failed,
  released: a.released + b.released,
});

/**
 * Runs a step's kinds the account has on: at a poll each first queues what is due (`enqueue`), then its due
 * jobs run. Answers the kinds' summed report and the step's problem (the first a kind says of the sum).
 */
export async function runStep(
  ctx: SyncContext,
  s: KindStep,
  o: KindOptions,
  signal: AbortSignal | undefined,
  atPoll: boolean,
): Promise<{ report: RunReport; problem: KindProblem }> {
  let report: RunReport = { done: 0, retried: 0, needsUser: 0, failed: 0, released: 0 };
  const on = s.kinds.filter((k) => k.enabled(ctx));
  for (const k of on) {
    if (atPoll) k.enqueue?.(ctx);
    report = sum(report, await ctx.jobRunner.runDue(k.queue(ctx, o), k.concurrency(o), signal));
  }
  for (const k of on) {
    const problem = k.problem(report, ctx);
    if (problem !== null) return { report, problem };
  }
  return { report, problem: null };
}

/** When the service lane should wake for the next job of a kind that runs at every pass (null: nothing waits). */
export function passWakeAt(ctx: SyncContext): number | null {
  const tables = stepsAt('pass').flatMap((s) => s.kinds.map((k) => k.table));
  return ctx.store.jobs.nextDueAt(ctx.account.id, tables);
}
