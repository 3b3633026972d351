import { closeSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DbCare, readCheckState } from '../../../main/core/app/db-care';
import { openApp } from '../../../main/core/app/open-app';
import { silentLogger } from '../../../main/core/log';
import { backupsDir, dbFile } from '../../../main/core/paths';
import { MemorySecrets } from '../../../main/core/secrets';
import { createStore } from '../../../main/core/store';
import { tempDir } from '../../support/temp';

const DAY = 86_400_000;

function careOn(dataDir: string, clock: { now: number }) {
  const store = createStore(dbFile(dataDir));
  store.accounts.create({ name: 'A', environment: 'sandbox', companyId: '00000000-0000-4000-8000-000000000001', root: '/tmp/a' });
  return { store, care: new DbCare({ dataDir, store, log: silentLogger, now: () => clock.now }) };
}

const backups = (dataDir: string) => readdirSync(backupsDir(dataDir)).filter((f) => f.endsWith('.sqlite'));

describe('the database upkeep', () => {
  it('backs up at most daily, keeps the newest seven, readable by the user only, and checks the whole file at most weekly', {
    timeout: 60_000,
  }, async () => {
    const dir = tempDir('einvoice-care-');
    const clock = { now: Date.parse('2026-12-01T03:00:00Z') };
    const { store, care } = careOn(dir, clock);
    try {
      await care.runDue();
      expect(backups(dir)).toEqual(['einvoice-sync-2026-12-01T030000Z.sqlite']);
      const firstCheck = readCheckState(dir).integrityCheckedAt;
      expect(firstCheck).toBe(clock.now);

      clock.now += DAY - 1;
      await care.runDue();
      expect(backups(dir), 'not a day yet').toHaveLength(1);

      for (let day = 1; day <= 9; day++) {
        clock.now = Date.parse('2026-12-01T03:00:00Z') + day * DAY;
        await care.runDue();
      }
      const kept = backups(dir);
      expect(kept).toHaveLength(7);
      expect(kept[0]).toBe('einvoice-sync-2026-12-04T030000Z.sqlite');
      expect(kept.at(-1)).toBe('einvoice-sync-2026-12-10T030000Z.sqlite');
      for (const f of kept) expect(statSync(`${backupsDir(dir)}/${f}`).mode & 0o777).toBe(0o600);
      // Checked on the first day and again a week later, not every day.
      expect(readCheckState(dir).integrityCheckedAt).toBe(Date.parse('2026-12-08T03:00:00Z'));
      expect(readCheckState(dir).damage).toBeUndefined();
    } finally {
      await care.stop();
      store.close();
    }
  });

  it('a backup whose copy fails its check is thrown away, the damage told, and the next start refused with the ways out', {
    timeout: 60_000,
  }, async () => {
    const dir = tempDir('einvoice-care-');
    const clock = { now: Date.now() };
    const { store, care } = careOn(dir, clock);
    try {
      for (let i = 0; i < 300; i++) store.activity.append({ level: 'info', kind: 'test', message: `entry ${i} `.repeat(20) });
      store.db.pragma('wal_checkpoint(TRUNCATE)');
      // A bad sector under the activity log, while the engine runs.
      const d = new Database(dbFile(dir), { readonly: true });
      const pages = d.prepare<[], number>("SELECT pageno FROM dbstat WHERE name = 'activity' AND pagetype = 'leaf'").pluck().all();
      d.close();
      const fd = openSync(dbFile(dir), 'r+');
      for (const p of pages.slice(1, 3)) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (p - 1) * 4096);
      closeSync(fd);

      await care.runDue();
      expect(backups(dir), 'the damaged copy was not kept').toEqual([]);
      expect(readCheckState(dir).damage).toMatch(/.+/);
    } finally {
      await care.stop();
      store.close();
    }
    await expect(openApp({ program: { kind: 'cli' }, dataDir: dir, secrets: new MemorySecrets(), log: silentLogger })).rejects.toThrow(
      /^The database of E-Invoice Sync is damaged and cannot be trusted .+ There is no backup to restore yet: rebuild it from the service and your folders, keeping the accounts and sending nothing again, with `npm run cli -- db rebuild`\.$/,
    );
  });
});
