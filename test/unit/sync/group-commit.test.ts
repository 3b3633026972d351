import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from '../../../main/core/sync/group-commit';

// Rows recorded together share one transaction, each in a savepoint of its own: a row that fails is
// undone alone, and no caller is told its row is done unless it is.
let db: Database.Database;
let commits = 0;
const store = {
  get db() {
    return db;
  },
  transaction<T>(fn: () => T): T {
    const outer = !db.inTransaction;
    const r = db.transaction(fn)();
    if (outer) commits++;
    return r;
  },
};

beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE done (id INTEGER PRIMARY KEY CHECK (id > 0), note TEXT)');
  commits = 0;
});
afterEach(() => db.close());

const ids = () => (db.prepare('SELECT id FROM done ORDER BY id').all() as { id: number }[]).map((r) => r.id);

describe('groupCommit', () => {
  it('writes what is recorded together in one transaction and answers each caller its own result', async () => {
    const insert = db.prepare('INSERT INTO done (id) VALUES (?)');
    const mark = groupCommit(store, (id: number) => insert.run(id).lastInsertRowid);
    const results = await Promise.all([1, 2, 3].map((id) => mark(id)));
    expect(results.map(Number)).toEqual([1, 2, 3]);
    expect(commits).toBe(1);
    await mark(4);
    expect(commits).toBe(2);
    expect(ids()).toEqual([1, 2, 3, 4]);
  });

  it('undoes a row that fails, all of it, and writes the others of its batch', async () => {
    const insert = db.prepare('INSERT INTO done (id, note) VALUES (?, ?)');
    // Each item writes two rows; the second of -1's fails its CHECK after the first (id 100) went in.
    const mark = groupCommit(store, (id: number) => {
      insert.run(Math.abs(id) * 100, 'first');
      insert.run(id, 'second');
    });
    const settled = await Promise.allSettled([5, -1, 6].map((id) => mark(id)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/CHECK/);
    expect(ids()).toEqual([5, 6, 500, 600]);
    expect(commits).toBe(1);
    // The next batch is not held by the failed row.
    await mark(7);
    expect(ids()).toEqual([5, 6, 7, 500, 600, 700]);
  });

  it('fails every row of a batch when SQLite ends the transaction itself', async () => {
    const insert = db.prepare('INSERT INTO done (id) VALUES (?)');
    // What a full disk or an I/O error does: SQLite rolls the whole transaction back.
    const mark = groupCommit(store, (id: number) => {
      if (id === 2) {
        db.exec('ROLLBACK');
        throw new Error('disk full');
      }
      insert.run(id);
    });
    const settled = await Promise.allSettled([1, 2, 3].map((id) => mark(id)));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Neither 1 (rolled back with the rest) nor 3 (never written outside the transaction) is there.
    expect(ids()).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });

  it('with no window, shares a commit only among rows recorded in the same turn', async () => {
    const insert = db.prepare('INSERT INTO done (id) VALUES (?)');
    const mark = groupCommit(store, (id: number) => insert.run(id), { windowMs: 0 });
    const first = Promise.all([mark(1), mark(2)]);
    await first;
    expect(commits).toBe(1);
    // Recorded a turn apart: a commit each, neither waiting for the other, nor for any timer.
    let written = false;
    const a = mark(3).then(() => {
      written = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(written).toBe(true);
    await a;
    await mark(4);
    expect(commits).toBe(3);
    expect(ids()).toEqual([1, 2, 3, 4]);
  });
});
