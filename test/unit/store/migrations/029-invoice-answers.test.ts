import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 29: answers to invoices', () => {
  it('upgrades a file of the version before with the invoices kept, and records an answer once per key', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v28 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 28) });
    v28.exec(`INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
             INSERT INTO invoices (account_id, id, direction, number, sort_ms, json, first_seen_at, updated_at)
             VALUES ('a1', 'i1', 'SENT', 'INV-1', 0, '{}', 0, 0);`);
    v28.close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 29) });
    expect(schemaVersion(db)).toBe(29);
    expect(db.prepare('SELECT id FROM invoices').all()).toEqual([{ id: 'i1' }]);
    const insert = db.prepare(`INSERT OR IGNORE INTO invoice_answers
      (account_id, answer_key, invoice_id, code, reasons_json, actions_json, text, file_name, xml, state, created_at)
      VALUES ('a1', 'k', 'r1', 'AP', '[]', '[]', NULL, 'f.xml', '<x/>', 'writing', 1)`);
    expect(insert.run().changes).toBe(1);
    expect(insert.run().changes).toBe(0);
    db.exec(`INSERT INTO invoice_responses_received (account_id, document_id, invoice_number, invoice_id, code, reasons_json, received_at)
             VALUES ('a1', 'd1', 'INV-1', 'i1', 'RE', '["PRI"]', 1)`);
    // An account removed takes its answers with it.
    db.exec("DELETE FROM accounts WHERE id = 'a1'");
    expect(db.prepare('SELECT count(*) AS n FROM invoice_answers').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM invoice_responses_received').get()).toEqual({ n: 0 });
    db.close();
  });
});
