import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { StoreReader } from '../store/reader';
import type { EngineEvents } from './events';

// What this computer cannot do, as opposed to what the service answered: a full disk, a read-only or
// vanished folder. Such a failure is no fault of the file being written, so it spends none of its
// tries; the work that needs the folder waits, said in plain words, and goes on by itself once the
// folder takes writes again.

/** Errors that say a folder (or the disk under it) cannot be written now, whatever the file. */
const FOLDER_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'ENOENT',
  'ENOTDIR',
  'EIO',
  'ENOTCONN',
  'ESTALE',
  'EHOSTDOWN',
  'ENXIO',
  'ENODEV',
  'EMFILE',
  'ENFILE',
]);

/** SQLite's codes for a data folder that takes no more writes (better-sqlite3 puts them in `code`). */
const DATABASE_CODES = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/;

/** The code of a failure that is this computer's, not the file's or the service's; null otherwise. */
export function localCodeOf(e: unknown): string | null {
  const code = (e as { code?: unknown })?.code;
  if (typeof code !== 'string') return null;
  if (FOLDER_CODES.has(code)) return code;
  const db = DATABASE_CODES.exec(code);
  return db ? `SQLITE_${db[1]}` : null;
}

/** Whether the failure is the disk being full (the one that waits however many times it is tried). */
export const isOutOfSpace = (code: string) => code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';

/** Why a folder cannot be written, and what to do, in plain words. */
export function plainReason(code: string): string {
  const again = 'the app tries again by itself.';
  switch (code) {
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return `the disk is full. Free some space; ${again}`;
    case 'EDQUOT':
      return `your disk quota is used up. Free some space; ${again}`;
    case 'EROFS':
    case 'SQLITE_READONLY':
      return `the disk is read-only. Make it writable (or mount it again read-write); ${again}`;
    case 'EACCES':
    case 'EPERM':
      return `the app is not allowed to write there. Give it write permission; ${again}`;
    case 'ENOENT':
    case 'ENOTDIR':
    case 'SQLITE_CANTOPEN':
      return `the folder is not there (a drive or share disconnected?). Connect it again; ${again}`;
    case 'EMFILE':
    case 'ENFILE':
      return `the system has too many files open. Close some programs; ${again}`;
    default:
      return `the disk or share does not answer (${code}). Check that it is connected; ${again}`;
  }
}

/**
 * A recursive mkdir reports ENOENT whatever stopped it (a read-only disk included): the nearest folder
 * that exists, asked whether it may be written, tells the real reason.
 */
export async function realCode(dir: string, code: string): Promise<string> {
  if (code !== 'ENOENT') return code;
  for (let d = dir, up = dirname(dir); ; d = up, up = dirname(up)) {
    try {
      await access(d, constants.W_OK);
      return code;
    } catch (e) {
      const c = (e as NodeJS.ErrnoException).code;
      if (c !== 'ENOENT' && c !== 'ENOTDIR' && typeof c === 'string') return c;
    }
    if (up === d) return code;
  }
}

/**
 * Where the work waits: received files, files taken into the Outbox, the app's own database, and
 * invoices in folders that check before sending while the official rules cannot be loaded.
 */
export type FaultArea = 'downloads' | 'intake' | 'data' | 'rules';

/** A received file that could not be written (or recorded) for this computer's reason, not the file's. */
export class LocalWriteError extends Error {
  constructor(
    readonly area: FaultArea,
    readonly folder: string,
    readonly code: string,
    readonly bytes: number,
    cause: unknown,
  ) {
    super((cause as Error)?.message ?? String(cause), { cause });
  }
}

/** The error as a LocalWriteError when it is this computer's (a full disk, a folder read-only or gone). */
export async function asLocal(e: unknown, area: FaultArea, folder: string, bytes: number): Promise<unknown> {
  const code = localCodeOf(e);
  return code ? new LocalWriteError(area, folder, await realCode(folder, code), bytes, e) : e;
}

export interface LocalFault {
  area: FaultArea;
  folder: string;
  code: string;
  /** The line the user sees. */
  message: string;
  /** How large the write was that failed: a probe writes as much before the work goes on. */
  bytes: number;
}

const WHAT: Record<FaultArea, string> = {
  downloads: "Can't save received files to",
  intake: "Files wait in the Outbox: the app can't copy them into its data folder at",
  data: "Can't write to the app's data folder",
  rules: 'Invoices wait in the Outbox, neither sent nor failed, until they can be checked:',
};

export function faultMessage(area: FaultArea, folder: string, code: string): string {
  return `${WHAT[area]} ${folder}: ${plainReason(code)}`;
}

/** The rules' line: why they cannot be loaded and what to do (the validator's words), then what becomes of the files. */
export const rulesFaultMessage = (reason: string): string =>
  `${WHAT.rules} ${reason} They are checked and sent by themselves once the rules load.`;

export interface FaultsDeps {
  accountId: string;
  events: EngineEvents;
  /** Writes the activity line (may fail itself when the data disk is full: then the event and the log tell). */
  record(level: 'warn' | 'info', kind: string, message: string): void;
  /** Keeps the area's line where another process (`status`) reads it; null: it works again. */
  remember?(area: FaultArea, message: string | null): void;
  log: Logger;
}

/**
 * The local faults an account's work waits on now: one per area, said once when it starts (an event
 * and an activity line) and once when it ends, and every pass in the account's problems meanwhile.
 */
export class LocalFaults {
  private readonly current = new Map<FaultArea, LocalFault>();

  constructor(private readonly deps: FaultsDeps) {}

  get(area: FaultArea): LocalFault | undefined {
    return this.current.get(area);
  }

  /** `message`: the line itself, when the folder's reason is not the file system's (the rules' advice). */
  set(area: FaultArea, folder: string, code: string, bytes = 0, message = faultMessage(area, folder, code)): LocalFault {
    const before = this.current.get(area);
    const fault = { area, folder, code, message, bytes: Math.max(bytes, before?.bytes ?? 0) };
    this.current.set(area, fault);
    if (before?.message !== message) {
      this.deps.events.emit('problem', { accountId: this.deps.accountId, kind: faultKind(area), message });
      this.deps.log.warn(message, { folder, code });
      this.safely(() => this.deps.record('warn', `local.${area}.waiting`, message));
      this.safely(() => this.deps.remember?.(area, message));
    }
    return fault;
  }

  /** The area works again (a write went through): told once. `message`: when something else ended the wait. */
  clear(area: FaultArea, message?: string): void {
    const before = this.current.get(area);
    if (!before) return;
    this.current.delete(area);
    message ??=
      area === 'rules'
        ? 'The official rule sets load again: the invoices that waited are checked and sent'
        : `${before.folder} takes writes again; the waiting work goes on`;
    this.deps.log.info(message, { area });
    this.safely(() => this.deps.record('info', `local.${area}.resumed`, message));
    this.safely(() => this.deps.remember?.(area, null));
  }

  /** The lines of this pass's problems, one per area waiting. */
  messages(): string[] {
    return [...this.current.values()].map((f) => f.message);
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch {
      // The data disk itself may be what is full: the event above has told the user already.
    }
  }
}

export const FAULT_AREAS: readonly FaultArea[] = ['downloads', 'intake', 'data', 'rules'];

/** Rules that cannot be loaded are the installation's to fix, not a wait that passes by itself. */
export const faultKind = (area: FaultArea): 'retry' | 'user' => (area === 'rules' ? 'user' : 'retry');
const faultCursor = (area: FaultArea) => `local_fault.${area}`;

/** What an account's work waits on now, as the engine last said it: for `status` beside a running engine. */
export function rememberedFaults(store: Pick<StoreReader, 'cursors'>, accountId: string): string[] {
  return FAULT_AREAS.flatMap((area) => store.cursors.get(accountId, faultCursor(area)) ?? []);
}

/**
 * An account's faults, told in its activity log and by its events, and kept in a cursor row each for
 * other processes. A new engine starts knowing none (its first write into each place tells again), so
 * what an engine that was killed left is cleared.
 */
export function accountFaults(
  store: Pick<Store, 'activity' | 'cursors'>,
  accountId: string,
  events: EngineEvents,
  log: Logger,
): LocalFaults {
  const remember = (area: FaultArea, message: string | null) => {
    if (message === null) store.cursors.clear(accountId, faultCursor(area));
    else store.cursors.set(accountId, faultCursor(area), message);
  };
  for (const area of FAULT_AREAS) {
    try {
      remember(area, null);
    } catch {
      // A database that cannot be written now (a full disk, or read-only): the first fault says so.
    }
  }
  return new LocalFaults({
    accountId,
    events,
    log,
    record: (level, kind, message) => store.activity.append({ accountId, level, kind, message, ref: null }),
    remember,
  });
}

/**
 * A failure of the app's own database for lack of room (or a data folder gone read-only): the data
 * folder's fault is set and its line answered; null for any other failure.
 */
export function dataFault(faults: LocalFaults, dataDir: string, e: unknown): string | null {
  const code = localCodeOf(e);
  if (!code?.startsWith('SQLITE_')) return null;
  return faults.set('data', dataDir, code).message;
}
