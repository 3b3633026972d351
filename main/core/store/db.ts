import Database from 'better-sqlite3';
import { DatabaseDamagedError, isDamage, MigrationFailedError, SchemaTooNewError, SchemaTooOldError } from './errors';
import { latestVersion, type Migration, migrate, schemaVersion } from './migrate';
import { MIGRATIONS } from './migrations/index';

export type { Database } from 'better-sqlite3';
export { type MigrateResult, type Migration, migrate, schemaVersion } from './migrate';

export interface OpenOptions {
  /** Open without writing: no pragmas that write, no migrations; the schema must already be current. */
  readonly?: boolean;
  /** For tests of the upgrade path; the app always uses the full list. */
  migrations?: readonly Migration[];
}

/**
 * At every read-write open a file up to this size is quick_checked whole (about a tenth of a second);
 * a larger one only in the tables that say what is to be sent and where each feed got to
 * (CHECKED_AT_OPEN), and whole in the background (the daily backup's check of its copy, the weekly
 * integrity_check: main/core/app/db-care.ts). Measured by bench/db-check.bench.ts under a load of 9 on
 * 2 cores: a whole quick_check of 240 MB (100,000 invoices with their files) took 1.1 to 4.2 s and of
 * 2.4 GB (a million) 16 to 24 s; checking invoice_files at open as well cost 1.0 to 1.2 s at 100,000;
 * without it an open takes 2 to 11 ms at either size.
 */
const WHOLE_CHECK_MAX_BYTES = 16 * 1024 * 1024;
const CHECKED_AT_OPEN = ['accounts', 'folder_options', 'cursors', 'outbox', 'jobs', 'bank_messages'];

/** The first lines of a check's findings, or null when it found nothing. */
export function checkFindings(rows: readonly Record<string, unknown>[]): string | null {
  const lines = rows.map((r) => String(Object.values(r)[0]));
  if (lines.length === 1 && lines[0] === 'ok') return null;
  return lines.slice(0, 3).join('; ') + (lines.length > 3 ? ` (and ${lines.length - 3} more)` : '');
}

/** PRAGMA quick_check of the whole file, or of the tables (and their indexes) that tell the engine what to do next. */
function quickCheckAtOpen(db: Database.Database, file: string): void {
  const bytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  if (bytes <= WHOLE_CHECK_MAX_BYTES) {
    const found = checkFindings(db.pragma('quick_check') as Record<string, unknown>[]);
    if (found) throw new DatabaseDamagedError(file, found);
    return;
  }
  const have = new Set(
    db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as unknown as string[],
  );
  for (const table of CHECKED_AT_OPEN.filter((t) => have.has(t))) {
    const found = checkFindings(db.pragma(`quick_check(${table})`) as Record<string, unknown>[]);
    if (found) throw new DatabaseDamagedError(file, found);
  }
}

/**
 * Opens (creating if needed) the engine's database and brings its schema up to date.
 * WAL lets the UI read while the engine writes; synchronous=NORMAL is durable in WAL mode except for
 * the last commits on power loss, which the sync engine redoes from the service and the folders.
 * The busy timeout covers a second process (the CLI next to the app) holding the write lock briefly.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: options.readonly === true, fileMustExist: options.readonly === true });
  } catch (e) {
    throw isDamage(e) ? new DatabaseDamagedError(file, (e as Error).message, { cause: e }) : e;
  }
  try {
    return prepare(db, file, options);
  } catch (err) {
    db.close();
    const cause = err instanceof MigrationFailedError ? err.cause : err;
    throw isDamage(cause) ? new DatabaseDamagedError(file, (cause as Error).message, { cause: err }) : err;
  }
}

function prepare(db: Database.Database, file: string, options: OpenOptions): Database.Database {
  const migrations = options.migrations ?? MIGRATIONS;
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const found = schemaVersion(db);
  const known = latestVersion(migrations);
  // Before anything writes (even the journal mode), so a newer app's file is left exactly as it was.
  if (found > known) throw new SchemaTooNewError(found, known);
  if (options.readonly) {
    if (found < known) throw new SchemaTooOldError(found, known);
    return db;
  }
  // Before the migrations write to a damaged file.
  quickCheckAtOpen(db, file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  migrate(db, migrations);
  // After the migrations, whose index builds may sort a whole table: from here on SQLite's scratch
  // files stay in memory. A transaction that writes a sent invoice's search index inside a savepoint
  // keeps the pages it changed for rolling back; past 64 KB SQLite spilled them into a new temporary
  // file, created, written and deleted again (a drop of 200 files made 733 of them, 130 MB).
  db.pragma('temp_store = MEMORY');
  return db;
}
