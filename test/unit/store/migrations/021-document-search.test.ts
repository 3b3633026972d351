import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { createStore } from '../../../../main/core/store/index';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 21: document search text', () => {
  it('fills every row of a version 20 file, past a batch of 5,000, so searches run in SQLite at once', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v20 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 20) });
    v20
      .prepare(
        "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0)",
      )
      .run();
    const insert = v20.prepare(
      `INSERT INTO documents (account_id, id, direction, type, number, reference, sender_name, recipient_name, sort_ms, json, first_seen_at, updated_at)
       VALUES ('a1', ?, 'RECEIVED', ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    );
    const N = 5_003;
    v20.transaction(() => {
      for (let i = 0; i < N; i++) {
        const json = JSON.stringify({ id: `D-${i}`, type: 'ORDER', number: `PO-${i}` });
        insert.run(`D-${i}`, 'ORDER', `PO-${i}`, i % 2 ? null : `Ref ${i}`, i === N - 1 ? 'ÅKESSON AB' : 'Berg Oy', 'Demo Oy', i, json);
      }
    })();
    v20.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 21) });
    expect(schemaVersion(db)).toBe(21);
    expect(db.prepare("SELECT count(*) FROM documents WHERE search_text = ''").pluck().get()).toBe(0);
    const textOf = (id: string) => db.prepare('SELECT search_text FROM documents WHERE id = ?').pluck().get(id);
    expect(textOf('D-0')).toBe(['d-0', 'po-0', 'ref 0', 'berg oy', 'demo oy', 'order'].join('\u0000'));
    expect(textOf('D-1')).toBe(['d-1', 'po-1', '', 'berg oy', 'demo oy', 'order'].join('\u0000'));
    expect(textOf(`D-${N - 1}`)).toContain('åkesson ab');
    // A search reads the listing index alone: it carries the text.
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT count(*) FROM documents d WHERE d.account_id = ? AND d.direction = ? AND instr(d.search_text, ?) > 0',
      )
      .all('a1', 'RECEIVED', 'x') as { detail: string }[];
    expect(plan.map((p) => p.detail).join('; ')).toMatch(/USING COVERING INDEX documents_listing/);
    db.close();

    const store = createStore(file);
    try {
      expect(store.documents.search('a1', 'RECEIVED', ['åkes'], 10).items.map((d) => d.id)).toEqual([`D-${N - 1}`]);
      expect(store.documents.countMatching('a1', 'RECEIVED', ['ref', '1'], 100_000)).toBe(
        Array.from({ length: N }, (_, i) => i).filter((i) => i % 2 === 0 && String(i).includes('1')).length,
      );
    } finally {
      store.close();
    }
  });
});
