import type { Database } from 'better-sqlite3';
import { MigrationFailedError, MigrationListError, SchemaTooNewError } from './errors';

/**
 * One schema step (Signal Desktop's shape): versions only increase, and a migration once released is
 * never edited, so its SQL spells out its own literals instead of importing today's constants.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}

export interface MigrateResult {
  from: number;
  to: number;
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.length === 0 ? 0 : migrations[migrations.length - 1]!.version;
}

function checkList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version !== i + 1) {
      throw new MigrationListError(`migration "${m.name}" is at position ${i + 1} but has version ${m.version}`);
    }
  });
}

/**
 * Brings the database up to the last migration. Each step runs in its own transaction together with
 * its `user_version` bump (the header write is transactional), so a failure leaves the previous
 * version intact and the next start simply tries again.
 */
export function migrate(db: Database, migrations: readonly Migration[]): MigrateResult {
  checkList(migrations);
  const from = schemaVersion(db);
  const known = latestVersion(migrations);
  if (from > known) throw new SchemaTooNewError(from, known);
  for (const m of migrations) {
    if (m.version <= from) continue;
    const step = db.transaction(() => {
      m.up(db);
      // SQLite's recommended check after a schema change: a step must not leave dangling references.
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`${broken.length} rows break a foreign key`);
      db.pragma(`user_version = ${m.version}`);
    });
    try {
      step.exclusive();
    } catch (cause) {
      throw new MigrationFailedError(m.version, m.name, schemaVersion(db), { cause });
    }
  }
  return { from, to: schemaVersion(db) };
}
