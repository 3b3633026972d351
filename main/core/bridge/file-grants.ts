import { resolve } from 'node:path';
import type { StoreReader } from '../store/reader';
import { ERROR_NOTE_SUFFIX } from '../sync/error-note';

/** Where a path handed to the renderer came from: one download job, or one outbox file settled in Sent/ or Failed/. */
export type FileSource =
  | { table: 'invoiceFiles' | 'documentFiles' | 'bankMessages'; jobId: number }
  | { table: 'outbox'; id: number }
  /** The note the app wrote beside a file it put in Failed/ (sync/error-note.ts). */
  | { table: 'outboxNote'; id: number };

/** Paths remembered at most; the oldest are forgotten first (the renderer asks for the item again). */
const MAX_GRANTS = 50_000;

/**
 * The files the renderer may read or open. A path is accepted only if this bridge handed it out for
 * that account from a store row, and only while that row still records that path: the store is asked
 * again at every use, so a path the renderer makes up, or one from another account, is never read.
 */
export class FileGrants {
  private readonly grants = new Map<string, FileSource>();

  constructor(private readonly store: StoreReader) {}

  private key(accountId: string, path: string): string {
    return `${accountId}\u0000${resolve(path)}`;
  }

  grant(accountId: string, path: string | null, source: FileSource): void {
    if (!path) return;
    const key = this.key(accountId, path);
    this.grants.delete(key);
    this.grants.set(key, source);
    if (this.grants.size > MAX_GRANTS) {
      const oldest = this.grants.keys().next().value;
      if (oldest !== undefined) this.grants.delete(oldest);
    }
  }

  /** The absolute path when the store still records it for the account, else null. */
  check(accountId: string, path: string, root: string): string | null {
    const absolute = resolve(path);
    const source = this.grants.get(this.key(accountId, absolute));
    if (!source) return null;
    const recorded = this.recorded(accountId, source, root);
    return recorded !== null && resolve(recorded) === absolute ? absolute : null;
  }

  forgetAccount(accountId: string): void {
    for (const key of [...this.grants.keys()]) if (key.startsWith(`${accountId}\u0000`)) this.grants.delete(key);
  }

  private recorded(accountId: string, source: FileSource, root: string): string | null {
    if (source.table === 'outboxNote') {
      const job = this.store.outbox.get(source.id);
      return job && job.accountId === accountId && job.state === 'failed' && job.destPath
        ? `${resolve(root, job.destPath)}${ERROR_NOTE_SUFFIX}`
        : null;
    }
    if (source.table === 'outbox') {
      const job = this.store.outbox.get(source.id);
      const settled = job?.state === 'done' || job?.state === 'failed';
      return job && job.accountId === accountId && settled && job.destPath ? resolve(root, job.destPath) : null;
    }
    const job = this.store[source.table].getJob(source.jobId);
    return job && job.accountId === accountId && job.state === 'done' ? job.path : null;
  }
}
