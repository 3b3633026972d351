import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { m001Initial } from '../../../../main/core/store/migrations/001-initial';
import { m002Mirror } from '../../../../main/core/store/migrations/002-mirror';
import { m003InvoiceSearch } from '../../../../main/core/store/migrations/003-invoice-search';
import { tempDir } from '../../../support/temp';

const insert = `INSERT INTO invoices (account_id, id, direction, number, sender_name, recipient_name, reference, sort_ms, json, first_seen_at, updated_at)
  VALUES ('a1', ?, 'RECEIVED', ?, ?, 'Acme AB', NULL, 0, '{}', 0, 0)`;

describe('migration 3: invoice search', () => {
  it('indexes invoices mirrored before the upgrade, then follows inserts, updates and deletes', () => {
    const file = join(tempDir(), 's.sqlite');
    const v2 = openDatabase(file, { migrations: [m001Initial, m002Mirror] });
    v2.exec(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0)",
    );
    v2.prepare(insert).run('old-1', 'INV-1001', 'Järvenpää Oy');
    v2.prepare(insert).run('old-2', 'INV-1002', 'Bergen Fisk AS');
    v2.close();

    const db = openDatabase(file, { migrations: [m001Initial, m002Mirror, m003InvoiceSearch] });
    expect(schemaVersion(db)).toBe(3);
    const ids = (q: string) =>
      db
        .prepare('SELECT i.id FROM invoices_fts f JOIN invoices i ON i.row_id = f.rowid WHERE invoices_fts MATCH ? ORDER BY i.id')
        .pluck()
        .all(q);
    expect(ids('jarvenpaa')).toEqual(['old-1']);
    expect(ids('"inv"*')).toEqual(['old-1', 'old-2']);

    db.prepare(insert).run('new-1', 'INV-2001', 'Ærø AS');
    expect(ids('"ærø"*')).toEqual(['new-1']);
    db.prepare("UPDATE invoices SET sender_name = 'Tromsø Handel' WHERE id = 'old-2'").run();
    expect(ids('bergen')).toEqual([]);
    expect(ids('tromsø')).toEqual(['old-2']);
    db.prepare("DELETE FROM invoices WHERE id = 'old-1'").run();
    expect(ids('jarvenpaa')).toEqual([]);
    // an update that leaves the indexed text alone does not touch the index
    db.prepare("UPDATE invoices SET handled = 1 WHERE id = 'new-1'").run();
    expect(ids('"ærø"*')).toEqual(['new-1']);

    // the index agrees with its content table row for row
    expect(() => db.prepare("INSERT INTO invoices_fts (invoices_fts, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    db.close();
  });
});
