import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 4: pending detect', () => {
  it('upgrades a version 3 file, and the query for invoices without a Detect result uses the partial index', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v3 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 3) });
    v3.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', 'i1', 'RECEIVED', 0, '{}', 5, 0);`);
    v3.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 4) });
    expect(schemaVersion(db)).toBe(4);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM invoices WHERE account_id = 'a1' AND direction = 'RECEIVED' AND detect_status IS NULL
         AND first_seen_at >= 0 ORDER BY first_seen_at DESC LIMIT 10`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/invoices_pending_detect/);
    expect(
      db
        .prepare(
          "SELECT id FROM invoices INDEXED BY invoices_pending_detect WHERE account_id = 'a1' AND direction = 'RECEIVED' AND detect_status IS NULL",
        )
        .pluck()
        .all(),
    ).toEqual(['i1']);
    db.close();
  });
});
