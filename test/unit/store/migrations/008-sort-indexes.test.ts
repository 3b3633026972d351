import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { sortColumn } from '../../../../main/core/store/invoice-queries';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { INVOICE_SORT_KEYS } from '../../../../shared/bridge/commands';
import { tempDir } from '../../../support/temp';

describe('migration 8: sort indexes', () => {
  it('upgrades a version 7 file, and a page deep in each indexed order seeks its index (the expressions are the queries’ own)', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v7 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 7) });
    v7.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sender_name, sum, sort_ms, json, first_seen_at, updated_at)
             VALUES ('a1', 'i1', 'RECEIVED', 'Acme', 10, 0, '{}', 0, 0), ('a1', 'i2', 'RECEIVED', NULL, NULL, 0, '{}', 0, 0);`);
    v7.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 8) });
    expect(schemaVersion(db)).toBe(8);
    let indexed = 0;
    for (const direction of ['RECEIVED', 'SENT'] as const) {
      for (const by of INVOICE_SORT_KEYS) {
        const { expr, index } = sortColumn(by, direction);
        if (!index || index === 'invoices_listing') continue;
        indexed++;
        const plan = db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT i.id FROM invoices i WHERE i.account_id = 'a1' AND i.direction = '${direction}'
             AND ${expr} <= ? AND (${expr} < ? OR i.id < ?) ORDER BY ${expr} DESC, i.id DESC LIMIT 10`,
          )
          .all('x', 'x', 'z') as { detail: string }[];
        const detail = plan.map((p) => p.detail).join(' ');
        expect(detail, `${by} ${direction}`).toMatch(
          new RegExp(`USING (COVERING )?INDEX ${index} \\(account_id=\\? AND direction=\\? AND <expr><\\?\\)`),
        );
        expect(detail).not.toMatch(/TEMP B-TREE/);
      }
    }
    expect(indexed).toBe(12);
    // Empty values sort as the smallest, as the query's coalesce says.
    expect(
      db.prepare("SELECT id FROM invoices INDEXED BY invoices_by_sum WHERE account_id = 'a1' AND direction = 'RECEIVED'").pluck().all(),
    ).toEqual(['i2', 'i1']);
    db.close();
  });
});
