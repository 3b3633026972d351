import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secureDataFolder } from '../../../main/core/app/data-folder-modes';
import { dbFile, logsDir } from '../../../main/core/paths';
import { recordingLogger } from '../../support/log';
import { fileTempDir } from '../../support/temp';

const mode = (p: string) => statSync(p).mode & 0o777;

// Issue 39, item 6: a data folder made under a umask of 022 (or copied from elsewhere) was readable by
// every user of the computer: the database, its WAL, the logs and the spool copies of what was sent.
describe.skipIf(process.platform === 'win32')('the data folder’s permissions', () => {
  it('are this user’s only: folders 0700 and files 0600, repaired at start; a private file is left as it is', () => {
    const dir = fileTempDir('einvoice-modes-');
    chmodSync(dir, 0o755);
    const spool = join(dir, 'spool', 'acct');
    mkdirSync(spool, { recursive: true, mode: 0o755 });
    mkdirSync(logsDir(dir), { recursive: true, mode: 0o755 });
    for (const f of [dbFile(dir), `${dbFile(dir)}-wal`, join(spool, 'k.spool'), join(logsDir(dir), 'engine.log')])
      writeFileSync(f, 'x', { mode: 0o644 });
    writeFileSync(`${dbFile(dir)}-shm`, 'x', { mode: 0o400 });
    const log = recordingLogger();
    expect(secureDataFolder(dir, log)).toBe(8);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'spool'))).toBe(0o700);
    expect(mode(spool)).toBe(0o700);
    expect(mode(dbFile(dir))).toBe(0o600);
    expect(mode(`${dbFile(dir)}-wal`)).toBe(0o600);
    expect(mode(`${dbFile(dir)}-shm`)).toBe(0o400);
    expect(mode(join(spool, 'k.spool'))).toBe(0o600);
    expect(mode(join(logsDir(dir), 'engine.log'))).toBe(0o600);
    // A second start has nothing to repair.
    expect(secureDataFolder(dir, log)).toBe(0);
  });
});
