import { ACTIVE_OUTBOX_STATES } from '../store/outbox';
import type { SyncContext } from './context';
import { type CutShortMemory, newCutShortMemory, noticeChangedRefusals, WATCH_EVERY_MS } from './cut-short';
import { takeIn } from './intake';
import { finishAnswers } from './invoice-answers';
import type { RunReport } from './jobs/job-runner';
import { cancel, finish, refuseEntry } from './outbound';
import { companionsOfPass } from './outbound-groups';
import { PendingFiles } from './pending-files';
import { type ActiveRow, type Observation, type Op, type Plan, plan } from './planner';
import { scanOutbox } from './scan';
import { uploadPipeline } from './upload-pipeline';
import { validateAhead } from './validate-ahead';
import { validationModeOf } from './validate-outbound';

export interface OutboundResult {
  /** When the planner wants to look again without any new event. */
  wakeAt: number | null;
  /** Whether anything was done (a caller repeating cycles stops when nothing is). */
  worked: boolean;
  /** Uploads that now wait for the user (credentials, a missing scope, or too many failed tries). */
  needsUser: number;
  /** Files that ended early and were given one more stability time in this pass instead of a refusal. */
  secondLooks: number;
}

/** What one account's outbound passes remember between them. */
export interface OutboundMemory {
  /** Size and mtime last seen per path, and since when (the stability wait). */
  seen: Map<string, Observation>;
  /** Paths already told about (hidden files, folders that are no document type): told once, not every scan. */
  told: Set<string>;
  /** Files refused for ending early: their second look, and their watch in Failed/ (cut-short.ts). */
  cut: CutShortMemory;
  /** What each listed file without a row waits for (settling, locked, checking, held): the Outbox shows it. */
  pending: PendingFiles;
}

export const newOutboundMemory = (): OutboundMemory => ({
  seen: new Map(),
  told: new Set(),
  cut: newCutShortMemory(),
  pending: new PendingFiles(),
});

const only = <K extends Op['op']>(p: Plan, kind: K) => p.ops.filter((o): o is Extract<Op, { op: K }> => o.op === kind);

/**
 * One outbound pass over one folder listing. The planner is asked twice as the rows change. First
 * withdraw what was taken back; then queue what settled (a few files copied side by side and queued
 * in batches, intake.ts; invoices validated a few files ahead on the validator's workers, so
 * validation does not stand in line) while the due rows are uploaded a few at a time and each sent
 * file is moved to Sent/ (upload-pipeline.ts); last, move what is still uploaded (a move cut short,
 * a row of an earlier pass) to Sent/.
 */
export async function outboundCycle(
  ctx: SyncContext,
  memory: OutboundMemory,
  concurrency: number,
  signal?: AbortSignal,
): Promise<OutboundResult> {
  const { seen, told } = memory;
  const looksBefore = memory.cut.given;
  // An answer recorded whose file a crash kept from the Outbox is written before the folder is listed.
  await finishAnswers(ctx);
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
  await noticeChangedRefusals(ctx, memory.cut, new Set(scan.map((f) => f.relPath)));

  const first = decide(seen);
  seen.clear();
  for (const [k, v] of first.seen) seen.set(k, v);
  const groups = companionsOfPass(ctx, scan, seen);
  for (const o of groups.orphansDue) await refuseEntry(ctx, o);
  worked ||= groups.orphansDue.length > 0;
  const { pending } = memory;
  const { ready, lockedWake } = sortPending(ctx, pending, first, groups.ready);
  const { intakes, held } = waitingForRules(ctx, ready);
  for (const op of ready) pending.set(op.file, intakes.includes(op) ? 'checking' : 'held', intakes.includes(op) ? 'checking' : 'rules');
  if (pending.changed()) ctx.events.emit('pending', { accountId: ctx.account.id });
  // Withdrawn before anything is sent: the senders below must not take a row whose file was taken back.
  for (const op of only(first, 'cancel')) await cancel(ctx, op.id);
  const ahead = validateAhead(
    ctx,
    intakes.map((op) => op.file),
    signal,
  );
  // Uploads start with the first queued row (and what earlier passes left due), not after the last.
  // A pass with nothing to take in and nothing due, as most of an office's hundreds of accounts have
  // on most passes, starts no senders: each would look for due rows twice and find none.
  const idle = intakes.length === 0 && only(first, 'upload').length === 0;
  const uploads = idle ? null : uploadPipeline(ctx, concurrency, signal);
  let report: RunReport = { done: 0, retried: 0, needsUser: 0, failed: 0, released: 0 };
  try {
    const items = intakes.map((op) => ({ file: op.file, companions: groups.companionsOf(op.file) }));
    const queued = await takeIn(
      ctx,
      items,
      (i) => ahead.before(i),
      () => uploads?.nudge(),
      signal,
      { cut: memory.cut, seen },
      pending,
    );
    worked ||= queued > 0;
  } finally {
    if (uploads) report = await uploads.close();
  }
  const secondLooks = memory.cut.given - looksBefore;
  if (pending.changed()) ctx.events.emit('pending', { accountId: ctx.account.id });
  if (signal?.aborted) return { wakeAt: first.wakeAt, worked, needsUser: 0, secondLooks };
  const needsUser = report.needsUser;
  worked ||= report.done + report.retried + report.needsUser + report.failed > 0;

  const last = decide(seen);
  for (const op of only(last, 'finish')) {
    if (signal?.aborted) break;
    await finish(ctx, op.id).catch((e: unknown) => ctx.log.error('could not move a sent file', { id: op.id, error: (e as Error).message }));
    worked = true;
  }
  // Paused after a 429: due uploads wait for the pause's end, not for the next rescan.
  const paused = ctx.jobRunner.pausedUntil;
  // A refused file watched in Failed/ is looked at again soon: its writer, if it goes on, is told of within seconds.
  const watching = memory.cut.refused.size > 0 ? ctx.now() + Math.max(ctx.stableMs, WATCH_EVERY_MS) : null;
  // The probe found the rules again: the files it went ahead of are taken in at once, not at the next rescan.
  const released = held > 0 && !ctx.faults.get('rules') ? ctx.now() : null;
  worked ||= released !== null;
  // A locked file is tried again at its own time (tried sooner by any other pass), not at the next rescan.
  const relock = pending.nextLockTry();
  const wakes = [last.wakeAt, groups.wakeAt, paused > 0 ? paused : null, watching, released, lockedWake, relock].filter(
    (t): t is number => t !== null,
  );
  const wakeAt = wakes.length ? Math.min(...wakes) : null;
  return { wakeAt, worked, needsUser, secondLooks };
}

/**
 * While the rules cannot be loaded, the files of folders that check before sending wait in the Outbox:
 * one of them per pass is taken in as the probe (its check tells whether the rules load again; the
 * rest follow at the next pass once it does), so a folder of a thousand waiting invoices is not copied
 * into the spool at every pass only to wait again. When none waits any more (taken away, or its folder
 * no longer blocks), the account's problem ends.
 */
function waitingForRules(ctx: SyncContext, intakes: IntakeOp[]): { intakes: IntakeOp[]; held: number } {
  if (!ctx.faults.get('rules')) return { intakes, held: 0 };
  const blocks = (op: IntakeOp) =>
    (op.file.kind === 'invoice' || op.file.kind === 'document') &&
    validationModeOf(op.file.kind, ctx.store.folderOptions.get(ctx.account.id, op.file.folder) ?? {}) === 'block';
  const waiting = intakes.filter(blocks);
  if (waiting.length === 0) {
    ctx.faults.clear('rules', 'No file waits for the official rule sets any more');
    return { intakes, held: 0 };
  }
  const probe = waiting[0];
  return { intakes: intakes.filter((op) => op === probe || !blocks(op)), held: waiting.length - 1 };
}

type IntakeOp = Extract<Op, { op: 'intake' }>;

/**
 * Makes this pass's pending states from the plan: what is still being written (or waits for its
 * companions) is settling; a locked file whose next try has not come stays locked and is left out of
 * this pass, so it never holds the others up. Answers the files to take in and the earliest next try.
 */
function sortPending(
  ctx: SyncContext,
  pending: PendingFiles,
  first: Plan,
  groupReady: (f: IntakeOp['file']) => boolean,
): { ready: IntakeOp[]; lockedWake: number | null } {
  pending.setClock(ctx.now);
  const intake = only(first, 'intake');
  pending.keepOnly(new Set([...first.settling.map((s) => s.file.relPath), ...intake.map((op) => op.file.relPath)]));
  for (const s of first.settling) pending.set(s.file, 'settling', 'writing', s.stableAt);
  const ready: IntakeOp[] = [];
  let lockedWake: number | null = null;
  for (const op of intake) {
    const until = pending.lockedUntil(op.file.relPath);
    if (until !== null) {
      lockedWake = lockedWake === null ? until : Math.min(lockedWake, until);
      continue;
    }
    if (!groupReady(op.file)) pending.set(op.file, 'settling', 'companions');
    else ready.push(op);
  }
  return { ready, lockedWake };
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
