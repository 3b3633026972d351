import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type Migration, migrate, openDatabase, schemaVersion } from '../../../main/core/store/db';
import { MigrationFailedError, MigrationListError, SchemaTooNewError, SchemaTooOldError } from '../../../main/core/store/errors';
import { MIGRATIONS } from '../../../main/core/store/migrations/index';
import { tempDir } from '../../support/temp';

const LATEST = MIGRATIONS.length;

describe('openDatabase', () => {
  it('brings a fresh file to the latest schema with WAL, foreign keys, busy timeout, synchronous NORMAL and scratch in memory', () => {
    const db = openDatabase(join(tempDir(), 'a.sqlite'));
    try {
      expect(schemaVersion(db)).toBe(LATEST);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      // A savepoint's rollback pages past 64 KB otherwise become a new temporary file each time.
      expect(db.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    } finally {
      db.close();
    }
  });

  it('opens an up-to-date file again without running anything', () => {
    const file = join(tempDir(), 'a.sqlite');
    openDatabase(file).close();
    let ran = 0;
    const counting = MIGRATIONS.map((m) => ({
      ...m,
      up(db: Database.Database) {
        ran++;
        m.up(db);
      },
    }));
    const db = openDatabase(file, { migrations: counting });
    expect(ran).toBe(0);
    expect(schemaVersion(db)).toBe(LATEST);
    db.close();
  });

  it('refuses a database written by a newer app with the message the UI shows', () => {
    const file = join(tempDir(), 'newer.sqlite');
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST + 7}`);
    raw.close();
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
    expect(() => openDatabase(file)).toThrow(
      `This database was written by a newer version of E-Invoice Sync (schema ${LATEST + 7}, this app knows ${LATEST}). Update the app.`,
    );
    // refused, not touched
    const after = new Database(file);
    expect(schemaVersion(after)).toBe(LATEST + 7);
    expect(after.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get()).toEqual({ n: 0 });
    expect(after.pragma('journal_mode', { simple: true })).toBe('delete');
    after.close();
  });

  it('read-only: opens a current file, refuses an old one instead of migrating, and cannot write', () => {
    const dir = tempDir();
    const current = join(dir, 'current.sqlite');
    openDatabase(current).close();
    const ro = openDatabase(current, { readonly: true });
    expect(schemaVersion(ro)).toBe(LATEST);
    expect(() => ro.prepare("INSERT INTO cursors VALUES ('a', 'b', 'c', 1)").run()).toThrow(/readonly/);
    ro.close();

    const old = join(dir, 'old.sqlite');
    openDatabase(old, { migrations: MIGRATIONS.slice(0, 1) }).close();
    expect(() => openDatabase(old, { readonly: true })).toThrow(SchemaTooOldError);
    expect(() => openDatabase(join(dir, 'absent.sqlite'), { readonly: true })).toThrow();
  });
});

describe('migrate', () => {
  const table = (version: number, name: string): Migration => ({
    version,
    name,
    up: (db) => void db.exec(`CREATE TABLE t${version} (x INTEGER) STRICT`),
  });

  it('rolls a failing migration back completely and leaves user_version at the last good step', () => {
    const db = new Database(join(tempDir(), 'm.sqlite'));
    const failing: Migration = {
      version: 2,
      name: 'half-done',
      up(d) {
        d.exec('CREATE TABLE t2 (x INTEGER)');
        d.exec('INSERT INTO t1 VALUES (1)');
        throw new Error('disk full, say');
      },
    };
    let caught: unknown;
    try {
      migrate(db, [table(1, 'one'), failing, table(3, 'three')]);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(MigrationFailedError);
    expect((caught as MigrationFailedError).version).toBe(2);
    expect((caught as MigrationFailedError).from).toBe(1);
    expect((caught as Error).message).toContain('disk full, say');
    expect(schemaVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['t1']);
    expect(db.prepare('SELECT count(*) FROM t1').pluck().get()).toBe(0);

    // the next start retries from where it stopped
    expect(migrate(db, [table(1, 'one'), table(2, 'two'), table(3, 'three')])).toEqual({ from: 1, to: 3 });
    db.close();
  });

  it('rolls back a migration that leaves a broken foreign key', () => {
    const db = new Database(join(tempDir(), 'fk.sqlite'));
    const dangling: Migration = {
      version: 1,
      name: 'dangling',
      up(d) {
        d.exec('CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p (id));');
        d.exec('PRAGMA defer_foreign_keys = ON; INSERT INTO c VALUES (42);');
      },
    };
    expect(() => migrate(db, [dangling])).toThrow(/foreign key/);
    expect(schemaVersion(db)).toBe(0);
    db.close();
  });

  it('refuses a list that is out of order or has gaps', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [table(1, 'one'), table(3, 'three')])).toThrow(MigrationListError);
    expect(() => migrate(db, [table(2, 'two'), table(1, 'one')])).toThrow(MigrationListError);
    expect(schemaVersion(db)).toBe(0);
    db.close();
  });

  it('the app list is in order, one version per file', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
  });
});
