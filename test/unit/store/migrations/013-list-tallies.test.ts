import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';
import { invoice } from '../invoice-fixtures';
import { storeWithAccount } from '../temp-store';

type Db = Database.Database;

/** The tallies as the rows themselves add up right now (a real COUNT(*) and sum over the mirror). */
function recount(db: Db) {
  return db
    .prepare(
      `SELECT account_id, direction, ifnull(status, '') AS status, ifnull(currency, '') AS currency, currency IS NULL AS no_currency,
         count(*) AS n, sum(cast(round(ifnull(sum, 0) * 10000) AS INTEGER)) AS sum_e4
       FROM invoices GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    )
    .all();
}
const tallies = (db: Db) =>
  db.prepare('SELECT account_id, direction, status, currency, no_currency, n, sum_e4 FROM invoice_tallies ORDER BY 1, 2, 3, 4, 5').all();

/** Every invoice's received time lies within its block's bounds. */
function outOfBounds(db: Db): number {
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM invoices i LEFT JOIN invoice_sort_blocks b
           ON b.account_id = i.account_id AND b.direction = i.direction AND b.block = i.row_id >> 10
         WHERE b.block IS NULL OR i.sort_ms < b.min_ms OR i.sort_ms > b.max_ms`,
      )
      .get() as { n: number }
  ).n;
}

const insertSql = `INSERT INTO invoices (account_id, id, direction, status, currency, sum, sort_ms, json, first_seen_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, '{}', 0, 0)`;

describe('migration 13: list tallies', () => {
  it('fills the tallies and sort blocks from a version 12 file', () => {
    const file = join(tempDir(), 'm.sqlite');
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 12) });
    old
      .prepare(
        "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'A', 'sandbox', 'c', '/r', 0, 0)",
      )
      .run();
    const ins = old.prepare(insertSql);
    for (let i = 0; i < 3000; i++)
      ins.run(
        'a1',
        `i${i}`,
        i % 4 ? 'RECEIVED' : 'SENT',
        i % 5 ? 'DELIVERED' : null,
        i % 7 ? 'EUR' : null,
        i % 3 ? i / 100 : null,
        i * 1000,
      );
    old.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 13) });
    expect(schemaVersion(db)).toBe(13);
    expect(tallies(db)).toEqual(recount(db));
    expect(tallies(db).length).toBeGreaterThan(4);
    expect(outOfBounds(db)).toBe(0);
    db.close();
  });

  it('stays equal to a real count through inserts, changes of status, currency, sum and direction, and deletes', () => {
    const { store, account } = storeWithAccount();
    const db = store.db as unknown as Db;
    const statuses = ['PROCESSING', 'DELIVERED', 'FAILED', undefined] as const;
    const currencies = ['EUR', 'SEK', undefined] as const;
    for (let i = 0; i < 400; i++)
      store.invoices.upsert(account.id, i % 3 ? 'RECEIVED' : 'SENT', {
        ...invoice(`i${i}`, { status: statuses[i % 4], currency: currencies[i % 3], sum: i % 5 ? i * 1.1 : undefined }),
        received_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
      });
    expect(tallies(db)).toEqual(recount(db));
    // The service's changes arrive as upserts of the same id: status, currency and sum change.
    for (let i = 0; i < 400; i += 3)
      store.invoices.upsert(account.id, 'SENT', invoice(`i${i}`, { status: 'FAILED', currency: 'NOK', sum: 0.1 + i }));
    // Other columns change without touching the tallies.
    for (let i = 1; i < 400; i += 5) store.invoices.setHandled(account.id, `i${i}`, true);
    expect(tallies(db)).toEqual(recount(db));
    db.prepare("DELETE FROM invoices WHERE id LIKE 'i1%'").run();
    expect(tallies(db)).toEqual(recount(db));
    expect(outOfBounds(db)).toBe(0);
    // What the status and the list's totals read agrees with the rows.
    const real = (direction: string, status?: string) =>
      (
        db
          .prepare(`SELECT count(*) AS n FROM invoices WHERE direction = ? AND (? IS NULL OR status = ?)`)
          .get(direction, status ?? null, status ?? null) as { n: number }
      ).n;
    expect(store.invoices.count(account.id, { direction: 'RECEIVED' })).toBe(real('RECEIVED'));
    expect(store.invoices.count(account.id, { direction: 'SENT', statuses: ['FAILED'] })).toBe(real('SENT', 'FAILED'));
    expect(store.invoices.count(account.id, { direction: 'RECEIVED' }, 10)).toBe(10);
    const summed = db
      .prepare(
        "SELECT currency, total(sum) AS sum, count(*) AS count FROM invoices WHERE direction = 'RECEIVED' GROUP BY currency ORDER BY currency",
      )
      .all() as { currency: string | null; sum: number; count: number }[];
    const totals = store.invoices.totals(account.id, { direction: 'RECEIVED' });
    expect(totals.map((t) => [t.currency, t.count])).toEqual(summed.map((t) => [t.currency, t.count]));
    for (const [i, t] of totals.entries()) expect(t.sum).toBeCloseTo(summed[i]!.sum, 6);
    // An account removed takes its tallies with it.
    store.accounts.remove(account.id);
    expect(tallies(db)).toEqual([]);
  });

  it('loses nothing and counts nothing twice when the process is killed mid-transaction', async () => {
    const { store, account, file } = storeWithAccount();
    for (let i = 0; i < 50; i++) store.invoices.upsert(account.id, 'RECEIVED', invoice(`c${i}`));
    store.close();
    // Another process writes 500 rows in one transaction and is killed before it commits; 200 committed before.
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(${JSON.stringify(file)});
      const ins = db.prepare(${JSON.stringify(insertSql)});
      db.transaction(() => { for (let i = 0; i < 200; i++) ins.run(${JSON.stringify(account.id)}, 'd' + i, 'RECEIVED', 'DELIVERED', 'EUR', 1.25, i); })();
      db.exec('BEGIN');
      for (let i = 0; i < 500; i++) ins.run(${JSON.stringify(account.id)}, 'k' + i, 'RECEIVED', 'DELIVERED', 'EUR', 2.5, i);
      db.prepare("DELETE FROM invoices WHERE id LIKE 'c%'").run();
      process.stdout.write('in the middle\\n');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(child.stdout, 'data');
    child.kill('SIGKILL');
    await once(child, 'exit');
    const db = new Database(file);
    expect(tallies(db)).toEqual(recount(db));
    expect((db.prepare('SELECT count(*) AS n FROM invoices').get() as { n: number }).n).toBe(250);
    expect((tallies(db) as { n: number }[]).reduce((sum, t) => sum + t.n, 0)).toBe(250);
    db.close();
  });
});
