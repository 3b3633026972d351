import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNDELETED_RI_SQL } from '../../../../main/core/store/bank-messages';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { UNFINISHED_SENT_DOCUMENTS_SQL } from '../../../../main/core/store/documents';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

// Mirrored documents: [id, direction, status, updated at]
const DOCUMENTS: [string, string, string | null, number][] = [
  ['s1', 'SENT', null, 30],
  ['s2', 'SENT', 'CONFIRMED_DELIVERY', 10],
  // SENT ends an invoice's delivery, not a document's: it is still followed.
  ['s3', 'SENT', 'SENT', 20],
  ['s4', 'SENT', 'FAILED', 5],
  ['r1', 'RECEIVED', null, 1],
];
// Bank messages: [job id, kind, id, state, verified, path, delete job queued]
const MESSAGES: [number, string, string, string, number, string | null, boolean][] = [
  [1, 'ri', 'm1', 'done', 1, 'Inbox/m1.xml', false],
  [2, 'ri', 'm2', 'done', 1, 'Inbox/m2.xml', true],
  [3, 'ri', 'm3', 'pending', 0, null, false],
  [4, 'ri', 'm4', 'done', 0, 'Inbox/m4.xml', false],
  [5, 'sent', 'm5', 'done', 1, 'Inbox/m5.xml', false],
  [6, 'ri', 'm6', 'done', 1, 'Inbox/m6.xml', false],
];

const planOf = (db: ReturnType<typeof openDatabase>, sql: string, params: unknown) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join('; ');

describe('migration 18: sent documents and RI deletes read only what is open', () => {
  it('upgrades a version 17 file; both reads go through partial indexes and answer as before', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v17 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 17) });
    v17
      .prepare(
        "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0)",
      )
      .run();
    const doc = v17.prepare(
      `INSERT INTO documents (account_id, id, direction, status, sort_ms, json, first_seen_at, updated_at) VALUES ('a1', ?, ?, ?, 0, '{}', 0, ?)`,
    );
    for (const d of DOCUMENTS) doc.run(...d);
    const message = v17.prepare(
      `INSERT INTO bank_messages (job_id, account_id, kind, id, seen_at, path, sha256, state, verified, created_at, updated_at)
       VALUES (?, 'a1', ?, ?, 0, ?, ?, ?, ?, 0, 0)`,
    );
    const job = v17.prepare(
      `INSERT INTO jobs (account_id, kind, key, state, created_at, updated_at) VALUES ('a1', 'ri-delete', ?, 'done', 0, 0)`,
    );
    for (const [jobId, kind, id, state, verified, path, queued] of MESSAGES) {
      message.run(jobId, kind, id, path, path ? 'a'.repeat(64) : null, state, verified);
      if (queued) job.run(id);
    }
    v17.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 18) });
    expect(schemaVersion(db)).toBe(18);
    // Least recently looked at first; the final ones never.
    expect(db.prepare(UNFINISHED_SENT_DOCUMENTS_SQL).pluck().all({ account: 'a1', before: 100, limit: 10 })).toEqual(['s3', 's1']);
    expect(db.prepare(UNFINISHED_SENT_DOCUMENTS_SQL).pluck().all({ account: 'a1', before: 25, limit: 10 })).toEqual(['s3']);
    const plan = planOf(db, UNFINISHED_SENT_DOCUMENTS_SQL, { account: 'a1', before: 0, limit: 1 });
    // Fails when the query's final statuses drift from the index's.
    expect(plan).toMatch(/USING INDEX documents_unfinished_sent/);
    expect(plan).not.toMatch(/TEMP B-TREE/);

    // The message whose delete was queued before the upgrade is marked from its job; the others wait.
    const undeleted = () => db.prepare(UNDELETED_RI_SQL).all('a1', 10) as { id: string; delete_queued: number }[];
    expect(undeleted().map((m) => m.id)).toEqual(['m1', 'm6']);
    expect(db.prepare("SELECT delete_queued FROM bank_messages WHERE id = 'm2'").pluck().get()).toBe(1);
    expect(planOf(db, UNDELETED_RI_SQL, ['a1', 1])).toMatch(/USING INDEX bank_messages_ri_undeleted/);
    expect(planOf(db, UNDELETED_RI_SQL, ['a1', 1])).not.toMatch(/TEMP B-TREE/);
    db.close();
  });
});
