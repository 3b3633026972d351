import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countUnseenCollectionEvents } from '../../../../main/core/store/collection';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 12: collection', () => {
  it('upgrades a version 11 file: one assignment per invoice, events counted unseen per account, gone with the account', () => {
    const file = join(tempDir(), 'm.sqlite');
    openDatabase(file, { migrations: MIGRATIONS.slice(0, 11) }).close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 12) });
    expect(schemaVersion(db)).toBe(12);
    db.prepare(
      "INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'A', 'sandbox', 'c', '/r', 0, 0)",
    ).run();
    const assignment = db.prepare(
      "INSERT INTO collection_assignments (account_id, invoice_id, status, json, created_at, checked_at, updated_at) VALUES ('a1', ?, 'pending', '{}', '', 0, 0)",
    );
    assignment.run('inv1');
    expect(() => assignment.run('inv1')).toThrow(/UNIQUE|PRIMARY/);
    const event = db.prepare(
      "INSERT INTO collection_events (account_id, event_id, assignment_id, invoice_id, event_type, happened_at, data_json, seen, first_seen_at) VALUES ('a1', ?, 'as1', 'inv1', 'paid', '', '{}', ?, 0)",
    );
    event.run('e1', 0);
    event.run('e2', 1);
    expect(() => event.run('e3', 2)).toThrow(/CHECK/);
    expect(countUnseenCollectionEvents(db)).toEqual(new Map([['a1', 1]]));
    db.prepare("DELETE FROM accounts WHERE id = 'a1'").run();
    expect(countUnseenCollectionEvents(db).size).toBe(0);
    db.close();
  });
});
