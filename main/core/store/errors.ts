// Typed errors of the store. Each carries a plain-words message the UI can show as it is.

/** The file was written by a newer app: migrating down is impossible and guessing would lose data. */
export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`This database was written by a newer version of E-Invoice Sync (schema ${found}, this app knows ${known}). Update the app.`);
  }
}

/** A read-only open met an older schema, which only a read-write open may migrate. */
export class SchemaTooOldError extends Error {
  override readonly name = 'SchemaTooOldError';
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`This database has schema ${found} and needs schema ${known}; open it once with E-Invoice Sync (not read-only) to upgrade it.`);
  }
}

/** One migration threw; its transaction was rolled back and the schema stays at `from`. */
export class MigrationFailedError extends Error {
  override readonly name = 'MigrationFailedError';
  constructor(
    readonly version: number,
    readonly migration: string,
    readonly from: number,
    options: { cause: unknown },
  ) {
    const why = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`Upgrading the database to schema ${version} (${migration}) failed and was undone: ${why}`, options);
  }
}

/** The list of migrations itself is wrong (a programming error, caught by the tests). */
export class MigrationListError extends Error {
  override readonly name = 'MigrationListError';
}

/**
 * The database file cannot be trusted: SQLite found it damaged, or its schema is one this app cannot
 * read (a table's definition garbled, a table it needs missing). `detail` is SQLite's own words; the
 * hosts add the ways out (main/core/app/db-care.ts), which need the data folder.
 */
export class DatabaseDamagedError extends Error {
  override readonly name = 'DatabaseDamagedError';
  constructor(
    readonly file: string,
    readonly detail: string,
    options?: { cause: unknown },
  ) {
    super(`The database ${file} is damaged: ${detail}`, options);
  }
}

/** SQLite's errors that mean the file itself is bad, not the statement or the moment. */
export function isDamage(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return true;
  // A table or column the migrations made is gone: the schema is not one this app wrote.
  return code === 'SQLITE_ERROR' && /^(no such (table|column|index)|malformed database schema)/.test((e as Error).message);
}
