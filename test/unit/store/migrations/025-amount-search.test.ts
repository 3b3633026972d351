import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 25: the sum as an exact integer, indexed', () => {
  it('gives rows already mirrored their amount_e4, rounded to the 1/10000, and a typed sum reads the amount index', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v24 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 24) });
    v24.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sum, sort_ms, json, first_seen_at, updated_at)
             VALUES ('a1', 'i1', 'RECEIVED', 1656.25, 0, '{}', 0, 0), ('a1', 'i2', 'RECEIVED', 0.1 + 0.2, 0, '{}', 0, 0),
                    ('a1', 'i3', 'RECEIVED', -12.5, 0, '{}', 0, 0), ('a1', 'i4', 'RECEIVED', NULL, 0, '{}', 0, 0);`);
    v24.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 25) });
    expect(schemaVersion(db)).toBe(25);
    expect(db.prepare('SELECT id, amount_e4 FROM invoices ORDER BY id').all()).toEqual([
      { id: 'i1', amount_e4: 16_562_500 },
      { id: 'i2', amount_e4: 3_000 },
      { id: 'i3', amount_e4: -125_000 },
      { id: 'i4', amount_e4: null },
    ]);
    // A sum changed later is read anew: the column is computed, not copied.
    db.exec("UPDATE invoices SET sum = 1 WHERE id = 'i1'");
    expect(db.prepare("SELECT amount_e4 FROM invoices WHERE id = 'i1'").get()).toEqual({ amount_e4: 10_000 });
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT id FROM invoices WHERE account_id = 'a1' AND direction = 'RECEIVED' AND amount_e4 IN (1, 2)")
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/INDEX invoices_by_amount \(account_id=\? AND direction=\? AND amount_e4=\?\)/);
    db.close();
  });
});
