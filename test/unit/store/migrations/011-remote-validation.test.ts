import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 11: remote validation per account', () => {
  it('upgrades a version 10 file: existing accounts do not ask the validator host, and only the three modes are taken', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v10 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 10) });
    v10.exec(
      `INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);`,
    );
    v10.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 11) });
    expect(schemaVersion(db)).toBe(11);
    expect(db.prepare('SELECT id, name, remote_validation FROM accounts').all()).toEqual([
      { id: 'a1', name: 'one', remote_validation: 'off' },
    ]);
    db.exec("UPDATE accounts SET remote_validation = 'uncovered'");
    db.exec("UPDATE accounts SET remote_validation = 'always'");
    expect(() => db.exec("UPDATE accounts SET remote_validation = 'sometimes'")).toThrow(/CHECK/);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
