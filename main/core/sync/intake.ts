import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import type { JsonObject } from '../store/columns';
import type { OutboxCheck, OutboxCompanion, OutboxJob, OutboxKind } from '../store/outbox';
import { checkBankMessage } from './bank-message-checks';
import { type CapturedCompanion, captureCompanions } from './companions';
import type { SyncContext } from './context';
import { lookAgain, type SecondLook, watchRefused } from './cut-short';
import { absolute } from './layout';
import { refusalOfHead } from './local-checks';
import { activity, refuseLocally, rowOf, spoolOf } from './outbound';
import type { PendingFiles } from './pending-files';
import type { ScannedFile } from './scan';
import { contentKey } from './service-key';
import type { Captured } from './spool';
import { checkBeforeSending, validationModeOf } from './validate-outbound';

/** How many files are prepared side by side: their reads, copies and syncs overlap (the disk joins syncs in flight together). */
export const INTAKE_WIDTH = 8;
/** The most rows one transaction writes, and copies one sync of the spool folder covers. */
export const INTAKE_BATCH = 32;

export interface IntakeItem {
  file: ScannedFile;
  companions: readonly ScannedFile[];
}

/**
 * Takes a pass's stable files in, in order: up to INTAKE_WIDTH are prepared at once (a bounded window
 * ahead of the one being queued, so the spool holds at most a window and a batch of temporary copies),
 * and whatever is prepared when the next batch is due is queued together. `before(i)` runs before item
 * `i` is prepared (validation ahead); `onQueued` hears each batch's rows as soon as they are committed,
 * so uploads start while the rest is still being taken in. Answers how many rows were queued or found.
 */
export async function takeIn(
  ctx: SyncContext,
  items: readonly IntakeItem[],
  before: (i: number) => Promise<void>,
  onQueued: (jobs: OutboxJob[]) => void,
  signal?: AbortSignal,
  second?: SecondLook,
  pending?: PendingFiles,
): Promise<number> {
  const limit = pLimit(INTAKE_WIDTH);
  const started: (Promise<Prepared | null> | undefined)[] = [];
  const settled: boolean[] = [];
  let next = 0;
  let done = 0;
  let queued = 0;
  const fill = (upto: number) => {
    for (; next < Math.min(upto, items.length); next++) {
      const i = next;
      const item = items[i] as IntakeItem;
      const p = limit(async () => {
        if (signal?.aborted) return null;
        await before(i);
        return prepareIntake(ctx, item.file, item.companions, second, pending);
      }).finally(() => {
        settled[i] = true;
      });
      // Awaited in order below; until then a failure must not count as unhandled (which ends the process).
      p.catch(() => undefined);
      started[i] = p;
    }
  };
  try {
    while (done < items.length && !signal?.aborted) {
      fill(done + INTAKE_WIDTH + INTAKE_BATCH);
      const batch: Prepared[] = [];
      // The next file in order, then every following one already prepared, up to a batch.
      do {
        const i = done++;
        const p = await started[i];
        // Queued or dropped from here on: the promise would keep the file's head and copies' names for the whole pass.
        started[i] = undefined;
        if (p) batch.push(p);
      } while (done < next && settled[done] && batch.length < INTAKE_BATCH);
      if (signal?.aborted) {
        for (const p of batch) await discardPrepared(ctx, p);
        break;
      }
      if (batch.length === 0) continue;
      const jobs = await queuePrepared(ctx, batch);
      // Rows now: the outbox list shows them (queued, or held back as a duplicate).
      for (const p of batch) pending?.settled(p.file.relPath);
      queued += jobs.length;
      onQueued(jobs);
    }
  } finally {
    // Prepared but never queued (stopped, or a failure above): the temporary copies go, the files wait in the Outbox.
    for (let i = done; i < next; i++) {
      const p = await started[i]?.catch(() => null);
      if (p) await discardPrepared(ctx, p);
    }
  }
  return queued;
}

/** A file copied into the spool and checked, not queued yet: its copies still have temporary names. */
interface Prepared {
  file: ScannedFile;
  captured: Captured;
  options: JsonObject;
  group: CapturedCompanion[];
  /** Its check before sending, kept on its row (none for bank messages: their checks are their own). */
  check: OutboxCheck | null;
  /** Queued held, not sent, for this reason: its folder blocks and it could not be checked (validate-outbound.ts). */
  held: string | null;
}

/**
 * The first half of queueing a stable file: copies it into the spool while hashing (synced), runs the
 * local checks and the folder's validation on the copy, and copies and checks a document's companions.
 * Files may be prepared side by side (their syncs then overlap); nothing here writes a row or gives a
 * copy its final name, so a crash leaves only temporary copies, which start-up removes, and the file
 * still in the Outbox. Answers null when the file is not to be queued now: deferred (locked, vanished,
 * changed while copied: the next scan looks again) or refused into Failed/ with a note.
 */
async function prepareIntake(
  ctx: SyncContext,
  file: ScannedFile,
  companions: readonly ScannedFile[] = [],
  second?: SecondLook,
  pending?: PendingFiles,
): Promise<Prepared | null> {
  const src = absolute(ctx.account.root, file.relPath);
  const spool = spoolOf(ctx);
  let captured: Captured;
  try {
    captured = await spool.capture(src, { dev: file.dev, ino: file.ino });
    ctx.faults.clear('intake');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // No room (or no writing) for the app's copy: said, not a debug line; the file waits in the Outbox.
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EROFS') ctx.faults.set('intake', ctx.spoolDir, code);
    // Locked by another program (or not ours to read): said on its row and tried again by itself, with a
    // growing wait, while the other files go on. Vanished or swapped for a link: the next scan looks again.
    if (pending?.failedOpen(file, code, ctx.stableMs))
      ctx.log.info('a file in the Outbox is locked; tried again later', { file: file.relPath, code });
    else ctx.log.debug('intake deferred', { file: file.relPath, code });
    return null;
  }
  const after = await stat(src).catch(() => null);
  if (!after || after.size !== captured.size || Math.trunc(after.mtimeMs) !== file.mtimeMs) {
    await spool.discard(captured.tmp);
    pending?.set(file, 'settling', 'writing');
    return null; // changed while being copied: wait for it to settle
  }
  // A file that ends early may still be being written (a writer that paused): one more stability time before it is refused.
  const refuse = async (message: string, details?: string[], check: OutboxCheck | null = null): Promise<null> => {
    const again = await lookAgain(ctx, second, file, captured.tmp, captured.size);
    await spool.discard(captured.tmp);
    if (again) return null;
    const { dest, id } = await refuseLocally(ctx, file, captured, message, details, [], check);
    pending?.settled(file.relPath);
    watchRefused(ctx, second, file, dest, id);
    return null;
  };
  const refusal = await refusalOf(file.kind, captured);
  if (refusal) return refuse(refusal);
  const options = ctx.store.folderOptions.get(ctx.account.id, file.folder) ?? {};
  // The official rules, before anything is queued: a file the service would refuse never leaves.
  // Bank messages are no invoices: their own check (refusalOf) is the whole of it.
  const checked =
    file.kind === 'bank_message'
      ? null
      : await checkBeforeSending(ctx, captured.tmp, captured.sha256, file.name, validationModeOf(file.kind, options), file.relPath);
  if (checked?.wait) {
    // Its folder checks before sending and the rules cannot be loaded: it stays in the Outbox (the account says why).
    await spool.discard(captured.tmp);
    pending?.set(file, 'held', 'rules');
    return null;
  }
  const check = checked?.check ?? null;
  if (checked?.refusal) return refuse(checked.refusal.message, checked.refusal.details, check);
  let group: CapturedCompanion[] = [];
  if (companions.length) {
    const c = await captureCompanions(ctx, companions, captured.size);
    if (!c.ok) {
      await spool.discard(captured.tmp);
      if (!c.retry) {
        await refuseLocally(ctx, file, captured, c.message, c.details, companions, check);
        pending?.settled(file.relPath);
      }
      return null;
    }
    group = c.captured;
  }
  return { file, captured, options, group, check, held: checked?.held ?? null };
}

/** Throws away a prepared file's copies (a pass stopped before it was queued); its file is still in the Outbox. */
async function discardPrepared(ctx: SyncContext, p: Prepared): Promise<void> {
  const spool = spoolOf(ctx);
  for (const tmp of [p.captured.tmp, ...p.group.map((c) => c.tmp)]) await spool.discard(tmp);
}

/**
 * The second half: gives a batch of prepared copies their final names and syncs the spool folder once
 * (every copy is on disk under its name before any row names it), then writes their rows in one
 * transaction with their idempotency keys. A crash before the commit leaves copies no row owns
 * (start-up removes them) and the files in the Outbox, taken in again; after it, the rows exist and
 * are sent once by their keys. A file whose bytes were sent or queued before is held back.
 */
async function queuePrepared(ctx: SyncContext, batch: readonly Prepared[]): Promise<OutboxJob[]> {
  const { store, account } = ctx;
  const named = batch.map((p) => {
    const idemKey = randomUUID();
    const companions = p.group.map((c, i) => ({ c, spoolKey: `${idemKey}-${i + 1}` }));
    return { p, idemKey, companions };
  });
  const spool = spoolOf(ctx);
  await spool.commitAll(
    named.flatMap((n) => [
      ...n.companions.map(({ c, spoolKey }) => ({ tmp: c.tmp, key: spoolKey })),
      { tmp: n.p.captured.tmp, key: n.idemKey },
    ]),
  );
  // Each row sees the ones before it: the same bytes twice in one batch are held back like any duplicate.
  // On disk when it returns, power cut included (one flush of the WAL per batch): an upload starts from
  // these rows, and the service must never hear of a file the restarted engine does not remember.
  const rows = store.durableTransaction(() =>
    named.map(({ p, idemKey, companions }) => {
      const companionRows: OutboxCompanion[] = companions.map(({ c, spoolKey }) => {
        const { role, sha256, size, references } = c;
        return { relPath: c.file.relPath, filename: c.file.name, role, sha256, size, spoolKey, references };
      });
      const earlier = store.outbox
        .findBySha256(account.id, p.captured.sha256)
        .filter((j) => j.relPath !== p.file.relPath || j.state === 'done');
      const duplicateOf = earlier[0];
      // Object.assign, not a spread followed by more fields (a hidden class per file: store/columns.ts, patchParams).
      const { job, created } = store.outbox.insert(
        Object.assign(rowOf(ctx, p.file, p.captured), {
          idemKey,
          // Derived, not drawn: the same file taken in again after the database forgot it is sent under the
          // same key, and the service knows it. A held duplicate shares that content, so "Send anyway" sends
          // it under its own random idemKey, written here, before it can be used.
          serviceKey: duplicateOf ? null : contentKey(account.id, p.file.relPath, p.captured.sha256),
          companions: companionRows,
          options: p.options,
          check: p.check,
          state: duplicateOf ? ('held_duplicate' as const) : p.held ? ('needs_user' as const) : ('queued' as const),
          lastError: duplicateOf ? null : p.held,
        }),
      );
      let message: string | undefined;
      if (created && !duplicateOf && p.held) {
        // Held in its row's own commit: a crash leaves it held, never queued unchecked.
        message = p.held;
        activity(ctx, 'warn', 'outbox.held_unchecked', `${p.file.relPath}: ${message}`, String(job.id));
      } else if (created && duplicateOf) {
        message = `Held back: the same content was ${duplicateOf.state === 'done' ? 'already sent' : 'already queued'} as "${duplicateOf.filename}"${duplicateOf.remoteId ? ` (service id ${duplicateOf.remoteId})` : ''}. It was not sent again; choose "Send anyway" to send it.`;
        store.outbox.transition(job.id, ['held_duplicate'], 'held_duplicate', { lastError: message, errorKind: 'user' });
        activity(ctx, 'warn', 'outbox.duplicate', message, String(job.id));
      } else if (created) {
        // In the batch's commit: written after it, each entry was a commit of its own per file.
        activity(ctx, 'info', 'outbox.queued', `Queued ${p.file.relPath}`, String(job.id));
      }
      return { job, created, message, keys: [idemKey, ...companionRows.map((c) => c.spoolKey)], relPath: p.file.relPath };
    }),
  );
  for (const r of rows) {
    if (!r.created) {
      // That version was queued already (a rescan after a crash): its own copies stay, these go.
      for (const key of r.keys) await spool.discard(key, true);
      continue;
    }
    ctx.events.emit('queued', {
      accountId: account.id,
      outboxId: r.job.id,
      file: r.relPath,
      held: r.message !== undefined,
      message: r.message,
    });
  }
  return rows.map((r) => r.job);
}

/** Why a captured copy must not be sent, in plain words, or null: bank messages have checks of their own. */
async function refusalOf(kind: OutboxKind, captured: Captured): Promise<string | null> {
  if (kind !== 'bank_message') return refusalOfHead(captured.head, captured.size, kind);
  const check = await checkBankMessage(captured.tmp, captured.size);
  return check.ok ? null : check.reason;
}
