import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { WARNED_UNHANDLED_SQL } from '../../../../main/core/store/invoices';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

const ROWS: [account: string, id: string, direction: string, detect: string | null, handled: number][] = [
  ['a1', 'w1', 'RECEIVED', 'WARN', 0],
  ['a1', 'w2', 'RECEIVED', 'WARN', 0],
  ['a1', 'h1', 'RECEIVED', 'WARN', 1],
  ['a1', 'ok', 'RECEIVED', 'OK', 0],
  ['a1', 'nd', 'RECEIVED', null, 0],
  ['a1', 'sw', 'SENT', 'WARN', 0],
  ['a2', 'w3', 'RECEIVED', 'WARN', 0],
];

describe('migration 14: warned and unhandled', () => {
  it('upgrades a version 13 file; the Overview count reads only the partial index and follows handled', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v13 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 13) });
    const account = v13.prepare(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES (?, ?, 'test', 'c', '/r', 0, 0)",
    );
    account.run('a1', 'one');
    account.run('a2', 'two');
    const insert = v13.prepare(
      `INSERT INTO invoices (account_id, id, direction, detect_status, handled, sort_ms, json, first_seen_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, '{}', 0, 0)`,
    );
    for (const r of ROWS) insert.run(...r);
    v13.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 14) });
    expect(schemaVersion(db)).toBe(14);
    const counts = () =>
      Object.fromEntries((db.prepare(WARNED_UNHANDLED_SQL).all() as { account_id: string; n: number }[]).map((r) => [r.account_id, r.n]));
    expect(counts()).toEqual({ a1: 2, a2: 1 });
    // The index holds those three rows and no other: the count never reads the rest of the mirror.
    expect(
      db
        .prepare(
          `SELECT count(*) FROM invoices INDEXED BY invoices_warned_unhandled WHERE direction = 'RECEIVED' AND detect_status = 'WARN' AND handled = 0`,
        )
        .pluck()
        .get(),
    ).toBe(3);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${WARNED_UNHANDLED_SQL}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan).toMatch(/invoices_warned_unhandled/);

    db.prepare("UPDATE invoices SET handled = 1 WHERE id = 'w1'").run();
    db.prepare("UPDATE invoices SET detect_status = 'WARN' WHERE id = 'ok'").run();
    db.prepare("DELETE FROM invoices WHERE id = 'w3'").run();
    expect(counts()).toEqual({ a1: 2 });
    db.close();
  });
});
