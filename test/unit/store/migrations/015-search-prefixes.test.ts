import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { SEARCH_PREFIXES } from '../../../../main/core/store/migrations/015-search-prefixes';
import { tempDir } from '../../../support/temp';

/** Prefix queries with words of 3 to 9 characters, in the shape toFtsQuery gives what was typed. */
const PREFIX_QUERIES = ['"kahvi"*', '"kahvil"*', '"jarvenpaa"*', '"inv" "2024" "004"*', '"kuljetus"*', '"telia"* "fin"*'];

const matches = (db: ReturnType<typeof openDatabase>, q: string): string[] =>
  db
    .prepare('SELECT i.id FROM invoices_fts JOIN invoices i ON i.row_id = invoices_fts.rowid WHERE invoices_fts MATCH ? ORDER BY i.id')
    .pluck()
    .all(q) as string[];

describe('migration 15: search prefixes', () => {
  it('rebuilds a version 14 index with prefix indexes to 10 characters; the triggers still keep it in step', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v14 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 14) });
    v14
      .prepare(
        "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0)",
      )
      .run();
    const insert = v14.prepare(
      `INSERT INTO invoices (account_id, id, direction, number, sender_name, sort_ms, json, first_seen_at, updated_at)
       VALUES ('a1', ?, 'RECEIVED', ?, ?, 0, '{}', 0, 0)`,
    );
    insert.run('k1', 'INV-2024-0042', 'Kahvila Järvenpää Oy');
    insert.run('k2', 'INV-2024-0043', 'Kahvi ja Kuljetus Ab');
    insert.run('t1', 'T-7', 'Telia Finland Oyj');
    const before = PREFIX_QUERIES.map((q) => matches(v14, q));
    v14.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 15) });
    expect(schemaVersion(db)).toBe(15);
    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'invoices_fts'").pluck().get() as string;
    expect(sql).toContain(`prefix = '${SEARCH_PREFIXES}'`);
    expect(sql).toContain("content = 'invoices'");
    // Every prefix query answers as before the rebuild, the old rows included.
    const after = PREFIX_QUERIES.map((q) => matches(db, q));
    expect(after).toEqual(before);
    expect(after[0]).toEqual(['k1', 'k2']);
    expect(after[1]).toEqual(['k1']);

    // The triggers of migration 3 name the table, so they keep the new one in step.
    db.prepare(
      `INSERT INTO invoices (account_id, id, direction, number, sender_name, sort_ms, json, first_seen_at, updated_at)
       VALUES ('a1', 'k3', 'RECEIVED', 'X-1', 'Kahvipaahtimo Oy', 0, '{}', 0, 0)`,
    ).run();
    db.prepare("UPDATE invoices SET sender_name = 'Posti Oy' WHERE id = 'k1'").run();
    db.prepare("DELETE FROM invoices WHERE id = 'k2'").run();
    expect(matches(db, '"kahvi"*')).toEqual(['k3']);
    expect(matches(db, '"kahvipa"*')).toEqual(['k3']);
    expect(matches(db, '"posti"*')).toEqual(['k1']);
    // FTS5's own check that the index and its prefix indexes hold exactly the content's tokens.
    expect(() => db.prepare("INSERT INTO invoices_fts (invoices_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    db.close();
  });
});
