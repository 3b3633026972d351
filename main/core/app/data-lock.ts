import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { join } from 'node:path';
import { dataLockDir } from '../paths';

/** What holds a data folder: written into its lock, and named to whoever the lock refuses. */
export interface LockProgram {
  kind: 'desktop' | 'headless' | 'cli';
  /** The CLI's command, such as `sync` or `accounts add`. */
  command?: string;
}

export interface LockHolder extends LockProgram {
  pid: number;
  host: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Unique per taking: tells this process's lock from an earlier one that had the same PID. */
  token: string;
  /** Written at a clean exit: the folder is free, and the file stays as the highest generation. */
  released?: boolean;
}

export interface LockDeps {
  now: () => number;
  host: () => string;
  pid: number;
  /** Whether a process with this PID runs on this computer. */
  isAlive: (pid: number) => boolean;
  /** When this computer started, in ms since the epoch: a lock from before it names a PID of an earlier boot. */
  bootTime: () => number;
  /** When this process started, in ms since the epoch. */
  startTime: () => number;
  newToken: () => string;
}

export const defaultLockDeps = (): LockDeps => ({
  now: Date.now,
  host: hostname,
  pid: process.pid,
  isAlive: processAlive,
  bootTime: () => Date.now() - uptime() * 1000,
  startTime: () => Date.now() - process.uptime() * 1000,
  newToken: randomUUID,
});

/** kill(pid, 0) finds any process; one that died but was not reaped yet (a zombie, on Linux) is dead too. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Another process holds the data folder. `why` says whether this computer could tell it still runs. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly why: 'running' | 'other-host',
    message: string,
  ) {
    super(message);
    this.name = 'DataFolderInUseError';
  }
}

export interface DataLock {
  readonly holder: LockHolder;
  /** Marks the folder free, if this process still holds it. Safe to call twice. */
  release(): void;
}

// The lock is a folder of generations, 1.json, 2.json, ...; the highest one is the lock. Taking the
// folder is creating the next generation with link() (atomic, fails when the name exists), so of two
// processes that both found the same stale or released lock exactly one wins, and nobody ever has to
// delete or replace a lock another process might be replacing too. The highest generation is never
// deleted (a release marks it released), which is what makes "the highest" mean "the current".
const GEN = /^(\d+)\.json$/;
const MAX_TRIES = 50;
/** A generation that cannot be read yet (a filesystem without hard links writes it in place) is being written for this long at most. */
const UNREADABLE_GRACE_MS = 5000;

function generations(dir: string): number[] {
  return readdirSync(dir)
    .map((n) => GEN.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
}

type Read = { holder: LockHolder } | 'gone' | 'unreadable';

function readGen(file: string): Read {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw e;
  }
  try {
    const h = JSON.parse(text) as LockHolder;
    if (typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.token === 'string') return { holder: h };
  } catch {
    // Half written, or damaged: judged by its age below.
  }
  return 'unreadable';
}

/** Creates `file` with `text` only if no such name exists; false when it does. */
function createExclusive(file: string, text: string, token: string): boolean {
  const temp = `${file}.${token}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // No hard links here (FAT, some shares): O_EXCL, and a reader that finds it empty waits (UNREADABLE_GRACE_MS).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') {
      try {
        writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
        return true;
      } catch (e2) {
        if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw e2;
      }
    }
    throw e;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Whether `h` still holds the folder, as far as this computer can tell. */
function judge(h: LockHolder, d: LockDeps): 'free' | 'running' | 'other-host' {
  if (h.released) return 'free';
  if (h.host !== d.host()) return 'other-host';
  // Our own PID: this process holds it (another openApp), or one before it had the PID and is gone.
  if (h.pid === d.pid) return h.startedAt < d.startTime() - 1000 ? 'free' : 'running';
  // Written before this computer last started: its PID is of that earlier boot.
  if (h.startedAt < d.bootTime() - 60_000) return 'free';
  return d.isAlive(h.pid) ? 'running' : 'free';
}

export interface TakeOptions {
  /** Takes the lock of a process on another computer: only when the user said it no longer runs. */
  takeOverOtherHost?: boolean;
  deps?: LockDeps;
}

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming the process that has
 * it. A lock whose process is gone (killed, crashed, a reboot since) is taken over; one from another
 * computer is not, unless `takeOverOtherHost`: on a shared folder this computer cannot see whether it runs.
 */
export function takeDataLock(dataDir: string, program: LockProgram, o: TakeOptions = {}): DataLock {
  const d = o.deps ?? defaultLockDeps();
  const dir = dataLockDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = (n: number) => join(dir, `${n}.json`);
  const mine: LockHolder = { ...program, pid: d.pid, host: d.host(), startedAt: d.now(), token: d.newToken() };

  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const gens = generations(dir);
    const top = gens.length ? Math.max(...gens) : 0;
    if (top > 0) {
      const read = readGen(file(top));
      if (read === 'gone') continue;
      if (read === 'unreadable') {
        const mtime = statSync(file(top), { throwIfNoEntry: false })?.mtimeMs;
        if (mtime === undefined) continue;
        if (d.now() - mtime < UNREADABLE_GRACE_MS) {
          pause(50);
          continue;
        }
      } else {
        const verdict = judge(read.holder, d);
        if (verdict === 'running' || (verdict === 'other-host' && !o.takeOverOtherHost)) {
          throw new DataFolderInUseError(read.holder, verdict, inUseMessage(dataDir, read.holder, verdict, d.now()));
        }
      }
    }
    const next = top + 1;
    if (!createExclusive(file(next), JSON.stringify(mine), mine.token)) continue;
    // Someone who read an older listing may have made a higher generation meanwhile: theirs stands.
    if (Math.max(...generations(dir)) !== next) {
      rmSync(file(next), { force: true });
      continue;
    }
    for (const g of generations(dir)) if (g < next) rmSync(file(g), { force: true });
    return heldLock(file(next), mine);
  }
  throw new Error(`The data folder's lock (${dir}) kept changing while this process tried to take it; try again.`);
}

function heldLock(file: string, mine: LockHolder): DataLock {
  let released = false;
  return {
    holder: mine,
    release() {
      if (released) return;
      released = true;
      const read = readGen(file);
      if (typeof read === 'string' || read.holder.token !== mine.token) return;
      // Replaced whole (rename), so a reader sees the held lock or the released one, never half of either.
      const temp = `${file}.${mine.token}.tmp`;
      writeFileSync(temp, JSON.stringify({ ...mine, released: true }), { mode: 0o600 });
      renameSync(temp, file);
    },
  };
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function describeProgram(h: LockProgram): string {
  if (h.kind === 'desktop') return 'the desktop app';
  if (h.kind === 'headless') return 'headless mode (npm run headless)';
  return h.command ? `the command \`${h.command}\`` : 'a command';
}

function when(ms: number, now: number): string {
  const t = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(t.getHours())}:${pad(t.getMinutes())}`;
  const today = new Date(now);
  const sameDay = t.getFullYear() === today.getFullYear() && t.getMonth() === today.getMonth() && t.getDate() === today.getDate();
  return sameDay ? time : `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${time}`;
}

/** The one line a refused process prints. */
export function inUseMessage(dataDir: string, h: LockHolder, why: 'running' | 'other-host', now: number): string {
  const who = `${describeProgram(h)}, PID ${h.pid} on host ${h.host} since ${when(h.startedAt, now)}`;
  const head = `Another E-Invoice Sync is using this data folder (${dataDir}): ${who}.`;
  if (why === 'running') return `${head} Close it first, then try again.`;
  return (
    `${head} The folder is shared, and this computer cannot tell whether that one still runs: close it there first. ` +
    'If that computer is off or no longer uses this folder, start again with --take-over (EINVOICE_TAKE_OVER=1 for the desktop app and headless mode).'
  );
}
