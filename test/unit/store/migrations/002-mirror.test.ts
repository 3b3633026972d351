import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { m001Initial } from '../../../../main/core/store/migrations/001-initial';
import { m002Mirror } from '../../../../main/core/store/migrations/002-mirror';
import { tempDir } from '../../../support/temp';

const invoiceRow = `INSERT INTO invoices (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', ?, 'RECEIVED', 0, '{}', 0, 0)`;
const fileRow = `INSERT INTO invoice_files (account_id, invoice_id, kind, remote_file_id, filename, created_at, updated_at)
  VALUES ('a1', ?, ?, ?, 'f', 0, 0)`;

describe('migration 2: mirror', () => {
  it('upgrades a version 1 file in place, keeping its rows', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v1 = openDatabase(file, { migrations: [m001Initial] });
    v1.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO cursors VALUES ('a1', 'invoices', 'x', 0);`);
    v1.close();

    const db = openDatabase(file, { migrations: [m001Initial, m002Mirror] });
    expect(schemaVersion(db)).toBe(2);
    expect(db.prepare('SELECT value FROM cursors').pluck().get()).toBe('x');
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining(['invoices', 'invoice_files', 'documents', 'document_files', 'document_events', 'bank_messages']),
    );

    db.prepare(invoiceRow).run('inv-1');
    expect(() => db.prepare(invoiceRow).run('inv-1')).toThrow(/UNIQUE/);
    // the original has no remote file id: '' instead of NULL keeps the key unique
    db.prepare(fileRow).run('inv-1', 'original', '');
    expect(() => db.prepare(fileRow).run('inv-1', 'original', '')).toThrow(/UNIQUE/);
    expect(() => db.prepare(fileRow).run('inv-1', 'original', null)).toThrow(/NOT NULL/);
    db.prepare(fileRow).run('inv-1', 'attachment', 'f-1');
    expect(() => db.prepare(fileRow).run('inv-missing', 'original', '')).toThrow(/FOREIGN KEY/);

    db.exec(`INSERT INTO documents (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', 'd1', 'SENT', 0, '{}', 0, 0);
             INSERT INTO document_events (account_id, document_id, code, created_at, json, first_seen_at) VALUES ('a1', 'd1', 'DELIVERED', 't', '{}', 0);
             INSERT INTO bank_messages (account_id, kind, id, seen_at, created_at, updated_at) VALUES ('a1', 'ri', 'm1', 0, 0, 0);`);
    expect(() =>
      db
        .prepare(
          "INSERT INTO document_events (account_id, document_id, code, created_at, json, first_seen_at) VALUES ('a1', 'd1', 'DELIVERED', 't', '{}', 0)",
        )
        .run(),
    ).toThrow(/UNIQUE/);

    // removing the account removes the whole mirror, down to file jobs and events
    db.exec("DELETE FROM accounts WHERE id = 'a1'");
    const left = db
      .prepare(
        `SELECT (SELECT count(*) FROM invoices) + (SELECT count(*) FROM invoice_files) + (SELECT count(*) FROM documents)
          + (SELECT count(*) FROM document_events) + (SELECT count(*) FROM bank_messages)`,
      )
      .pluck()
      .get();
    expect(left).toBe(0);
    db.close();
  });
});
