import type { Database } from 'better-sqlite3';
import { documentSearchText } from '../../../../shared/bridge/list-search';
import type { Migration } from '../migrate';

const BATCH = 5_000;

/**
 * Each document's search text on its row (shared/bridge/list-search.ts), so a documents search runs in
 * SQLite: the host read every document of the account and parsed its JSON record against the schema
 * to test a keystroke's words, 200 ms a keystroke at 10,000 documents and 1.6 s at 100,000, with the
 * engine answering nothing meanwhile. Filled here in batches of row ids from the columns the text is
 * made of; the repo keeps it on every insert and update. The listing index carries the text too, so
 * a search that matches few documents reads the index alone, not every row with its JSON: at 100,000
 * documents 18 ms instead of 85 for one that matches none (a few MB of index per 100,000).
 */
export const m021DocumentSearch: Migration = {
  version: 21,
  name: 'document-search',
  up(db: Database) {
    db.exec("ALTER TABLE documents ADD COLUMN search_text TEXT NOT NULL DEFAULT ''");
    // The fields in the order the repo joins them (documents.ts, searchTextOf).
    const read = db
      .prepare<[number, number], unknown[]>(
        'SELECT row_id, id, number, reference, sender_name, recipient_name, type FROM documents WHERE row_id > ? ORDER BY row_id LIMIT ?',
      )
      .raw();
    const write = db.prepare<[string, number]>('UPDATE documents SET search_text = ? WHERE row_id = ?');
    for (let after = 0; ; ) {
      const rows = read.all(after, BATCH);
      for (const r of rows) write.run(documentSearchText(r.slice(1) as (string | null)[]), r[0] as number);
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]?.[0] as number;
    }
    db.exec(`
      DROP INDEX documents_listing;
      CREATE INDEX documents_listing ON documents (account_id, direction, sort_ms, id, search_text);
    `);
  },
};
