import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILED_SINCE_SQL, HELD_SQL } from '../../../../main/core/store/attention';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

// [id, account, state, updated at]
const ROWS: [number, string, string, number][] = [
  [1, 'a1', 'needs_user', 5],
  [2, 'a1', 'held_duplicate', 5],
  [3, 'a2', 'needs_user', 5],
  [4, 'a1', 'failed', 100],
  [5, 'a1', 'failed', 10],
  [6, 'a2', 'failed', 200],
  [7, 'a1', 'done', 300],
  [8, 'a2', 'queued', 300],
];

const planOf = (db: ReturnType<typeof openDatabase>, sql: string, params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');

describe("migration 19: the Overview's held and failed uploads read only those rows", () => {
  it('upgrades a version 18 file; both counts go through partial indexes and count as before', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v18 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 18) });
    const account = v18.prepare(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES (?, ?, 'test', 'c', '/r', 0, 0)",
    );
    account.run('a1', 'one');
    account.run('a2', 'two');
    const insert = v18.prepare(
      `INSERT INTO outbox (id, account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
       VALUES (?, ?, 'invoice', ?, 'f.xml', 1, 0, ?, ?, ?, 0, ?)`,
    );
    for (const [id, acc, state, at] of ROWS) insert.run(id, acc, `Outbox/f${id}.xml`, 'a'.repeat(64), `k${id}`, state, at);
    v18.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 19) });
    expect(schemaVersion(db)).toBe(19);
    const counts = (sql: string, ...params: unknown[]) =>
      Object.fromEntries((db.prepare(sql).all(...params) as { account_id: string; n: number }[]).map((r) => [r.account_id, r.n]));
    expect(counts(HELD_SQL)).toEqual({ a1: 2, a2: 1 });
    expect(counts(FAILED_SINCE_SQL, 50)).toEqual({ a1: 1, a2: 1 });
    expect(counts(FAILED_SINCE_SQL, 0)).toEqual({ a1: 2, a2: 1 });
    expect(counts(FAILED_SINCE_SQL, 150)).toEqual({ a2: 1 });
    // Fails when a query's WHERE drifts from its index's, or the failed count reads every failure ever.
    expect(planOf(db, HELD_SQL, [])).toMatch(/USING (COVERING )?INDEX outbox_held/);
    expect(planOf(db, FAILED_SINCE_SQL, [0])).toMatch(/SEARCH outbox USING (COVERING )?INDEX outbox_failed_at \(updated_at>\?\)/);
    db.close();
  });
});
