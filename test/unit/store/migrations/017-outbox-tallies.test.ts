import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

type Db = ReturnType<typeof openDatabase>;
const counted = (db: Db) =>
  db.prepare('SELECT account_id, state, count(*) AS n FROM outbox GROUP BY 1, 2 ORDER BY 1, 2').all() as {
    account_id: string;
    state: string;
    n: number;
  }[];
// A state a move emptied keeps a row of 0: read as no row.
const tallied = (db: Db) => db.prepare('SELECT account_id, state, n FROM outbox_tallies WHERE n <> 0 ORDER BY 1, 2').all();

describe('migration 17: outbox tallies', () => {
  it('fills the tallies from a version 16 file, and its triggers keep them equal to a count through every change', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v16 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 16) });
    const account = v16.prepare(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES (?, ?, 'test', 'c', '/r', 0, 0)",
    );
    account.run('a1', 'one');
    account.run('a2', 'two');
    const insertInto = (db: Db) => {
      let n = 0;
      const stmt = db.prepare(
        `INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
         VALUES (?, 'invoice', ?, 'f.xml', 1, 0, ?, ?, ?, 0, 0)`,
      );
      return (acc: string, state: string) => {
        n++;
        return Number(stmt.run(acc, `Outbox/${state}-${n}.xml`, 'a'.repeat(64), `${acc}-${state}-${n}`, state).lastInsertRowid);
      };
    };
    const before = insertInto(v16);
    for (const [acc, state, times] of [
      ['a1', 'done', 3],
      ['a1', 'queued', 2],
      ['a1', 'failed', 1],
      ['a2', 'done', 2],
    ] as const)
      for (let i = 0; i < times; i++) before(acc, state);
    v16.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 17) });
    expect(schemaVersion(db)).toBe(17);
    expect(tallied(db)).toEqual(counted(db));
    expect(tallied(db)).toContainEqual({ account_id: 'a1', state: 'done', n: 3 });

    const insert = insertInto(db);
    const id = insert('a2', 'queued');
    db.prepare("UPDATE outbox SET state = 'uploading' WHERE id = ?").run(id);
    db.prepare("UPDATE outbox SET state = 'uploaded', remote_id = 'r' WHERE id = ?").run(id);
    // A change of other columns only, and a compare-and-set that matched nothing, change no count.
    db.prepare("UPDATE outbox SET last_error = 'x' WHERE id = ?").run(id);
    db.prepare("UPDATE outbox SET state = 'done' WHERE id = ? AND state = 'queued'").run(id);
    expect(tallied(db)).toEqual(counted(db));
    db.prepare("UPDATE outbox SET state = 'done' WHERE account_id = 'a1' AND state = 'queued'").run();
    db.prepare("DELETE FROM outbox WHERE account_id = 'a1' AND state = 'failed'").run();
    expect(tallied(db)).toEqual(counted(db));
    // Never below 0, and a delete that empties a state drops its row.
    expect(db.prepare('SELECT count(*) FROM outbox_tallies WHERE n < 0').pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM outbox_tallies WHERE account_id = 'a1' AND state = 'failed'").pluck().get()).toBe(0);

    // An account removed takes its rows (the cascade runs the delete trigger) and so its counts.
    db.prepare("DELETE FROM accounts WHERE id = 'a2'").run();
    expect(counted(db).filter((r) => r.account_id === 'a2')).toEqual([]);
    expect(tallied(db)).toEqual(counted(db));
    expect(db.prepare("SELECT count(*) FROM outbox_tallies WHERE account_id = 'a2'").pluck().get()).toBe(0);
    db.close();
  });
});
