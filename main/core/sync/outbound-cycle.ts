import pLimit from 'p-limit';
import type { OutboxState } from '../store/outbox';
import type { SyncContext } from './context';
import { cancel, finish, intake, upload } from './outbound';
import { type ActiveRow, type Observation, plan } from './planner';
import { scanOutbox } from './scan';

const ACTIVE: readonly OutboxState[] = ['queued', 'held_duplicate', 'uploading', 'uploaded', 'moving'];

export interface OutboundResult {
  /** When the planner wants to look again without any new event. */
  wakeAt: number | null;
  /** Whether anything was done (a caller repeating cycles stops when nothing is). */
  worked: boolean;
}

/**
 * One outbound pass: scan the Outbox, plan, and carry the plan out — intake one by one (hashing is
 * disk-bound), uploads a few at a time, then moves to Sent/.
 */
export async function outboundCycle(
  ctx: SyncContext,
  seen: Map<string, Observation>,
  concurrency: number,
  signal?: AbortSignal,
): Promise<OutboundResult> {
  const scan = await scanOutbox(ctx.account.root);
  const active = ctx.store.outbox.listByStates(ctx.account.id, ACTIVE) as (ActiveRow & { state: ActiveRow['state'] })[];
  const p = plan({ now: ctx.now(), stableMs: ctx.stableMs, scan, seen, active });
  seen.clear();
  for (const [k, v] of p.seen) seen.set(k, v);
  let worked = false;
  for (const op of p.ops) {
    if (signal?.aborted) return { wakeAt: p.wakeAt, worked };
    if (op.op === 'intake') worked = (await intake(ctx, op.file)) !== null || worked;
    if (op.op === 'cancel') await cancel(ctx, op.id);
  }
  // Rows queued by this pass's intake are due now: upload them in the same pass.
  const due = ctx.store.outbox.listDue(ctx.account.id, 1000, ctx.now());
  const limit = pLimit(concurrency);
  await Promise.all(due.map((j) => limit(() => (signal?.aborted ? undefined : upload(ctx, j.id, signal)))));
  worked ||= due.length > 0;
  for (const j of ctx.store.outbox.listByStates(ctx.account.id, ['uploaded', 'moving'])) {
    if (signal?.aborted) break;
    await finish(ctx, j.id).catch((e: unknown) => ctx.log.error('could not move a sent file', { id: j.id, error: (e as Error).message }));
    worked = true;
  }
  const next = ctx.store.outbox
    .listByStates(ctx.account.id, ['queued'])
    .reduce<number | null>((m, j) => (m === null ? j.nextAttemptAt : Math.min(m, j.nextAttemptAt)), null);
  const wakeAt = [p.wakeAt, next]
    .filter((x): x is number => x !== null)
    .reduce<number | null>((m, x) => (m === null ? x : Math.min(m, x)), null);
  return { wakeAt, worked };
}
