import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { UNFINISHED_SENT_SQL } from '../../../../main/core/store/invoices';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { UNDELIVERED_SQL, UNIDENTIFIED_SQL } from '../../../../main/core/store/outbox';
import { tempDir } from '../../../support/temp';

// [id, account, kind, state, remote id, delivery status, checked at]
const ROWS: [number, string, string, string, string | null, string | null, number | null][] = [
  [1, 'a1', 'invoice', 'done', 'r1', null, null],
  [2, 'a1', 'invoice', 'done', 'r2', 'DELIVERED', 5],
  [3, 'a1', 'invoice', 'done', 'r3', 'PROCESSING', 50],
  [4, 'a1', 'invoice', 'queued', null, null, null],
  [5, 'a1', 'document', 'uploaded', 'd1', 'FAILED', 5],
  // SENT ends an invoice's delivery (prevent_routing), not a document's.
  [6, 'a1', 'document', 'done', 'd2', 'SENT', 10],
  [7, 'a1', 'bank_message', 'done', 'b1', 'OK', 5],
  [8, 'a1', 'bank_message', 'moving', 'b2', null, 20],
  [9, 'a1', 'invoice', 'done', 'r9', 'SENT', 5],
  [10, 'a1', 'invoice', 'failed', 'r10', null, null],
  [11, 'a2', 'invoice', 'done', 'r11', null, null],
  // Sent without a service id yet (a bank message's answer names none), and what is not that.
  [12, 'a1', 'bank_message', 'done', null, null, null],
  [13, 'a1', 'bank_message', 'queued', null, null, null],
  [14, 'a1', 'bank_message', 'uploaded', null, null, null],
  [15, 'a1', 'invoice', 'done', null, null, null],
];
const CREATED: Record<number, number> = { 12: 100, 13: 100, 14: 50 };
// Mirrored invoices: [id, direction, status, updated at]
const INVOICES: [string, string, string | null, number][] = [
  ['s1', 'SENT', null, 30],
  ['s2', 'SENT', 'DELIVERED', 10],
  ['s3', 'SENT', 'PROCESSING', 20],
  ['s4', 'SENT', 'FAILED', 5],
  ['s5', 'SENT', 'SENT', 5],
  ['r1', 'RECEIVED', null, 1],
];

const planOf = (db: ReturnType<typeof openDatabase>, sql: string, params: unknown) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join('; ');

describe('migration 16: what is still followed of what was sent', () => {
  it('upgrades a version 15 file; the delivery step reads only those rows, through partial indexes', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v15 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 15) });
    const account = v15.prepare(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES (?, ?, 'test', 'c', '/r', 0, 0)",
    );
    account.run('a1', 'one');
    account.run('a2', 'two');
    const insert = v15.prepare(
      `INSERT INTO outbox (id, account_id, kind, document_type, rel_path, filename, size, mtime_ms, sha256, idem_key, state,
         remote_id, delivery_status, delivery_checked_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'f.xml', 1, 0, ?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    for (const [id, acc, kind, state, remote, status, checked] of ROWS)
      insert.run(
        id,
        acc,
        kind,
        kind === 'document' ? 'ORDER' : null,
        `Outbox/f${id}.xml`,
        'a'.repeat(64),
        `k${id}`,
        state,
        remote,
        status,
        checked,
        CREATED[id] ?? 0,
      );
    const invoice = v15.prepare(
      `INSERT INTO invoices (account_id, id, direction, status, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', ?, ?, ?, 0, '{}', 0, ?)`,
    );
    for (const r of INVOICES) invoice.run(...r);
    v15.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 16) });
    expect(schemaVersion(db)).toBe(16);
    const due = (account: string, checkedBefore: number) =>
      db.prepare(UNDELIVERED_SQL).pluck().all({ account, checkedBefore, limit: 100 }) as number[];
    expect(due('a1', 100)).toEqual([1, 6, 8, 3]);
    expect(due('a1', 15)).toEqual([1, 6]);
    expect(due('a2', 100)).toEqual([11]);
    // Read through the partial index in its order: the rows whose delivery ended are never visited,
    // however many years of them an account has. Fails when the query's final statuses drift from the index's.
    const plan = planOf(db, UNDELIVERED_SQL, { account: 'a1', checkedBefore: 0, limit: 1 });
    expect(plan).toMatch(/USING INDEX outbox_tracked/);
    expect(plan).not.toMatch(/TEMP B-TREE/);

    const unidentified = (since: number) => db.prepare(UNIDENTIFIED_SQL).pluck().all('a1', since, 20) as number[];
    expect(unidentified(0)).toEqual([12, 14]);
    expect(unidentified(60)).toEqual([12]);
    expect(planOf(db, UNIDENTIFIED_SQL, ['a1', 0, 1])).toMatch(/USING INDEX outbox_bank_unidentified/);

    // Sent invoices whose status may still change (FAILED and SENT are final for invoices), least recently looked at first.
    const unfinished = db.prepare(UNFINISHED_SENT_SQL).pluck().all({ account: 'a1', before: 100, limit: 10 }) as string[];
    expect(unfinished).toEqual(['s3', 's1']);
    const plan3 = planOf(db, UNFINISHED_SENT_SQL, { account: 'a1', before: 0, limit: 1 });
    expect(plan3).toMatch(/USING INDEX invoices_unfinished_sent/);
    expect(plan3).not.toMatch(/TEMP B-TREE/);
    db.close();
  });
});
