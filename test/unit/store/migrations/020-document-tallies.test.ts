import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

type Db = ReturnType<typeof openDatabase>;
const counted = (db: Db) => db.prepare('SELECT account_id, direction, count(*) AS n FROM documents GROUP BY 1, 2 ORDER BY 1, 2').all();
const tallied = (db: Db) => db.prepare('SELECT account_id, direction, n FROM document_tallies ORDER BY 1, 2').all();

describe('migration 20: document tallies', () => {
  it('fills the tallies from a version 19 file, and its triggers keep them equal to a count through every change', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v19 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 19) });
    const account = v19.prepare(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES (?, ?, 'test', 'c', '/r', 0, 0)",
    );
    account.run('a1', 'one');
    account.run('a2', 'two');
    const insertInto = (db: Db) => {
      let n = 0;
      const stmt = db.prepare(
        `INSERT INTO documents (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES (?, ?, ?, ?, '{}', 0, 0)`,
      );
      return (acc: string, direction: string) => {
        n++;
        return Number(stmt.run(acc, `d${n}`, direction, n).lastInsertRowid);
      };
    };
    const before = insertInto(v19);
    for (const [acc, direction, times] of [
      ['a1', 'RECEIVED', 3],
      ['a1', 'SENT', 2],
      ['a2', 'RECEIVED', 1],
    ] as const)
      for (let i = 0; i < times; i++) before(acc, direction);
    v19.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 20) });
    expect(schemaVersion(db)).toBe(20);
    expect(tallied(db)).toEqual([
      { account_id: 'a1', direction: 'RECEIVED', n: 3 },
      { account_id: 'a1', direction: 'SENT', n: 2 },
      { account_id: 'a2', direction: 'RECEIVED', n: 1 },
    ]);

    const insert = (db: Db) => {
      const stmt = db.prepare(
        `INSERT INTO documents (account_id, id, direction, sort_ms, json, first_seen_at, updated_at) VALUES (?, ?, ?, 0, '{}', 0, 0)`,
      );
      return (acc: string, id: string, direction: string) => Number(stmt.run(acc, id, direction).lastInsertRowid);
    };
    const add = insert(db);
    const moved = add('a2', 'new-1', 'SENT');
    add('a2', 'new-2', 'SENT');
    // A change of other columns changes no count; a change of direction moves one.
    db.prepare("UPDATE documents SET status = 'DELIVERED', updated_at = 1 WHERE account_id = 'a2'").run();
    expect(tallied(db)).toEqual(counted(db));
    db.prepare("UPDATE documents SET direction = 'RECEIVED' WHERE row_id = ?").run(moved);
    expect(tallied(db)).toEqual(counted(db));
    db.prepare("DELETE FROM documents WHERE account_id = 'a1' AND direction = 'SENT'").run();
    expect(tallied(db)).toEqual(counted(db));
    // A delete that empties a count drops its row.
    expect(db.prepare("SELECT count(*) FROM document_tallies WHERE account_id = 'a1' AND direction = 'SENT'").pluck().get()).toBe(0);

    // An account removed takes its rows (the cascade runs the delete trigger) and so its counts.
    db.prepare("DELETE FROM accounts WHERE id = 'a2'").run();
    expect(db.prepare("SELECT count(*) FROM document_tallies WHERE account_id = 'a2'").pluck().get()).toBe(0);
    expect(tallied(db)).toEqual(counted(db));
    db.close();
  });
});
