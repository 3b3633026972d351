import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log';
import { backupsDir, dbFile } from '../paths';
import type { Store } from '../store';
import { backupPart, keepBackup, listBackups, pruneBackups } from '../store/backups';
import type { DbCheckAnswer, DbCheckTask } from '../store/db-check-worker';
import { workerEntry } from '../worker-entry';

const DAY_MS = 86_400_000;
export const BACKUP_EVERY_MS = DAY_MS;
export const INTEGRITY_EVERY_MS = 7 * DAY_MS;
/** How often a long-running engine looks whether a backup or a check is due. */
const LOOK_EVERY_MS = 3_600_000;

/** What the checks found, kept beside the backups: the file the database could not hold when it is damaged. */
export interface CheckState {
  integrityCheckedAt?: number;
  /** SQLite's findings, when a check found the database damaged; cleared by `db restore` and `db rebuild`. */
  damage?: string | null;
}

const stateFile = (dataDir: string) => join(backupsDir(dataDir), 'checks.json');

export function readCheckState(dataDir: string): CheckState {
  try {
    return JSON.parse(readFileSync(stateFile(dataDir), 'utf8')) as CheckState;
  } catch {
    return {};
  }
}

export function writeCheckState(dataDir: string, state: CheckState): void {
  mkdirSync(backupsDir(dataDir), { recursive: true, mode: 0o700 });
  const temp = `${stateFile(dataDir)}.tmp`;
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
  renameSync(temp, stateFile(dataDir));
}

/** A backup's time as the user's clock shows it, in one form for the command line and the desktop's dialog. */
export function backupTime(ms: number): string {
  const t = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/**
 * The one message of a damaged database: what SQLite found, and the two ways out. On the command line
 * the ways out are commands; the desktop offers them as the buttons of its dialog (`choices`).
 */
export function damagedMessage(dataDir: string, detail: string, waysOut: 'commands' | 'choices' = 'commands'): string {
  const newest = newestBackupAt(dataDir);
  const commands = waysOut === 'commands';
  const rebuild = `rebuild it from the service and your folders, keeping the accounts and sending nothing again${commands ? ', with `npm run cli -- db rebuild`' : ''}.`;
  const head = `The database of E-Invoice Sync is damaged and cannot be trusted (${dbFile(dataDir)}: ${detail.slice(0, 300)}). Your invoice files are safe.`;
  if (newest === null) return `${head} There is no backup to restore yet: ${rebuild}`;
  return `${head} Two ways out: restore the last backup (${backupTime(newest)})${commands ? ' with `npm run cli -- db restore`' : ''}, or ${rebuild}`;
}

/** When the newest backup was taken, or null when there is none. */
export function newestBackupAt(dataDir: string): number | null {
  return listBackups(backupsDir(dataDir))[0]?.takenAt ?? null;
}

/** openApp's refusal of a damaged database: the message, and what the desktop needs to offer its ways out. */
export class DamagedDatabaseError extends Error {
  override readonly name = 'DamagedDatabaseError';
  constructor(
    message: string,
    /** The newest backup's time: restore is offered only when there is one. */
    readonly backupAt: number | null,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

export interface DbCareOptions {
  dataDir: string;
  /** The writer (the app opens the engine and its checks): a damage found is told in the activity log. */
  store: Pick<Store, 'activity'>;
  log: Logger;
  now?: () => number;
}

/**
 * The database's upkeep while an engine runs: a backup at most daily (SQLite's online backup API, on a
 * worker thread, then a quick_check of the copy: a copy that fails it is thrown away and the damage
 * told), the newest BACKUPS_KEPT kept; and a full integrity_check at most weekly. Damage is logged,
 * written to the activity log and kept in checks.json, so the next start refuses with the ways out.
 */
export class DbCare {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly o: DbCareOptions) {
    this.now = o.now ?? Date.now;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runDue(), LOOK_EVERY_MS);
    this.timer.unref();
    void this.runDue();
  }

  /** Runs what is due (once at a time); resolves when it is done. */
  runDue(): Promise<void> {
    this.running ??= this.due().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async due(): Promise<void> {
    const dir = backupsDir(this.o.dataDir);
    const state = readCheckState(this.o.dataDir);
    if (state.damage) return;
    const newest = listBackups(dir)[0];
    if (!this.stopped && (!newest || this.now() - newest.takenAt >= BACKUP_EVERY_MS)) await this.backup(dir);
    if (!this.stopped && this.now() - (state.integrityCheckedAt ?? 0) >= INTEGRITY_EVERY_MS) await this.integrity();
  }

  private async backup(dir: string): Promise<void> {
    const part = backupPart(dir, this.now());
    const t = this.now();
    const a = await runCheck({ kind: 'backup', file: dbFile(this.o.dataDir), dest: part });
    const findings = a.ok ? a.findings : a.damage ? a.message : null;
    if (findings) {
      pruneBackups(dir);
      return this.damaged(findings);
    }
    if (!a.ok) {
      this.o.log.warn('the daily backup of the database failed; it is tried again in an hour', { error: a.message });
      pruneBackups(dir);
      return;
    }
    const file = keepBackup(part);
    pruneBackups(dir);
    this.o.log.info('database backed up', { file, ms: this.now() - t });
  }

  private async integrity(): Promise<void> {
    const t = this.now();
    const a = await runCheck({ kind: 'integrity', file: dbFile(this.o.dataDir) });
    const findings = a.ok ? a.findings : a.damage ? a.message : null;
    if (findings) return this.damaged(findings);
    if (!a.ok) {
      this.o.log.warn('the weekly check of the database failed to run; it is tried again in an hour', { error: a.message });
      return;
    }
    writeCheckState(this.o.dataDir, { ...readCheckState(this.o.dataDir), integrityCheckedAt: this.now() });
    this.o.log.info('database checked whole: no damage', { ms: this.now() - t });
  }

  private damaged(findings: string): void {
    writeCheckState(this.o.dataDir, { ...readCheckState(this.o.dataDir), damage: findings });
    const message = damagedMessage(this.o.dataDir, findings);
    this.o.log.error(message);
    try {
      this.o.store.activity.append({ level: 'error', kind: 'database.damaged', message });
    } catch {
      // The damage may be where the activity log lives: the log line and checks.json still say it.
    }
  }
}

function runCheck(task: DbCheckTask): Promise<DbCheckAnswer> {
  const entry = workerEntry(import.meta.url, './db-check-worker.js', '../store/db-check-worker.ts');
  return new Promise((resolve) => {
    const w = new Worker(entry.source, { eval: entry.eval, workerData: task });
    let answered = false;
    w.once('message', (a: DbCheckAnswer) => {
      answered = true;
      resolve(a);
    });
    w.once('error', (e) => resolve({ ok: false, message: e.message, damage: false }));
    w.once('exit', (code) => {
      if (!answered) resolve({ ok: false, message: `the check's thread ended (${code})`, damage: false });
    });
  });
}
