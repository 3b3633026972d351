import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../../../main/core/store/db';
import { createStore } from '../../../../main/core/store/index';
import { MIGRATIONS } from '../../../../main/core/store/migrations';
import { tempDir } from '../../../support/temp';

describe('migration 22: the key a row is sent under, apart from its spool name', () => {
  it('keeps a version 21 row sent under its idem_key, and stores a derived key for new rows', () => {
    const file = join(tempDir(), 'm.sqlite');
    const v21 = openDatabase(file, { migrations: MIGRATIONS.slice(0, 21) });
    v21.exec(`
      INSERT INTO accounts (id, name, environment, company_id, root, created_at, updated_at) VALUES ('a1', 'one', 'test', 'c', '/r', 0, 0);
      INSERT INTO outbox (account_id, kind, rel_path, filename, size, mtime_ms, sha256, idem_key, state, created_at, updated_at)
        VALUES ('a1', 'invoice', 'Outbox/Invoices/old.xml', 'old.xml', 1, 0, '${'a'.repeat(64)}', 'old-key', 'uploading', 0, 0);
    `);
    v21.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.slice(0, 22) });
    expect(schemaVersion(db)).toBe(22);
    db.close();
    const store = createStore(file);
    const [old] = store.outbox.listByStates('a1', ['uploading']);
    // In flight when the app was upgraded: retried under the key its first try went out with.
    expect(old?.serviceKey).toBe('old-key');
    const { job } = store.outbox.insert({
      accountId: 'a1',
      kind: 'invoice',
      relPath: 'Outbox/Invoices/new.xml',
      filename: 'new.xml',
      size: 1,
      mtimeMs: 0,
      sha256: 'b'.repeat(64),
      idemKey: 'spool-name',
      serviceKey: 'derived',
    });
    expect([job.idemKey, job.serviceKey]).toEqual(['spool-name', 'derived']);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    store.close();
  });
});
