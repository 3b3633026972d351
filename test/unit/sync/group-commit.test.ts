import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from '../../../main/core/sync/group-commit';

// Rows recorded in the same turn of the event loop share one transaction, and a failure anywhere in
// it leaves none of them written: no caller is told its row is done unless it is.
let db: Database.Database;
let commits = 0;
const store = {
  transaction<T>(fn: () => T): T {
    const r = db.transaction(fn)();
    commits++;
    return r;
  },
};

beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE done (id INTEGER PRIMARY KEY CHECK (id > 0))');
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

  it('writes none of a batch and rejects every caller when one row fails', async () => {
    const insert = db.prepare('INSERT INTO done (id) VALUES (?)');
    const mark = groupCommit(store, (id: number) => insert.run(id));
    const settled = await Promise.allSettled([5, -1, 6].map((id) => mark(id)));
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(ids()).toEqual([]);
    // The next batch is not held by the failed one.
    await mark(7);
    expect(ids()).toEqual([7]);
  });
});
