import { type FileHandle, mkdir, open, truncate } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../../log';
import { fsyncDir } from '../files';
import { applyEntry, type ChainEntry, type ChainState, encodeEntry, type NewEntry } from './chain-format';
import { readChainFile } from './chain-reader';

/** Where an account's chain lives: in the data folder, beside its spool, out of the user's root. */
export const chainFileOf = (dataDir: string, accountId: string) => join(dataDir, 'archive', accountId, 'chain.jsonl');

interface Waiting {
  entry: NewEntry;
  done: (e?: unknown) => void;
}

/**
 * An account's append-only chain (chain-format.ts), kept in its own file rather than the database: an
 * entry is written and flushed (fdatasync) before the row that records the same file commits, so a
 * database that loses its last commits (a lost WAL, a restored copy) never loses an entry of a file the
 * app wrote. Appends wait for the file to be durable and share one flush (group commit). One per
 * account per process (the engine keeps them), so appends never interleave.
 */
export class ArchiveChain {
  private ready: Promise<void> | null = null;
  private fh: FileHandle | null = null;
  private state: ChainState = new Map();
  private head = { seq: 0, hash: '' };
  private bytes = 0;
  private queue: Waiting[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    readonly file: string,
    private readonly now: () => number = Date.now,
    private readonly log?: Logger,
  ) {}

  private load(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(dirname(this.file), { recursive: true });
      const read = await readChainFile(this.file);
      const cut = read.problems.find((p) => p.what === 'cut-short');
      if (cut) {
        // Only a crash mid-append leaves a last line without its newline, and no one was told it was kept:
        // its file is found again by the next reconcile. Every whole entry stays as it is.
        await truncate(this.file, read.wholeBytes);
        this.log?.warn('the archive chain ended in an entry a stop cut short; it was dropped and its file is entered again', {
          file: this.file,
        });
      }
      this.state = read.state;
      this.head = read.head;
      this.bytes = read.wholeBytes;
      const fresh = read.entries === 0 && !cut;
      this.fh = await open(this.file, 'a');
      if (fresh) {
        await this.fh.sync();
        await fsyncDir(dirname(this.file));
      }
    })().catch((e: unknown) => {
      this.ready = null;
      throw e;
    });
    return this.ready;
  }

  /** What the chain holds now (after loading it). */
  async current(): Promise<{ state: ChainState; head: { seq: number; hash: string } }> {
    await this.load();
    return { state: this.state, head: this.head };
  }

  /**
   * Enters files, answering once their entries are durable. An entry that would say again what the
   * chain already says (the same bytes at the same path; a move already made) is not written: a job run
   * again after a crash enters nothing twice.
   */
  append(entries: readonly NewEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const all = entries.map(
      (entry) =>
        new Promise<void>((resolve, reject) => {
          this.queue.push({ entry, done: (e) => (e ? reject(e) : resolve()) });
        }),
    );
    this.kick();
    return Promise.all(all).then(() => undefined);
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          await this.load();
          await this.write(batch.map((w) => w.entry));
          for (const w of batch) w.done();
        } catch (e) {
          for (const w of batch) w.done(e);
        }
      }
    })().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async write(entries: readonly NewEntry[]): Promise<void> {
    const lines: string[] = [];
    const made: ChainEntry[] = [];
    const at = new Date(this.now()).toISOString();
    let { seq, hash } = this.head;
    // What this batch changed so far, over the state (null: moved away).
    const overlay = new Map<string, string | null>();
    const shaAt = (p: string) => (overlay.has(p) ? overlay.get(p) : this.state.get(p)?.sha256);
    for (const n of entries) {
      const known = shaAt(n.path);
      if (known === n.sha256 && (n.op !== 'move' || n.from === undefined || !shaAt(n.from))) continue;
      const e: Omit<ChainEntry, 'hash'> = { ...n, seq: seq + 1, at, prev: hash };
      const enc = encodeEntry(e);
      lines.push(enc.line);
      made.push({ ...e, hash: enc.hash });
      seq = e.seq;
      hash = enc.hash;
      if (n.op === 'move' && n.from !== undefined) overlay.set(n.from, null);
      overlay.set(n.path, n.sha256);
    }
    if (lines.length === 0) return;
    const text = `${lines.join('\n')}\n`;
    try {
      await this.fh!.write(text);
      await this.fh!.datasync();
    } catch (e) {
      // A write cut short (a full disk) must not leave half a line for the next entry to follow.
      await this.fh!.truncate(this.bytes).catch(() => undefined);
      throw e;
    }
    this.bytes += Buffer.byteLength(text);
    for (const e of made) applyEntry(this.state, e);
    this.head = { seq, hash };
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.fh?.close();
    this.fh = null;
    this.ready = null;
  }
}
