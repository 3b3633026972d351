import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { m001Initial } from '../../../../main/core/store/migrations/001-initial';
import { tempDir } from '../../../support/temp';

function atVersion1() {
  const db = openDatabase(join(tempDir(), 'v1.sqlite'), { migrations: [m001Initial] });
  const account = db.prepare(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at)
    VALUES (?, ?, 'production', 'c', '/r', 0, 0)`);
  const outbox =
    db.prepare(`INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
    VALUES ('a1', 'invoice', ?, 'f.xml', 1, 1, ?, ?, ?, 0, 0)`);
  return { db, account, outbox };
}

describe('migration 1: initial', () => {
  it('creates the engine tables and sets user_version 1', () => {
    const { db } = atVersion1();
    expect(schemaVersion(db)).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['accounts', 'activity', 'cursors', 'folder_options', 'outbox']);
    expect(migrate(db, [m001Initial])).toEqual({ from: 1, to: 1 });
    db.close();
  });

  it('accounts: environments are checked and only the sandbox may carry a base URL', () => {
    const { db, account } = atVersion1();
    account.run('a1', 'one');
    expect(() => account.run('a2', 'one')).toThrow(/UNIQUE/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('x', 'x', 'staging', 'c', '/', 0, 0)",
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO accounts (id, name, environment, base_url, company_id, root, created_at, updated_at) VALUES ('y', 'y', 'production', 'http://x', 'c', '/', 0, 0)",
        )
        .run(),
    ).toThrow(/CHECK/);
    const row = db.prepare("SELECT poll_interval_s, mark_handled, paused FROM accounts WHERE id = 'a1'").get();
    expect(row).toEqual({ poll_interval_s: 300, mark_handled: 0, paused: 0 });
    db.close();
  });

  it('outbox: one active row per file version, free again once settled; idem_key unique; states checked', () => {
    const { db, account, outbox } = atVersion1();
    account.run('a1', 'one');
    outbox.run('Outbox/Invoices/a.xml', 'h1', 'k1', 'queued');
    expect(() => outbox.run('Outbox/Invoices/a.xml', 'h1', 'k2', 'uploading')).toThrow(/UNIQUE/);
    outbox.run('Outbox/Invoices/a.xml', 'h2', 'k3', 'queued'); // another version of the same path
    outbox.run('Outbox/Invoices/a.xml', 'h1', 'k4', 'done'); // settled rows do not count
    expect(() => outbox.run('Outbox/Invoices/b.xml', 'h9', 'k1', 'queued')).toThrow(/UNIQUE/);
    expect(() => outbox.run('Outbox/Invoices/c.xml', 'h9', 'k9', 'sending')).toThrow(/CHECK/);
    db.close();
  });

  it('deleting an account takes its outbox, options, cursors and activity with it', () => {
    const { db, account, outbox } = atVersion1();
    account.run('a1', 'one');
    outbox.run('Outbox/Invoices/a.xml', 'h1', 'k1', 'queued');
    db.exec(`INSERT INTO folder_options VALUES ('a1', 'Outbox/Invoices', '{}', 0);
             INSERT INTO cursors VALUES ('a1', 'invoices', 'x', 0);
             INSERT INTO activity (account_id, at, level, kind, message) VALUES ('a1', 0, 'info', 'k', 'm'), (NULL, 0, 'info', 'k', 'm');`);
    db.exec("DELETE FROM accounts WHERE id = 'a1'");
    const counts = db
      .prepare('SELECT (SELECT count(*) FROM outbox) + (SELECT count(*) FROM folder_options) + (SELECT count(*) FROM cursors) AS n')
      .get();
    expect(counts).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) FROM activity').pluck().get()).toBe(1);
    db.close();
  });
});
