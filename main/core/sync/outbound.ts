import { rmdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { ACTIVE_OUTBOX_STATES, type OutboxCheck, type OutboxJob } from '../store/outbox';
import { enterFiles } from './archive/enter';
import type { SyncContext } from './context';
import { writeErrorNote } from './error-note';
import { copyUnique, exists, findSame, moveUnique, removeLeftoverParts, sha256File } from './files';
import type { Settle } from './group-commit';
import { absolute, FOLDERS, subfolderOf, typeFolderOf } from './layout';
import { assertRoot } from './root-guard';
import type { Refusal, ScannedFile } from './scan';
import { Spool } from './spool';

export const spoolOf = (ctx: SyncContext) => new Spool(ctx.spoolDir);

/** The outbox row's fields that come from the listed file and its captured copy. */
export const rowOf = (ctx: SyncContext, file: ScannedFile, captured: { sha256: string; size: number }) => ({
  accountId: ctx.account.id,
  kind: file.kind,
  documentType: file.documentType,
  relPath: file.relPath,
  filename: file.name,
  size: captured.size,
  mtimeMs: file.mtimeMs,
  sha256: captured.sha256,
});

/** A permanent refusal: the file goes to Failed/ with a note in plain words; it is not retried. */
export async function reject(
  ctx: SyncContext,
  job: OutboxJob,
  message: string,
  details: string[],
  by: 'service' | 'app' = 'service',
): Promise<void> {
  const { store, account } = ctx;
  const failedDir = absolute(account.root, FOLDERS.failed);
  const dest = await placeFile(ctx, mainOf(job), failedDir);
  const moved = (await placeCompanions(ctx, job, failedDir)).map((p) => basename(p));
  await writeErrorNote(dirname(dest), basename(dest), {
    file: job.filename,
    message,
    details: [...details, ...movedWith(moved)],
    kind: job.kind,
    at: ctx.now(),
    by,
  });
  store.outbox.transition(job.id, ['uploading', 'queued'], 'failed', {
    lastError: message,
    errorKind: 'skip',
    destPath: relativeTo(account.root, dest),
  });
  await discardCopies(ctx, job);
  activity(ctx, 'error', 'upload.rejected', `${job.relPath} was refused: ${message}`, String(job.id));
  ctx.events.emit('rejected', { accountId: account.id, outboxId: job.id, file: job.relPath, message });
}

/** Runs a sent file's move to Sent/ (a slot of a bounded pool: the moves of a drop run a few at a time). */
export type Slot = <T>(move: () => Promise<T>) => Promise<T>;

const settleNow =
  (ctx: SyncContext): Settle =>
  async (apply) =>
    ctx.store.transaction(apply);

/**
 * Moves an uploaded file to Sent/, then marks its row done. The row stays `uploaded` while the file
 * moves, so a crash mid-way is finished on restart: the file already in Sent/ with our hash counts
 * (placeFile). Rows that say `moving` (written by earlier versions before the move) are finished the
 * same way; that commit of its own per file told a restart nothing `uploaded` does not.
 */
export async function finish(ctx: SyncContext, id: number, settle: Settle = settleNow(ctx), slot: Slot = (move) => move()): Promise<void> {
  const { store, account } = ctx;
  const job = store.outbox.get(id);
  if (!job || (job.state !== 'uploaded' && job.state !== 'moving')) return;
  const sentDir = absolute(account.root, FOLDERS.sent);
  const already = job.destPath ? absolute(account.root, job.destPath) : null;
  const dest = await slot(async () => {
    const placed =
      already && (await exists(already)) && (await sha256File(already)) === job.sha256
        ? already
        : await placeFile(ctx, mainOf(job), sentDir);
    // The document's companions follow it; one already moved before a crash is found there by its bytes.
    const companions = await placeCompanions(ctx, job, sentDir);
    // Sealed in the archive once in Sent/ and before the row says done: a crash in between is entered at the next start.
    const ref = `outbox:${id}`;
    await enterFiles(ctx, [
      { path: placed, sha256: job.sha256, size: job.size, ref },
      ...(job.companions ?? []).map((c, i) => ({ path: companions[i]!, sha256: c.sha256, size: c.size, ref })),
    ]);
    return placed;
  });
  await settle(() => {
    store.outbox.transition(id, ['uploaded', 'moving'], 'done', { destPath: relativeTo(account.root, dest) });
    activity(ctx, 'info', 'outbox.sent', `Sent ${job.relPath}`, String(id));
  });
  await discardCopies(ctx, job);
  ctx.events.emit('sent', { accountId: account.id, outboxId: id, file: job.relPath, remoteId: job.remoteId, kind: job.kind });
}

/** A file of a row that moves to Sent/ or Failed/: the document itself or one of its companions. */
interface Placed {
  relPath: string;
  filename: string;
  sha256: string;
  spoolKey: string;
}

const mainOf = (job: OutboxJob): Placed => ({ relPath: job.relPath, filename: job.filename, sha256: job.sha256, spoolKey: job.idemKey });

/** Moves each companion of the row beside where its document went; answers their names there. */
async function placeCompanions(ctx: SyncContext, job: OutboxJob, under: string): Promise<string[]> {
  const paths: string[] = [];
  for (const c of job.companions ?? []) paths.push(await placeFile(ctx, c, under));
  return paths;
}

const movedWith = (names: string[]) => (names.length ? [`Moved here with it, as they belong to it: ${names.join(', ')}`] : []);

/** The spool copies of a settled row: the document's and its companions'. */
async function discardCopies(ctx: SyncContext, job: OutboxJob): Promise<void> {
  for (const key of spoolKeysOf(job)) await spoolOf(ctx).discard(key, true);
}

const spoolKeysOf = (job: OutboxJob) => [job.idemKey, ...(job.companions ?? []).map((c) => c.spoolKey)];

/**
 * Puts one file of a row into `under`: the Outbox file itself when it is still the version we sent,
 * otherwise (edited or deleted meanwhile) the spool copy, so the folder always holds what was sent.
 */
async function placeFile(ctx: SyncContext, job: Placed, under: string): Promise<string> {
  await assertRoot(ctx);
  const spool = spoolOf(ctx);
  const src = absolute(ctx.account.root, job.relPath);
  // A file from a subfolder of the Outbox lands in the same subfolder under Sent/ or Failed/.
  const sub = subfolderOf(job.relPath);
  const dir = sub ? absolute(under, sub) : under;
  if ((await exists(src)) && (await sha256File(src).catch(() => null)) === job.sha256) {
    try {
      const moved = await moveUnique(src, dir, job.filename);
      await removeEmptyFolders(ctx, job.relPath);
      return moved;
    } catch (e) {
      ctx.log.warn('could not move the outbox file; copying the spool copy instead', { file: job.relPath, error: (e as Error).message });
    }
  }
  // The Outbox file is gone: a move cut short by a crash may already have put it here.
  const moved = await findSame(
    dir,
    job.filename,
    job.sha256,
    (p) => ctx.store.outbox.ownerOfDest(ctx.account.id, relativeTo(ctx.account.root, p)) !== null,
  );
  if (moved) return moved;
  if (await spool.has(job.spoolKey)) return copyUnique(spool.path(job.spoolKey), dir, job.filename);
  throw new Error(`Neither ${job.relPath} nor the app's copy of it exists any more`);
}

/** The file left the Outbox before any attempt: the user withdrew it. */
export async function cancel(ctx: SyncContext, id: number): Promise<void> {
  const job = ctx.store.outbox.get(id);
  if (!job || job.attempts > 0) return;
  if (await exists(absolute(ctx.account.root, job.relPath))) return;
  if (
    ctx.store.outbox.transition(id, ['queued', 'held_duplicate', 'needs_user'], 'vanished', {
      lastError: 'Removed from the Outbox before it was sent',
    })
  ) {
    await discardCopies(ctx, job);
    activity(ctx, 'info', 'outbox.withdrawn', `${job.relPath} was removed from the Outbox before sending; it was not sent`, String(id));
  }
}

/** At start: uploads cut short by a crash go back to the queue, keeping their key. */
export async function recoverOutbox(ctx: SyncContext): Promise<void> {
  const { store, account } = ctx;
  for (const j of store.outbox.listByStates(account.id, ['uploading'])) {
    store.outbox.transition(j.id, ['uploading'], 'queued', { nextAttemptAt: 0 });
  }
  const active = store.outbox.listByStates(account.id, ACTIVE_OUTBOX_STATES);
  const removed = await spoolOf(ctx).collect(new Set(active.flatMap(spoolKeysOf)));
  if (removed) ctx.log.info('removed orphaned spool files', { count: removed });
  // A move or download cut short leaves a hidden temporary file; its job is still open and redoes it.
  for (const folder of [
    FOLDERS.sent,
    FOLDERS.failed,
    FOLDERS.inboxInvoices,
    FOLDERS.inboxDocuments,
    FOLDERS.inboxBankMessages,
    FOLDERS.sentInvoiceFiles,
  ]) {
    const n = await removeLeftoverParts(absolute(account.root, folder));
    if (n) ctx.log.info('removed temporary files left by an interrupted write', { folder, count: n });
  }
}

/**
 * A file the local checks refused: it goes to Failed/ (its subfolder kept) with a note, and a failed
 * row tells the UI; nothing was uploaded. The move comes first: a crash before the row leaves the
 * file and its note in Failed/, never a row that could be sent.
 */
export async function refuseLocally(
  ctx: SyncContext,
  file: ScannedFile,
  captured: { sha256: string; size: number },
  reason: string,
  details: string[] = [],
  companions: readonly ScannedFile[] = [],
  check: OutboxCheck | null = null,
): Promise<{ dest: string; id: number }> {
  const { store, account } = ctx;
  await assertRoot(ctx);
  const failedDir = absolute(account.root, FOLDERS.failed);
  const dir = file.subdir ? absolute(failedDir, file.subdir) : failedDir;
  const dest = await moveUnique(absolute(account.root, file.relPath), dir, file.name);
  // A document's companions go with it, so the group stays together for the one note.
  const moved: string[] = [];
  for (const c of companions) {
    const cdir = c.subdir ? absolute(failedDir, c.subdir) : failedDir;
    const to = await moveUnique(absolute(account.root, c.relPath), cdir, c.name).catch(() => null);
    if (to) moved.push(basename(to));
  }
  await removeEmptyFolders(ctx, file.relPath);
  await writeErrorNote(dir, basename(dest), {
    file: file.name,
    message: reason,
    details: [...details, ...movedWith(moved)],
    kind: file.kind,
    at: ctx.now(),
    by: 'app',
  });
  const { job } = store.outbox.insert({
    ...rowOf(ctx, file, captured),
    state: 'failed',
    lastError: reason,
    destPath: relativeTo(account.root, dest),
    check,
  });
  activity(ctx, 'error', 'outbox.refused', `${file.relPath} was not sent: ${reason}`, String(job.id));
  ctx.events.emit('rejected', { accountId: account.id, outboxId: job.id, file: file.relPath, message: reason });
  return { dest, id: job.id };
}

/**
 * Something in a hot folder that is not a regular file of its own (a link, a pipe, a device): never
 * read. It is moved as it is (a link moves as the link, not what it points at) to Failed/ with a
 * note; when it cannot be moved, the activity log and a problem say why.
 */
export async function refuseEntry(ctx: SyncContext, r: Refusal): Promise<void> {
  const failedDir = absolute(ctx.account.root, FOLDERS.failed);
  const dir = r.subdir ? absolute(failedDir, r.subdir) : failedDir;
  try {
    await assertRoot(ctx);
    const dest = await moveUnique(absolute(ctx.account.root, r.relPath), dir, r.name);
    await removeEmptyFolders(ctx, r.relPath);
    await writeErrorNote(dir, basename(dest), { file: r.name, message: r.reason, details: [], kind: r.kind, at: ctx.now(), by: 'app' });
    activity(ctx, 'error', 'outbox.refused', `${r.relPath} was not read or sent: ${r.reason}`, r.relPath);
  } catch (e) {
    const message = `${r.relPath} was not read or sent, and could not be moved to Failed/ (${(e as Error).message}): ${r.reason}`;
    activity(ctx, 'error', 'outbox.refused', message, r.relPath);
  }
  ctx.events.emit('problem', { accountId: ctx.account.id, kind: 'skip', message: `${r.relPath} was not sent: ${r.reason}` });
}

/** Subfolders of a type folder that the move left empty are removed, up to (never including) the type folder. */
async function removeEmptyFolders(ctx: SyncContext, relPath: string): Promise<void> {
  const top = typeFolderOf(relPath);
  if (!top) return;
  let dir = dirname(relPath);
  while (dir.length > top.length && dir.startsWith(`${top}/`)) {
    try {
      await rmdir(absolute(ctx.account.root, dir));
    } catch {
      return; // not empty (or not ours to remove): stop there
    }
    dir = dirname(dir);
  }
}

export function activity(ctx: SyncContext, level: 'info' | 'warn' | 'error', kind: string, message: string, ref: string) {
  ctx.store.activity.append({ accountId: ctx.account.id, level, kind, message, ref });
  ctx.log[level](message, { kind, ref, account: ctx.account.name });
}

function relativeTo(root: string, path: string): string {
  const r = path.startsWith(root) ? path.slice(root.length).replace(/^[\\/]+/, '') : path;
  return r.split(/[\\/]/).join('/');
}
