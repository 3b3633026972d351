import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../main/core/store/db';
import { createStore } from '../../../../main/core/store/index';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

// Migration 30: an activity entry keeps its facts beside its English message, for the screen to say it
// in the user's language; entries from before, and facts of a shape this version does not know, have none.
describe('migration 30: activity facts', () => {
  it('keeps the facts of a new entry, and answers none for an old entry or a shape it does not know', () => {
    const file = join(tempDir(), 'a.sqlite');
    const v29 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 29) });
    v29.exec(`INSERT INTO activity (account_id, at, level, kind, message, ref) VALUES (NULL, 1, 'info', 'old', 'Before', NULL)`);
    v29.close();
    const store = createStore(file);
    try {
      store.activity.append({
        level: 'warn',
        kind: 'invoice.response',
        message: 'A-1: the buyer answered "Rejected"',
        data: { number: 'A-1', code: 'RE' },
      });
      store.db.exec(
        `INSERT INTO activity (account_id, at, level, kind, message, ref, data) VALUES (NULL, 2, 'info', 'odd', 'Odd', NULL, '{"n":1}')`,
      );
      const byKind = new Map(store.activity.listLatest(10).map((e) => [e.kind, e.data]));
      expect(byKind.get('invoice.response')).toEqual({ number: 'A-1', code: 'RE' });
      expect(byKind.get('old')).toBeNull();
      expect(byKind.get('odd')).toBeNull();
    } finally {
      store.close();
    }
  });
});
