import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 10: bank messages out, companions, RI delete option', () => {
  it('upgrades a version 9 file keeping its outbox rows and the one-active-row-per-version index', () => {
    const file = join(tempDir(), 'm.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 9) });
    old.exec(`INSERT INTO accounts (id, name, environment, base_url, company_id, root, created_at, updated_at)
      VALUES ('a', 'A', 'sandbox', 'http://x', 'c', '/r', 0, 0)`);
    old.exec(`INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, created_at, updated_at)
      VALUES ('a', 'invoice', 'Outbox/Invoices/x.xml', 'x.xml', 1, 1, 'h', 'k1', 0, 0)`);
    old.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 10) });
    expect(schemaVersion(db)).toBe(10);
    const row = db.prepare('SELECT id, kind, companions_json FROM outbox').get() as Record<string, unknown>;
    expect(row).toEqual({ id: 1, kind: 'invoice', companions_json: '[]' });
    const put =
      db.prepare(`INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, created_at, updated_at)
      VALUES ('a', ?, ?, 'y.xml', 1, 1, 'h', ?, 0, 0)`);
    put.run('bank_message', 'Outbox/BankMessages/y.xml', 'k2');
    expect(() => put.run('letter', 'Outbox/Letters/y.xml', 'k3')).toThrow(/CHECK/);
    // The partial unique index came back: the same active version cannot be queued twice.
    expect(() => put.run('bank_message', 'Outbox/BankMessages/y.xml', 'k4')).toThrow(/UNIQUE/);
    expect((db.prepare('SELECT delete_ri_after_download AS d FROM accounts').get() as { d: number }).d).toBe(0);
    expect(() => db.exec('UPDATE accounts SET delete_ri_after_download = 2')).toThrow(/CHECK/);
    db.close();
  });
});
