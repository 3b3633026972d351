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
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
