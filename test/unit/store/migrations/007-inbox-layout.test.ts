import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 7: the Inbox layout', () => {
  it('upgrades a version 6 file: existing accounts keep a flat Inbox, rows and paths kept, moves recordable, paths indexed', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v6 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 6) });
    v6.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', 'i1', 'RECEIVED', 0, '{}', 0, 0);
             INSERT INTO invoice_files (job_id, account_id, invoice_id, kind, filename, path, sha256, state, attempts, verified, created_at, updated_at)
               VALUES (41, 'a1', 'i1', 'original', 'x.xml', '/r/Inbox/Invoices/x.xml', 'h', 'done', 1, 1, 0, 0);
             INSERT INTO bank_messages (job_id, account_id, kind, id, seen_at, path, state, created_at, updated_at)
               VALUES (9, 'a1', 'ri', 'b1', 0, '/r/Inbox/BankMessages/b1.xml', 'done', 0, 0);`);
    v6.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 7) });
    expect(schemaVersion(db)).toBe(7);
    expect(db.prepare('SELECT id, inbox_layout FROM accounts').all()).toEqual([{ id: 'a1', inbox_layout: 'flat' }]);
    expect(db.prepare('SELECT job_id, path, state, moving_to FROM invoice_files').all()).toEqual([
      { job_id: 41, path: '/r/Inbox/Invoices/x.xml', state: 'done', moving_to: null },
    ]);
    expect(db.prepare('SELECT job_id, path, moving_to FROM bank_messages').all()).toEqual([
      { job_id: 9, path: '/r/Inbox/BankMessages/b1.xml', moving_to: null },
    ]);
    db.exec("UPDATE accounts SET inbox_layout = 'year-month'");
    expect(() => db.exec("UPDATE accounts SET inbox_layout = 'by-colour'")).toThrow(/CHECK/);
    db.exec("UPDATE invoice_files SET moving_to = '/r/Inbox/Invoices/2026/03/x.xml' WHERE job_id = 41");
    // "Does a row own this name?" is answered from the indexes, not by reading the table.
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT job_id FROM invoice_files WHERE (path = ? AND state = 'done') OR moving_to = ? LIMIT 1")
      .all('/x', '/x') as { detail: string }[];
    const details = plan.map((p) => p.detail).join('\n');
    expect(details).toContain('invoice_files_path');
    expect(details).toContain('invoice_files_moving');
    expect(details).not.toMatch(/^SCAN invoice_files$/m);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
