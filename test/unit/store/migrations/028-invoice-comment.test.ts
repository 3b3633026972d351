import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { createStore } from '../../../../main/core/store/index';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 28: the invoice comment, mirrored', () => {
  it('gives invoices already mirrored the comment of their stored record, and the store keeps it from then on', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v27 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 27) });
    v27.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, sort_ms, json, first_seen_at, updated_at)
             VALUES ('a1', 'i1', 'SENT', 2, '{"id":"i1","comment":"March, as agreed"}', 0, 0),
                    ('a1', 'i2', 'SENT', 1, '{"id":"i2","comment":null}', 0, 0),
                    ('a1', 'i3', 'RECEIVED', 0, '{"id":"i3"}', 0, 0);`);
    v27.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 28) });
    expect(schemaVersion(db)).toBe(28);
    expect(db.prepare('SELECT id, comment FROM invoices ORDER BY id').all()).toEqual([
      { id: 'i1', comment: 'March, as agreed' },
      { id: 'i2', comment: null },
      { id: 'i3', comment: null },
    ]);
    db.close();

    // The descriptor's line (shared/mirror/invoice-columns.ts) writes and reads it: a changed record
    // changes it, one without the field clears it.
    const store = createStore(file);
    try {
      store.invoices.upsert('a1', 'SENT', { id: 'i2', comment: 'Order 42' });
      const page = store.invoices.list('a1', { direction: 'SENT' }, 10);
      expect(page.items.map((i) => [i.id, i.comment])).toEqual([
        ['i1', 'March, as agreed'],
        ['i2', 'Order 42'],
      ]);
      store.invoices.upsert('a1', 'SENT', { id: 'i1' });
      expect(store.invoices.get('a1', 'i1')?.comment).toBeNull();
    } finally {
      store.close();
    }
  });
});
