import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 9: validation reports', () => {
  it('upgrades a version 8 file: one report per content hash and rules version, status checked', () => {
    const file = join(tempDir(), 'm.sqlite');
    openDatabase(file, { migrations: MIGRATIONS.slice(0, 8) }).close();
    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 9) });
    expect(schemaVersion(db)).toBe(9);
    const put = db.prepare("INSERT INTO validation_reports (sha256, rules, status, report_json, created_at) VALUES (?, ?, ?, '{}', 0)");
    put.run('h', 'EN@1', 'valid');
    put.run('h', 'EN@2', 'invalid');
    expect(() => put.run('h', 'EN@1', 'valid')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => put.run('h2', 'EN@1', 'maybe')).toThrow(/CHECK/);
    db.close();
  });
});
