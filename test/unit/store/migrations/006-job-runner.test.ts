import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 6: one job runner', () => {
  it('upgrades a version 5 file: every row, id and index kept, needs_user allowed, the jobs table there', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v5 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 5) });
    v5.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', 'i1', 'RECEIVED', 0, '{}', 0, 0);
             INSERT INTO invoice_files (job_id, account_id, invoice_id, kind, filename, path, state, attempts, verified, created_at, updated_at)
               VALUES (41, 'a1', 'i1', 'original', 'x.xml', '/r/x.xml', 'done', 2, 1, 0, 0);
             INSERT INTO outbox (id, account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, attempts, created_at, updated_at)
               VALUES (7, 'a1', 'invoice', 'Outbox/Invoices/a.xml', 'a.xml', 3, 1, 'h', 'k1', 'queued', 4, 0, 0);`);
    expect(() => v5.exec("UPDATE outbox SET state = 'needs_user' WHERE id = 7")).toThrow(/CHECK/);
    v5.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 6) });
    expect(schemaVersion(db)).toBe(6);
    expect(db.prepare('SELECT id, state, attempts, failures_before_user FROM outbox').all()).toEqual([
      { id: 7, state: 'queued', attempts: 4, failures_before_user: 0 },
    ]);
    expect(db.prepare('SELECT job_id, state, attempts, verified FROM invoice_files').all()).toEqual([
      { job_id: 41, state: 'done', attempts: 2, verified: 1 },
    ]);
    db.exec("UPDATE outbox SET state = 'needs_user' WHERE id = 7");
    db.exec("UPDATE invoice_files SET state = 'needs_user' WHERE job_id = 41");
    expect(() => db.exec("UPDATE outbox SET state = 'lost' WHERE id = 7")).toThrow(/CHECK/);
    // The partial unique index of one active version survives the rebuild.
    expect(() =>
      db.exec(`INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
               VALUES ('a1', 'invoice', 'Outbox/Invoices/a.xml', 'a.xml', 3, 1, 'h', 'k2', 'queued', 0, 0)`),
    ).toThrow(/UNIQUE/);
    const indexes = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").pluck().all();
    expect(indexes).toEqual(
      expect.arrayContaining(['outbox_active_version', 'outbox_due', 'invoice_files_due', 'invoice_files_unverified', 'jobs_due']),
    );
    db.exec("INSERT INTO jobs (account_id, kind, key, created_at, updated_at) VALUES ('a1', 'detect', 'i1', 0, 0)");
    expect(() => db.exec("INSERT INTO jobs (account_id, kind, key, created_at, updated_at) VALUES ('a1', 'detect', 'i1', 0, 0)")).toThrow(
      /UNIQUE/,
    );
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
