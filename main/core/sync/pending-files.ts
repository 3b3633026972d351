import type { PendingFileView, PendingReason, PendingState } from '../../../shared/doctor';
import type { ScannedFile } from './scan';

/**
 * Why a listed file could not be opened, when it is worth trying again: another program holds it
 * (Windows' sharing and lock violations come as EBUSY, or as EPERM/EACCES; a Linux write lease as
 * EAGAIN with the open's O_NONBLOCK), or the app may not read it (EACCES/EPERM elsewhere). Null for
 * the rest (gone, swapped for a link): the next scan sees what it is.
 */
export function lockReasonOf(code: string | undefined, platform: NodeJS.Platform = process.platform): 'locked' | 'denied' | null {
  if (code === 'EBUSY' || code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'ETXTBSY') return 'locked';
  if (code === 'EPERM' || code === 'EACCES') return platform === 'win32' ? 'locked' : 'denied';
  return null;
}

/** The wait before a locked file is tried again: doubling from the stability wait, at most a minute. */
export const LOCK_RETRY_CAP_MS = 60_000;
export const lockRetryDelay = (tries: number, baseMs: number) =>
  Math.min(LOCK_RETRY_CAP_MS, Math.max(500, baseMs) * 2 ** Math.max(0, tries - 1));

interface Entry {
  file: ScannedFile;
  state: PendingState;
  reason: PendingReason;
  since: number;
  tries: number;
  nextTryAt: number | null;
  code: string | null;
}

/**
 * What each file the Outbox scan saw, and has no row for yet, waits for: kept in memory by the account's
 * runner and made again by every pass (a restart forgets nothing that matters: the next scan sees the
 * files again). A locked file keeps its tries and next try across passes, so it is tried again by
 * itself, with a growing wait, while the others go on.
 */
export class PendingFiles {
  private readonly entries = new Map<string, Entry>();
  /** Something a screen shows changed since the last `changed()` (a state, a reason, a try, a file gone). */
  private dirty = false;

  constructor(
    private now: () => number = Date.now,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  /** The clock of the pass (the runner's, a test's). */
  setClock(now: () => number): void {
    this.now = now;
  }

  /** Starts a pass: what the scan no longer lists is forgotten. */
  keepOnly(present: ReadonlySet<string>): void {
    for (const k of this.entries.keys())
      if (!present.has(k)) {
        this.entries.delete(k);
        this.dirty = true;
      }
  }

  set(file: ScannedFile, state: PendingState, reason: PendingReason, nextTryAt: number | null = null): void {
    const before = this.entries.get(file.relPath);
    const same = before && before.state === state && before.reason === reason;
    if (!same) this.dirty = true;
    this.entries.set(file.relPath, {
      file,
      state,
      reason,
      since: same ? before.since : this.now(),
      tries: state === 'locked' ? (before?.tries ?? 0) : 0,
      nextTryAt,
      code: state === 'locked' ? (before?.code ?? null) : null,
    });
  }

  /** Has a row now (queued, held as a duplicate, refused into Failed/): the outbox list shows it. */
  settled(relPath: string): void {
    if (this.entries.delete(relPath)) this.dirty = true;
  }

  /** The open failed with `code`: locked (or not ours to read) until its next try. Answers whether it was such a failure. */
  failedOpen(file: ScannedFile, code: string | undefined, baseMs: number): boolean {
    const reason = lockReasonOf(code, this.platform);
    if (!reason) return false;
    const before = this.entries.get(file.relPath);
    const tries = (before?.state === 'locked' ? before.tries : 0) + 1;
    const since = before?.state === 'locked' ? before.since : this.now();
    const nextTryAt = this.now() + lockRetryDelay(tries, baseMs);
    this.entries.set(file.relPath, { file, state: 'locked', reason, since, tries, nextTryAt, code: code ?? null });
    this.dirty = true;
    return true;
  }

  /** A locked file whose next try has not come: skipped by this pass, looked at again then. */
  lockedUntil(relPath: string): number | null {
    const e = this.entries.get(relPath);
    return e?.state === 'locked' && e.nextTryAt !== null && e.nextTryAt > this.now() ? e.nextTryAt : null;
  }

  /** The earliest next try of a locked file, or null. */
  nextLockTry(): number | null {
    let at: number | null = null;
    for (const e of this.entries.values())
      if (e.state === 'locked' && e.nextTryAt !== null) at = at === null ? e.nextTryAt : Math.min(at, e.nextTryAt);
    return at;
  }

  locked(): string[] {
    return [...this.entries.values()].filter((e) => e.state === 'locked').map((e) => e.file.relPath);
  }

  list(accountId: string): PendingFileView[] {
    return [...this.entries.values()]
      .sort((a, b) => a.file.relPath.localeCompare(b.file.relPath))
      .map((e) => ({
        accountId,
        file: e.file.relPath,
        kind: e.file.kind,
        documentType: e.file.documentType,
        state: e.state,
        reason: e.reason,
        since: new Date(e.since).toISOString(),
        tries: e.tries,
        nextTryAt: e.nextTryAt === null ? null : new Date(e.nextTryAt).toISOString(),
        code: e.code,
      }));
  }

  /** Whether what a screen shows changed since the last call: the outbox is told then. */
  changed(): boolean {
    const was = this.dirty;
    this.dirty = false;
    return was;
  }
}
