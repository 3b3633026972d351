import { randomBytes } from 'node:crypto';
import { type BigIntStats, constants } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, readdir, rename, rmdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { numberedName } from '../../../shared/filenames';
import type { InboxLayout } from '../../../shared/inbox-layout';
import type { PlacedFile } from '../store/download-jobs';
import { enterMoves } from './archive/enter';
import type { SyncContext } from './context';
import { exists, fsyncDir, safeJoin, sha256File } from './files';
import { absolute, filedItem, INBOX_FOLDER_OF, type InboxTable, inboxFolder } from './layout';

/**
 * What a reorganize did, file by file: each file of the Inbox is counted once, in one of `moved`,
 * `inPlace`, `missing`, `elsewhere` or `failed`, as the last pass found it.
 */
export interface ReorganizeReport {
  layout: InboxLayout;
  /** Moved into their folder of the layout (by this pass, or by an earlier pass of the same request: `MovedByRequest`). */
  moved: number;
  /** Already where the layout puts them before this request moved anything (moves a crash cut short included). */
  inPlace: number;
  /** Recorded by the mirror but no longer on disk: nothing to move. */
  missing: number;
  /** Outside the account's Inbox (the account's folder changed since they were written): left where they are. */
  elsewhere: number;
  /** Could not be moved (open in another program, no permission): left where they are, named in the log. */
  failed: number;
  /** Moves a crash had cut short, finished first. */
  recovered: number;
  /** Stopped part-way (the app shut down): the rest is done at the next start. */
  interrupted: boolean;
}

const TABLES: readonly InboxTable[] = ['invoiceFiles', 'documentFiles', 'bankMessages'];
/** Files planned, moved and recorded together: one durable commit and one folder flush per batch, not per file. */
const BATCH = 200;
/** OS clutter that alone does not keep an emptied folder. */
const CLUTTER = new Set(['.DS_Store', 'Thumbs.db']);

const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code;

async function statOf(path: string | null): Promise<BigIntStats | null> {
  if (!path) return null;
  try {
    return await lstat(path, { bigint: true });
  } catch (e) {
    if (codeOf(e) === 'ENOENT' || codeOf(e) === 'ENOTDIR') return null;
    throw e;
  }
}

const sameFile = (a: BigIntStats | null, b: BigIntStats | null) => a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;

/** Whether `path` lies inside `dir` (not `dir` itself). */
function inside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel);
}

/**
 * Moves a file to `target` without ever replacing what is there: a hard link fails atomically when
 * the name is taken ('taken'), then the old name goes. Without hard links (FAT, some shares) it
 * checks, then renames; across volumes it copies under a temporary name first. When the old name
 * cannot be removed (the file is open on Windows) the new one is removed again and the error thrown.
 */
async function moveFile(src: string, target: string): Promise<'moved' | 'taken'> {
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(src, target);
  } catch (e) {
    const code = codeOf(e);
    if (code === 'EEXIST') return 'taken';
    if (code === 'EXDEV') return copyAcross(src, target);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    if (await exists(target)) return 'taken';
    await rename(src, target);
    return 'moved';
  }
  try {
    await unlink(src);
  } catch (e) {
    await unlink(target).catch(() => undefined);
    throw e;
  }
  return 'moved';
}

async function copyAcross(src: string, target: string): Promise<'moved' | 'taken'> {
  const tmp = join(dirname(target), `.einvoice-${randomBytes(6).toString('hex')}.part`);
  await copyFile(src, tmp, constants.COPYFILE_EXCL);
  try {
    const fh = await open(tmp, 'r+');
    await fh.sync();
    await fh.close();
    try {
      await link(tmp, target);
    } catch (e) {
      if (codeOf(e) === 'EEXIST') return 'taken';
      throw e;
    }
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  await unlink(src);
  return 'moved';
}

/**
 * Moves a crash cut short, settled before anything else: the intent names the target, so the file is
 * found there by its bytes (or as the very same file, a hard link of the old name) and the row follows
 * it; the old name goes only when it is the same file or holds the same bytes. A target that is not
 * provably this file is not taken: the row keeps its path and the move is planned again.
 */
export async function finishInterruptedMoves(ctx: SyncContext): Promise<number> {
  const { store, account } = ctx;
  let finished = 0;
  for (const table of TABLES) {
    const repo = store[table];
    for (const f of repo.listMoving(account.id)) {
      const target = f.movingTo as string;
      const [t, p] = await Promise.all([statOf(target), statOf(f.path)]);
      const ours = t?.isFile() === true && (sameFile(t, p) || (f.sha256 !== null && (await sha256File(target)) === f.sha256));
      if (!ours) {
        repo.cancelMove(f.jobId);
        continue;
      }
      if (p?.isFile() && resolve(f.path) !== resolve(target)) {
        const same = sameFile(t, p) || (f.sha256 !== null && (await sha256File(f.path).catch(() => null)) === f.sha256);
        if (same) await unlink(f.path);
        else ctx.log.warn('a file changed while it was being moved; both copies are kept', { path: f.path, target });
      }
      await fsyncDir(dirname(target));
      await enterMoves(ctx, [{ from: f.path, to: target, sha256: f.sha256 }]);
      if (repo.finishMove(f.jobId)) finished++;
    }
  }
  if (finished) ctx.log.info('finished moves of files that a stop had cut short', { count: finished });
  return finished;
}

/**
 * The files (`table:jobId`) an earlier pass of the same request moved. One request can run several
 * reorganize jobs back to back (one a crash left behind, then the user's): a later pass finds what an
 * earlier one moved in its place, and counts it as moved, so the request's report counts each file once.
 */
export type MovedByRequest = Set<string>;

const keyOf = (table: InboxTable, f: PlacedFile) => `${table}:${f.jobId}`;

interface Planned {
  table: InboxTable;
  file: PlacedFile;
  target: string;
}

/**
 * Moves every downloaded file of the account's Inbox (received invoices, documents, bank messages;
 * the sent archive keeps its one folder) into the folder its current layout gives it, and records each
 * new path: what the app opens follows the file. Crash-safe and resumable: per batch, the target of
 * each file is committed durably before it moves (`moving_to`), the file moves by a hard link and an
 * unlink (never replacing another file: a taken name gets the next free " (n)"), the folders are
 * flushed, then the rows take their new paths. A file already in its place is not touched, so running
 * it again (after a crash, or twice) moves only what is left. Folders it empties are removed.
 */
export async function reorganizeInbox(
  ctx: SyncContext,
  signal?: AbortSignal,
  movedByRequest: MovedByRequest = new Set(),
): Promise<ReorganizeReport> {
  const { store } = ctx;
  const account = store.accounts.get(ctx.account.id) ?? ctx.account;
  const report: ReorganizeReport = {
    layout: account.inboxLayout,
    moved: 0,
    inPlace: 0,
    missing: 0,
    elsewhere: 0,
    failed: 0,
    recovered: await finishInterruptedMoves(ctx),
    interrupted: false,
  };
  const emptied = new Set<string>();
  const progress = () =>
    ctx.events.emit('progress', { accountId: account.id, phase: 'reorganize', done: report.moved + report.inPlace, total: null });

  for (const table of TABLES) {
    const repo = store[table];
    const base = absolute(account.root, INBOX_FOLDER_OF[table]);
    let after = 0;
    for (;;) {
      if (signal?.aborted) {
        report.interrupted = true;
        break;
      }
      const page = repo.listFiled(account.id, after, BATCH);
      if (page.length === 0) break;
      after = page[page.length - 1]?.jobId ?? after;
      const todo: { file: PlacedFile; dir: string }[] = [];
      for (const f of page) {
        if (!inside(f.path, base)) {
          report.elsewhere++;
          continue;
        }
        const dir = inboxFolder(account.root, account.inboxLayout, table, filedItem(table, f));
        // relative() compares as the platform does (Windows: whatever the case).
        if (relative(dir, dirname(f.path)) === '') {
          if (movedByRequest.has(keyOf(table, f))) report.moved++;
          else report.inPlace++;
          continue;
        }
        const st = await statOf(f.path);
        if (!st) report.missing++;
        else if (!st.isFile()) {
          report.failed++;
          ctx.log.warn('not moved: no longer a plain file', { path: f.path });
        } else if (sameFile(st, await statOf(join(dir, basename(f.path))))) {
          // The same folder spelt otherwise on a case-insensitive disk (a sender's name that changed case).
          if (movedByRequest.has(keyOf(table, f))) report.moved++;
          else report.inPlace++;
        } else todo.push({ file: f, dir });
      }
      await moveBatch(ctx, table, todo, report, emptied, movedByRequest);
      progress();
    }
  }
  await removeEmptied(
    emptied,
    TABLES.map((t) => absolute(account.root, INBOX_FOLDER_OF[t])),
  );
  tell(ctx, report);
  return report;
}

/** A free name for `wanted` in `dir`: not on disk, owned by no row, not chosen for another file of this batch. */
async function freeTarget(ctx: SyncContext, dir: string, wanted: string, chosen: Set<string>): Promise<string> {
  const { store } = ctx;
  const owned = (p: string) =>
    store.invoiceFiles.ownerOf(p) !== null || store.documentFiles.ownerOf(p) !== null || store.bankMessages.ownerOf(p) !== null;
  for (let n = 1; n < 10_000; n++) {
    const target = safeJoin(dir, n === 1 ? wanted : numberedName(wanted, n));
    if (chosen.has(target) || owned(target) || (await statOf(target)) !== null) continue;
    chosen.add(target);
    return target;
  }
  throw new Error(`No free file name for ${wanted} in ${dir}`);
}

async function moveBatch(
  ctx: SyncContext,
  table: InboxTable,
  todo: readonly { file: PlacedFile; dir: string }[],
  report: ReorganizeReport,
  emptied: Set<string>,
  movedByRequest: MovedByRequest,
): Promise<void> {
  if (todo.length === 0) return;
  const repo = ctx.store[table];
  const chosen = new Set<string>();
  const planned: Planned[] = [];
  for (const { file, dir } of todo) planned.push({ table, file, target: await freeTarget(ctx, dir, basename(file.path), chosen) });
  // The intent first, on disk before any file moves.
  const recorded = ctx.store.durableTransaction(() => planned.filter((p) => repo.planMove(p.file.jobId, p.file.path, p.target)));
  const moved: Planned[] = [];
  const folders = new Set<string>();
  for (const p of recorded) {
    try {
      let outcome = await moveFile(p.file.path, p.target);
      // Someone took the name between the plan and the move: the next free one, recorded again first.
      for (let tries = 0; outcome === 'taken' && tries < 20; tries++) {
        p.target = await freeTarget(ctx, dirname(p.target), basename(p.file.path), chosen);
        ctx.store.durableTransaction(() => repo.planMove(p.file.jobId, p.file.path, p.target));
        outcome = await moveFile(p.file.path, p.target);
      }
      if (outcome === 'taken') throw new Error('no free name in its folder');
      moved.push(p);
      folders.add(dirname(p.target)).add(dirname(p.file.path));
      emptied.add(dirname(p.file.path));
    } catch (e) {
      repo.cancelMove(p.file.jobId);
      report.failed++;
      ctx.log.warn('a file could not be moved; it stays where it is', { path: p.file.path, error: (e as Error).message });
    }
  }
  for (const dir of folders) await fsyncDir(dir);
  // The archive follows the files (entries of their moves) before the rows do; a crash between is found by the next start's finish.
  await enterMoves(
    ctx,
    moved.map((p) => ({ from: p.file.path, to: p.target, sha256: p.file.sha256 })),
  );
  ctx.store.transaction(() => {
    for (const p of moved) {
      if (!repo.finishMove(p.file.jobId)) continue;
      report.moved++;
      movedByRequest.add(keyOf(table, p.file));
    }
  });
}

/** Removes the folders the moves emptied, and their parents up to (not including) the kind's folder. */
async function removeEmptied(emptied: Set<string>, bases: readonly string[]): Promise<void> {
  const deepestFirst = [...emptied].sort((a, b) => b.length - a.length);
  for (const start of deepestFirst) {
    const base = bases.find((b) => inside(start, b));
    if (!base) continue;
    for (let dir = start; inside(dir, base); dir = dirname(dir)) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        break;
      }
      if (!names.every((n) => CLUTTER.has(n))) break;
      for (const n of names) await unlink(join(dir, n)).catch(() => undefined);
      try {
        await rmdir(dir);
      } catch {
        break;
      }
    }
  }
}

function tell(ctx: SyncContext, r: ReorganizeReport): void {
  const parts = [`${r.moved} file(s) moved`, `${r.inPlace} already in place`];
  if (r.recovered) parts.push(`${r.recovered} move(s) cut short before finished`);
  if (r.missing) parts.push(`${r.missing} no longer on disk`);
  if (r.elsewhere) parts.push(`${r.elsewhere} outside the Inbox left where they are`);
  if (r.failed) parts.push(`${r.failed} could not be moved (open in another program?) and stay where they are`);
  const message = `${r.interrupted ? 'Reorganizing the Inbox stopped part-way; it goes on at the next start' : 'The Inbox was reorganized'} (${r.layout}): ${parts.join(', ')}`;
  const level = r.failed ? 'warn' : 'info';
  ctx.store.activity.append({ accountId: ctx.account.id, level, kind: 'inbox.reorganized', message, ref: null });
  ctx.log[level](message, { account: ctx.account.name });
}
