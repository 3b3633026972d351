import Database from 'better-sqlite3';
import { SchemaTooNewError, SchemaTooOldError } from './errors';
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
 * Opens (creating if needed) the engine's database and brings its schema up to date.
 * WAL lets the UI read while the engine writes; synchronous=NORMAL is durable in WAL mode except for
 * the last commits on power loss, which the sync engine redoes from the service and the folders.
 * The busy timeout covers a second process (the CLI next to the app) holding the write lock briefly.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Database.Database {
  const migrations = options.migrations ?? MIGRATIONS;
  const db = new Database(file, { readonly: options.readonly === true, fileMustExist: options.readonly === true });
  try {
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
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(db, migrations);
    // After the migrations, whose index builds may sort a whole table: from here on SQLite's scratch
    // files stay in memory. A transaction that writes a sent invoice's search index inside a savepoint
    // keeps the pages it changed for rolling back; past 64 KB SQLite spilled them into a new temporary
    // file, created, written and deleted again (a drop of 200 files made 733 of them, 130 MB).
    db.pragma('temp_store = MEMORY');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
