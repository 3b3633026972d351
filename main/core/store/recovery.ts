import { copyFileSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { fsyncPath, moveAside } from './backups';
import { checkFindings, openDatabase, schemaVersion } from './db';
import { DatabaseDamagedError } from './errors';
import { latestVersion } from './migrate';
import { MIGRATIONS } from './migrations/index';

/**
 * What a rebuild keeps: the accounts (their ids too, which key their API keys in the secret store)
 * and the Outbox folders' sending options; and, where it reads, the outbox, whose rows hold the
 * idempotency keys of files in flight: kept, a file whose answer was lost is sent again under its
 * own key, which the service de-duplicates, instead of being taken in anew. Everything else is the
 * mirror of the service and the folders, which the next sync fetches and lists again.
 */
export const KEPT_TABLES = ['accounts', 'folder_options'] as const;
export const KEPT_IF_READABLE = ['outbox'] as const;
type KeptTable = (typeof KEPT_TABLES)[number] | (typeof KEPT_IF_READABLE)[number];
export interface KeptRows {
  rows: Partial<Record<KeptTable, Record<string, unknown>[]>>;
  /** The tables of KEPT_IF_READABLE that did not read, with SQLite's words. */
  unreadable: string[];
}

/**
 * Reads the kept tables from a file that may be damaged: with writable_schema on, SQLite skips a
 * garbled definition of another table instead of refusing the whole file. Throws when the accounts
 * or the sending options cannot be read (their own pages are damaged).
 */
export function readKept(file: string): KeptRows {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    const kept: KeptRows = { rows: {}, unreadable: [] };
    const read = (t: KeptTable) => db.prepare(`SELECT * FROM ${t}`).all() as Record<string, unknown>[];
    for (const t of KEPT_TABLES) kept.rows[t] = read(t);
    for (const t of KEPT_IF_READABLE) {
      try {
        kept.rows[t] = read(t);
      } catch (e) {
        kept.unreadable.push(`${t}: ${(e as Error).message}`);
      }
    }
    return kept;
  } finally {
    db.close();
  }
}

/** Checks a backup whole before it may replace the database; throws DatabaseDamagedError or the schema's error. */
export function checkBackup(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const found = checkFindings(db.pragma('quick_check') as Record<string, unknown>[]);
    if (found) throw new DatabaseDamagedError(file, found);
    const version = schemaVersion(db);
    if (version > latestVersion(MIGRATIONS) || version < 1)
      throw new DatabaseDamagedError(file, `its schema is ${version}, which this app cannot read`);
  } catch (e) {
    if (e instanceof DatabaseDamagedError) throw e;
    throw new DatabaseDamagedError(file, (e as Error).message, { cause: e });
  } finally {
    db.close();
  }
}

/** Puts a checked backup in the database's place; the file it replaces is moved into `asideDir`. Answers where. */
export function restoreFrom(file: string, backup: string, asideDir: string, now: number): string {
  checkBackup(backup);
  const temp = `${file}.restoring`;
  copyFileSync(backup, temp);
  fsyncPath(temp);
  const aside = moveAside(file, asideDir, now);
  renameSync(temp, file);
  fsyncPath(dirname(file));
  return aside;
}

/**
 * A new database in the damaged one's place, holding only `kept`: the accounts as they were (same ids)
 * and their sending options. The damaged file is moved into `asideDir`, never deleted. Answers where.
 */
export function rebuildWith(file: string, kept: KeptRows, asideDir: string, now: number): string {
  const aside = moveAside(file, asideDir, now);
  const db = openDatabase(file);
  try {
    db.transaction(() => {
      for (const t of [...KEPT_TABLES, ...KEPT_IF_READABLE]) {
        const columns = new Set(db.prepare(`SELECT name FROM pragma_table_info('${t}')`).pluck().all() as string[]);
        for (const row of kept.rows[t] ?? []) {
          const names = Object.keys(row).filter((c) => columns.has(c));
          db.prepare(`INSERT INTO ${t} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...names.map((c) => row[c]));
        }
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (e) {
    db.close();
    // Nothing half-made stays in its place: the damaged file goes back, for another try.
    for (const s of ['', '-wal', '-shm']) rmSync(`${file}${s}`, { force: true });
    moveBack(aside, file);
    throw e;
  }
  db.close();
  return aside;
}

function moveBack(aside: string, file: string): void {
  for (const s of ['', '-wal', '-shm']) {
    try {
      renameSync(`${aside}${s}`, `${file}${s}`);
    } catch {
      // Not every one of the three existed.
    }
  }
}
