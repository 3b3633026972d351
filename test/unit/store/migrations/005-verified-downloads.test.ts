import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 5: verified downloads', () => {
  it('upgrades a version 4 file: files written before are unverified, found through the partial index', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v4 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 4) });
    v4.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sort_ms, json, first_seen_at, updated_at)
               VALUES ('a1', 'i1', 'RECEIVED', 0, '{}', 0, 0), ('a1', 'i2', 'RECEIVED', 0, '{}', 0, 0);
             INSERT INTO invoice_files (account_id, invoice_id, kind, filename, path, state, created_at, updated_at)
               VALUES ('a1', 'i1', 'original', 'x.xml', '/r/x.xml', 'done', 0, 0), ('a1', 'i2', 'original', 'y.xml', NULL, 'pending', 0, 0);`);
    v4.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 5) });
    expect(schemaVersion(db)).toBe(5);
    const sql = "SELECT invoice_id FROM invoice_files WHERE account_id = 'a1' AND state = 'done' AND verified = 0 ORDER BY job_id";
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan).toMatch(/invoice_files_unverified/);
    expect(db.prepare(sql).pluck().all()).toEqual(['i1']);
    for (const t of ['document_files', 'bank_messages'])
      expect((db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name)).toContain('verified');
    expect(() => db.exec("UPDATE invoice_files SET verified = 2 WHERE invoice_id = 'i1'")).toThrow(/CHECK/);
    db.close();
  });
});
