import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { createStore } from '../../../../main/core/store/index';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 23: each outbox row keeps its own check and when it was sent', () => {
  it('gives an old row the report that existed when it was queued, never one made later, and its upload time', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v22 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 22) });
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    v22.exec(`
      INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
      -- Checked before it was queued (at 100): its report is from 90.
      INSERT INTO validation_reports (sha256, rules, status, report_json, created_at) VALUES ('${a}', 'rules@1', 'valid', '{}', 90);
      INSERT INTO outbox (id, account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
        VALUES (1, 'a1', 'invoice', 'Outbox/Invoices/checked.xml', 'checked.xml', 1, 0, '${a}', 'k1', 'done', 100, 500);
      -- Sent unchecked at 100; the same bytes were checked for another file at 1300: not this row's verdict.
      INSERT INTO validation_reports (sha256, rules, status, report_json, created_at) VALUES ('${b}', 'rules@1', 'valid', '{}', 1300);
      INSERT INTO outbox (id, account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
        VALUES (2, 'a1', 'invoice', 'Outbox/Invoices/unchecked.xml', 'unchecked.xml', 1, 0, '${b}', 'k2', 'done', 100, 900);
      INSERT INTO activity (account_id, at, level, kind, message, ref) VALUES ('a1', 120, 'info', 'upload.done', 'Uploaded', '2');
      INSERT INTO activity (account_id, at, level, kind, message, ref) VALUES ('a1', 130, 'info', 'outbox.sent', 'Sent', '2');
    `);
    v22.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 23) });
    expect(schemaVersion(db)).toBe(23);
    db.close();
    const store = createStore(file);
    const rows = Object.fromEntries(store.outbox.listByStates('a1', ['done']).map((j) => [j.filename, j]));
    expect(rows['checked.xml']?.check).toEqual({ mode: null, rules: 'rules@1', unchecked: null });
    expect(rows['checked.xml']?.sentAt).toBeNull();
    expect(rows['unchecked.xml']?.check).toBeNull();
    expect(rows['unchecked.xml']?.sentAt).toBe(120);
    // A new row keeps what intake says of its check.
    const { job } = store.outbox.insert({
      accountId: 'a1',
      kind: 'invoice',
      relPath: 'Outbox/Invoices/new.xml',
      filename: 'new.xml',
      size: 1,
      mtimeMs: 0,
      sha256: 'c'.repeat(64),
      check: { mode: 'warn', rules: null, unchecked: 'rules_unavailable' },
    });
    expect(store.outbox.get(job.id)?.check).toEqual({ mode: 'warn', rules: null, unchecked: 'rules_unavailable' });
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    store.close();
  });
});
