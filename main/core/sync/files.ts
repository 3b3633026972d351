import { createHash, randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { copyFile, type FileHandle, link, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { numberedName, sanitizeFileName } from '../../../shared/filenames';

/** Joins a name onto a folder and proves the result is inside that folder. */
export function safeJoin(dir: string, name: string): string {
  const base = resolve(dir);
  const full = resolve(base, name);
  const rel = relative(base, full);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.includes('/') || rel.includes('\\')) {
    throw new Error(`Refusing a file name that would leave its folder: ${JSON.stringify(name)}`);
  }
  return full;
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/** Flush a folder's entry table now (a no-op where folders can't be opened). */
async function fsyncDirNow(dir: string): Promise<void> {
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // Windows cannot open folders for syncing; NTFS journals the rename itself.
  } finally {
    await fh?.close();
  }
}

/** Per folder: the flush running now, and the one queued behind it that every later rename joins. */
const folderFlushes = new Map<string, { running: Promise<void> | null; next: Promise<void> | null }>();

/**
 * Flush a folder's entry table so a rename survives power loss. Concurrent writers into one folder
 * share a flush (group commit): a caller joins a flush that has not started yet, since that one sees
 * its rename; one that started before the rename cannot count, so the caller queues the next. A
 * mirror writing four files at once into a month's folder pays about one flush per round, not four.
 */
export function fsyncDir(dir: string): Promise<void> {
  const key = resolve(dir);
  const s = folderFlushes.get(key) ?? { running: null, next: null };
  folderFlushes.set(key, s);
  if (s.next) return s.next;
  const run = (): Promise<void> => {
    s.next = null;
    const p: Promise<void> = fsyncDirNow(key).finally(() => {
      if (s.running === p) s.running = null;
      if (!s.running && !s.next && folderFlushes.get(key) === s) folderFlushes.delete(key);
    });
    s.running = p;
    return p;
  };
  if (!s.running) return run();
  s.next = s.running.then(run, run);
  return s.next;
}

/** How a write may recognise its own file under a taken name, and hear the name it took. */
export interface ClaimHooks {
  /** Whether the file under this taken name is this write's own (what a crash between writing and recording left). */
  isSame(path: string): Promise<boolean>;
  /** Told, before anything else runs, the name this write's file just took: a concurrent write must not take it for its own. */
  named?(path: string): void;
}

/**
 * Claims a free name in `dir` (the sanitized name, else "name (2).ext", ...) without ever replacing
 * an existing file: a hard link fails atomically when the name is taken; where hard links are not
 * supported (FAT, some network shares) it falls back to check-then-rename. A taken name among the
 * first few that `hooks.isSame` recognises is answered instead, and the temporary copy dropped.
 */
async function claimName(tmp: string, dir: string, wanted: string, hooks?: ClaimHooks): Promise<string> {
  const name = sanitizeFileName(wanted);
  const same = async (target: string, n: number) => {
    if (!hooks || n >= SAME_NAMES || !(await hooks.isSame(target))) return false;
    await unlink(tmp);
    return true;
  };
  for (let n = 1; n < 10_000; n++) {
    const target = safeJoin(dir, n === 1 ? name : numberedName(name, n));
    try {
      await link(tmp, target);
      hooks?.named?.(target);
      await unlink(tmp);
      return target;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        if (await same(target, n)) return target;
        continue;
      }
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'EISDIR') {
        if (await exists(target)) {
          if (await same(target, n)) return target;
          continue;
        }
        await rename(tmp, target);
        hooks?.named?.(target);
        return target;
      }
      throw e;
    }
  }
  throw new Error(`No free file name for ${name} in ${dir}`);
}

/** How many of a name's numbered alternatives are looked at for a copy a crash left behind. */
const SAME_NAMES = 50;

/**
 * Folders this process made or found already: a write into one skips its mkdir (two calls on the
 * thread pool that fsyncs queue behind); a folder removed since is made again when the open says so.
 */
const madeFolders = new Set<string>();

/** A new temporary file in `dir`, the folder made first when it is missing. */
async function openPart(dir: string): Promise<{ fh: FileHandle; tmp: string }> {
  const key = resolve(dir);
  const tmp = join(dir, `.einvoice-${randomBytes(6).toString('hex')}.part`);
  if (!madeFolders.has(key)) {
    await mkdir(dir, { recursive: true });
    madeFolders.add(key);
  }
  try {
    return { fh: await open(tmp, 'wx'), tmp };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    await mkdir(dir, { recursive: true });
    return { fh: await open(tmp, 'wx'), tmp };
  }
}

/**
 * Writes bytes under a temporary name, fsyncs, then gives the file its final unique name: a reader
 * (or a crash) never sees half a file under the real name. With `hooks`, a file already under the
 * wanted name (or a numbered one) that `isSame` recognises is taken as this write's own (findSame). The
 * folder is flushed either way, so the name answered is durable. Answers the path.
 */
export async function writeFileAtomic(dir: string, wanted: string, data: Uint8Array, hooks?: ClaimHooks): Promise<string> {
  const { fh, tmp } = await openPart(dir);
  try {
    await fh.writeFile(data);
    // The bytes and the size (what reading the file back needs); the folder flush below covers its name.
    await fh.datasync();
  } catch (e) {
    // A full disk leaves part of the bytes: the hidden copy goes, not left to pile up with every try.
    await fh.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  try {
    // A network share may tell a write it could not keep only at the close.
    await fh.close();
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  try {
    const target = await claimName(tmp, dir, wanted, hooks);
    await fsyncDir(dir);
    return target;
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** Moves a file into `dir` under a free name (rename on one volume, copy and remove across volumes). */
export async function moveUnique(src: string, dir: string, wanted: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.einvoice-${randomBytes(6).toString('hex')}.part`);
  try {
    await rename(src, tmp);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await syncedCopy(src, tmp);
    await unlink(src);
  }
  const target = await claimName(tmp, dir, wanted);
  await fsyncDir(dir);
  await fsyncDir(dirname(src));
  return target;
}

/** Copies `src` to the temporary `tmp` and syncs it; a copy that fails (a full disk) is removed, never left behind. */
async function syncedCopy(src: string, tmp: string): Promise<void> {
  try {
    await copyFile(src, tmp);
    const fh = await open(tmp, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/**
 * Whether `dir` takes a file of `bytes` now: written under a temporary name, synced and removed (what
 * a download writes, without naming anything). Throws the write's error.
 */
export async function probeFolder(dir: string, bytes: number): Promise<void> {
  const { fh, tmp } = await openPart(dir);
  try {
    if (bytes > 0) await fh.writeFile(Buffer.alloc(bytes));
    await fh.datasync();
  } finally {
    await fh.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
  }
}

/**
 * A file already in `dir` under the wanted name or one of its numbered alternatives with exactly
 * these bytes' hash: what a crash between writing and recording left behind. A file another record
 * already owns (`taken`) is not it, even with the same bytes: two invoices sent twice alike each keep
 * a file of their own.
 */
export async function findSame(
  dir: string,
  wanted: string,
  hash: string,
  taken: (path: string) => boolean = () => false,
): Promise<string | null> {
  const name = sanitizeFileName(wanted);
  for (let n = 1; n < SAME_NAMES; n++) {
    const candidate = safeJoin(dir, n === 1 ? name : numberedName(name, n));
    if (!(await exists(candidate))) return null;
    if ((await sha256File(candidate).catch(() => null)) === hash && !taken(candidate)) return candidate;
  }
  return null;
}

/** Our own temporary files, left behind when the process died between writing and naming them (subfolders too). */
export async function removeLeftoverParts(dir: string, depth = 10): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const e of entries) {
    if (e.isDirectory() && depth > 0) removed += await removeLeftoverParts(join(dir, e.name), depth - 1);
    else if (e.isFile() && /^\.einvoice-[0-9a-f]+\.part$/.test(e.name)) {
      await unlink(join(dir, e.name)).catch(() => undefined);
      removed++;
    }
  }
  return removed;
}

/** Copies a file into `dir` under a free name, atomically. */
export async function copyUnique(src: string, dir: string, wanted: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.einvoice-${randomBytes(6).toString('hex')}.part`);
  await syncedCopy(src, tmp);
  try {
    const target = await claimName(tmp, dir, wanted);
    await fsyncDir(dir);
    return target;
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  const fh = await open(path, 'r');
  try {
    // One buffer sized to the file (up to 64 KiB) and read into again: a read stream allocates a whole
    // 64 KiB chunk per read, two per small file, and a drop hashes every file it moves to Sent/.
    const buf = Buffer.allocUnsafe(Math.min(HASH_CHUNK, Math.max(1024, (await fh.stat()).size + 1)));
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      h.update(buf.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
  return h.digest('hex');
}

const HASH_CHUNK = 64 * 1024;

/**
 * Files a hot folder never sends: hidden and dot files, editors' and browsers' temporary and lock
 * files, OS metadata, our own partial files and error notes.
 */
export function isIgnoredName(name: string): boolean {
  const n = basename(name);
  const lower = n.toLowerCase();
  return (
    n.startsWith('.') ||
    n.startsWith('~$') ||
    n.startsWith('~') ||
    n.endsWith('~') ||
    n.startsWith('#') ||
    /\.(tmp|temp|part|partial|crdownload|download|swp|swx|lock|lck|bak)$/i.test(n) ||
    lower === 'thumbs.db' ||
    lower === 'desktop.ini' ||
    lower === 'icon\r' ||
    lower.endsWith('.error.txt')
  );
}
