import { randomUUID } from 'node:crypto';
import { MAX_VALIDATE_BYTES, tooLarge } from '../validate/input';
import { invalid } from './errors';

interface Upload {
  name: string;
  bytes: Buffer;
  received: number;
  touched: number;
}

/** Files held at once: each can be 100 MB, and a page validates one file at a time. */
const MAX_OPEN = 2;
/** A file the page stopped sending (closed, reloaded) is dropped after this long. */
const IDLE_MS = 10 * 60_000;

/**
 * The files the user handed to the Validate page, as their pieces arrive (shared/bridge/validation.ts):
 * held in memory only, never written to disk, and dropped once validated, when forgotten, or when a
 * newer file needs the room.
 */
export class ValidationUploads {
  private readonly open = new Map<string, Upload>();

  constructor(
    private readonly now: () => number,
    private readonly max = MAX_VALIDATE_BYTES,
  ) {}

  start(name: string, size: number): string {
    const big = tooLarge(size, this.max);
    if (big) throw invalid(`${name} cannot be validated. ${big}`, { size: 'too large' });
    this.sweep();
    while (this.open.size >= MAX_OPEN) {
      const oldest = this.open.keys().next().value;
      if (oldest === undefined) break;
      this.open.delete(oldest);
    }
    const id = randomUUID();
    this.open.set(id, { name, bytes: Buffer.alloc(size), received: 0, touched: this.now() });
    return id;
  }

  /** Pieces come in order; one that repeats the last piece (a retried request) is taken again. */
  chunk(id: string, offset: number, base64: string): number {
    const u = this.get(id);
    const piece = Buffer.from(base64, 'base64');
    if (offset > u.received) {
      throw invalid(`A piece of ${u.name} is missing (expected byte ${u.received}, got ${offset}); choose the file again.`, {
        offset: 'out of order',
      });
    }
    if (offset + piece.length > u.bytes.length) {
      throw invalid(`${u.name} is longer than its size said (${u.bytes.length} bytes); choose the file again.`, { base64: 'too long' });
    }
    piece.copy(u.bytes, offset);
    u.received = Math.max(u.received, offset + piece.length);
    u.touched = this.now();
    return u.received;
  }

  /** The whole file, forgotten here: the caller validates it. */
  finish(id: string): { name: string; bytes: Buffer } {
    const u = this.get(id);
    if (u.received !== u.bytes.length) {
      throw invalid(`Only ${u.received} of the ${u.bytes.length} bytes of ${u.name} arrived; choose the file again.`, {
        uploadId: 'incomplete',
      });
    }
    this.open.delete(id);
    return { name: u.name, bytes: u.bytes };
  }

  get size(): number {
    return this.open.size;
  }

  private get(id: string): Upload {
    this.sweep();
    const u = this.open.get(id);
    if (!u) throw invalid('This file is no longer held for validation (too long ago, or another file came after it); choose it again.');
    return u;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, u] of this.open) if (now - u.touched > IDLE_MS) this.open.delete(id);
  }
}
