import { ACTIVE_OUTBOX_STATES } from '../store/outbox';
import type { SyncContext } from './context';
import { uploadQueue } from './jobs/upload-queue';
import { cancel, finish, intake, refuseEntry } from './outbound';
import { companionsOfPass } from './outbound-groups';
import { type ActiveRow, type Observation, type Op, type Plan, plan } from './planner';
import { scanOutbox } from './scan';
import { validateAhead } from './validate-ahead';

export interface OutboundResult {
  /** When the planner wants to look again without any new event. */
  wakeAt: number | null;
  /** Whether anything was done (a caller repeating cycles stops when nothing is). */
  worked: boolean;
  /** Uploads that now wait for the user (credentials, a missing scope, or too many failed tries). */
  needsUser: number;
}

/** What one account's outbound passes remember between them. */
export interface OutboundMemory {
  /** Size and mtime last seen per path, and since when (the stability wait). */
  seen: Map<string, Observation>;
  /** Paths already told about (hidden files, folders that are no document type): told once, not every scan. */
  told: Set<string>;
}

export const newOutboundMemory = (): OutboundMemory => ({ seen: new Map(), told: new Set() });

const only = <K extends Op['op']>(p: Plan, kind: K) => p.ops.filter((o): o is Extract<Op, { op: K }> => o.op === kind);

/**
 * One outbound pass over one folder listing. The planner is asked three times as the rows change:
 * queue what settled (one at a time: hashing is disk-bound; the invoices are validated a few files
 * ahead on the validator's workers, so validation does not stand in line) and withdraw what was taken
 * back; upload what is due, a few at a time; move what was uploaded to Sent/.
 */
export async function outboundCycle(
  ctx: SyncContext,
  memory: OutboundMemory,
  concurrency: number,
  signal?: AbortSignal,
): Promise<OutboundResult> {
  const { seen, told } = memory;
  const { files: scan, refusals, notices } = await scanOutbox(ctx.account.root);
  const decide = (observed: ReadonlyMap<string, Observation>) =>
    plan({ now: ctx.now(), stableMs: ctx.stableMs, scan, seen: observed, active: activeRows(ctx) });
  let worked = false;

  for (const r of refusals) await refuseEntry(ctx, r);
  worked ||= refusals.length > 0;
  const present = new Set(notices.map((n) => n.relPath));
  for (const n of notices) {
    if (told.has(n.relPath)) continue;
    told.add(n.relPath);
    ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'outbox.ignored', message: n.message, ref: n.relPath });
    ctx.events.emit('problem', { accountId: ctx.account.id, kind: 'skip', message: n.message });
  }
  // Told again if it comes back after it was gone.
  for (const p of told) if (!present.has(p)) told.delete(p);

  const first = decide(seen);
  seen.clear();
  for (const [k, v] of first.seen) seen.set(k, v);
  const groups = companionsOfPass(ctx, scan, seen);
  for (const o of groups.orphansDue) await refuseEntry(ctx, o);
  worked ||= groups.orphansDue.length > 0;
  const intakes = only(first, 'intake').filter((op) => groups.ready(op.file));
  const ahead = validateAhead(
    ctx,
    intakes.map((op) => op.file),
    signal,
  );
  for (const [i, op] of intakes.entries()) {
    if (signal?.aborted) return { wakeAt: first.wakeAt, worked, needsUser: 0 };
    await ahead.before(i);
    worked = (await intake(ctx, op.file, groups.companionsOf(op.file))) !== null || worked;
  }
  for (const op of only(first, 'cancel')) await cancel(ctx, op.id);

  // The planner says whether uploads are due; the job runner sends them (claim, back-off, cap, 429 pause).
  let needsUser = 0;
  if (only(decide(seen), 'upload').length > 0) {
    const r = await ctx.jobs.runDue(uploadQueue(ctx), concurrency, signal);
    needsUser = r.needsUser;
    worked ||= r.done + r.retried + r.needsUser + r.failed > 0;
  }

  const last = decide(seen);
  for (const op of only(last, 'finish')) {
    if (signal?.aborted) break;
    await finish(ctx, op.id).catch((e: unknown) => ctx.log.error('could not move a sent file', { id: op.id, error: (e as Error).message }));
    worked = true;
  }
  // Paused after a 429: due uploads wait for the pause's end, not for the next rescan.
  const paused = ctx.jobs.pausedUntil;
  const wakes = [last.wakeAt, groups.wakeAt, paused > 0 ? paused : null].filter((t): t is number => t !== null);
  const wakeAt = wakes.length ? Math.min(...wakes) : null;
  return { wakeAt, worked, needsUser };
}

function activeRows(ctx: SyncContext): ActiveRow[] {
  return ctx.store.outbox.listByStates(ctx.account.id, ACTIVE_OUTBOX_STATES).map((j) => ({
    id: j.id,
    relPath: j.relPath,
    size: j.size,
    mtimeMs: j.mtimeMs,
    state: j.state as ActiveRow['state'],
    attempts: j.attempts,
    nextAttemptAt: j.nextAttemptAt,
  }));
}
