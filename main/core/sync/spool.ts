import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir } from './files';

/**
 * Opens a listed file for reading without following links (where the system can), and only when it is
 * still the very file that was listed (`expect`: device and inode from lstat), a regular file with one
 * name: a link or pipe swapped in after the listing is refused (code ESWAPPED), never read.
 */
export async function openListed(src: string, expect?: { dev: number; ino: number }): Promise<FileHandle> {
  // O_NONBLOCK: a pipe swapped in must not hang the open; it is then refused as not a file.
  const source = await open(src, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const s = await source.stat();
    if (!s.isFile() || s.nlink > 1 || (expect && (s.dev !== expect.dev || s.ino !== expect.ino))) {
      throw Object.assign(new Error(`${src} changed into something else after it was listed`), { code: 'ESWAPPED' });
    }
  } catch (e) {
    await source.close();
    throw e;
  }
  return source;
}

/** How much of a file's start the local checks look at (a DTD stands before the document element). */
export const HEAD_BYTES = 64 * 1024;

export interface Captured {
  tmp: string;
  sha256: string;
  size: number;
  /** The file's first HEAD_BYTES (all of a smaller file). */
  head: Buffer;
}

/**
 * The app's own copy of every queued file. Once a file is queued, what is sent is this copy, so the
 * user editing, locking or deleting the Outbox file mid-upload can neither corrupt nor lose it.
 */
export class Spool {
  constructor(readonly dir: string) {}

  path(idemKey: string): string {
    return join(this.dir, `${idemKey}.spool`);
  }

  /**
   * Copies `src` to a temporary spool file while hashing it (the file is read once), and syncs the
   * copy; answers the temp path, hash, size and the first `HEAD_BYTES` (what the local checks read).
   * The file is opened by `openListed`, so a link swapped in after the listing cannot change what is sent.
   */
  async capture(src: string, expect?: { dev: number; ino: number }): Promise<Captured> {
    await mkdir(this.dir, { recursive: true });
    const source = await openListed(src, expect);
    const tmp = join(this.dir, `.${randomBytes(8).toString('hex')}.tmp`);
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let size = 0;
    let copy: FileHandle | null = null;
    try {
      copy = await open(tmp, 'wx');
      // One buffer sized to the file (up to HEAD_BYTES), read into where the last read stopped: a small
      // file is read once and its end seen by a read into the byte left over, so its one allocation is
      // also its head. A read stream allocated a chunk per read (the end's read too) and the head was a
      // copy: three file-sized buffers per file, tens of MB waiting for the collector in a drop. A
      // larger file (or one that grows meanwhile) goes on in further buffers.
      const { size: listed } = await source.stat();
      let buf = Buffer.allocUnsafe(Math.min(HEAD_BYTES, Math.max(1024, listed + 1)));
      let used = 0;
      for (;;) {
        // A full buffer is read into again only when the head keeps no view of it.
        if (used === buf.length) {
          if (size - buf.length < HEAD_BYTES) buf = Buffer.allocUnsafe(HEAD_BYTES);
          used = 0;
        }
        const { bytesRead } = await source.read(buf, used, buf.length - used, null);
        if (bytesRead === 0) break;
        const chunk = buf.subarray(used, used + bytesRead);
        used += bytesRead;
        hash.update(chunk);
        if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
        size += bytesRead;
        for (let at = 0; at < chunk.length; ) at += (await copy.write(chunk, at, chunk.length - at)).bytesWritten;
      }
      // The bytes and the length are what is read back; the copy's own times are never looked at.
      await copy.datasync();
      const synced = copy;
      copy = null;
      await synced.close();
    } catch (e) {
      await copy?.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw e;
    } finally {
      await source.close().catch(() => undefined);
    }
    return { tmp, sha256: hash.digest('hex'), size, head: head.length === 1 ? (head[0] as Buffer) : Buffer.concat(head) };
  }

  /**
   * Gives synced copies their final names, then syncs the spool folder once for them all: on return
   * the names survive a power cut, so a row written afterwards never names a copy that is not there.
   */
  async commitAll(copies: readonly { tmp: string; key: string }[]): Promise<void> {
    if (copies.length === 0) return;
    for (const c of copies) await rename(c.tmp, this.path(c.key));
    await fsyncDir(this.dir);
  }

  async discard(tmpOrKey: string, isKey = false): Promise<void> {
    await unlink(isKey ? this.path(tmpOrKey) : tmpOrKey).catch(() => undefined);
  }

  async has(idemKey: string): Promise<boolean> {
    try {
      return (await stat(this.path(idemKey))).isFile();
    } catch {
      return false;
    }
  }

  /** Removes spool files no active row owns (left by a crash between copy and queueing). */
  async collect(activeKeys: ReadonlySet<string>): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const n of names) {
      const key = n.endsWith('.spool') ? n.slice(0, -'.spool'.length) : null;
      if (key && activeKeys.has(key)) continue;
      await unlink(join(this.dir, n)).catch(() => undefined);
      removed++;
    }
    return removed;
  }
}
