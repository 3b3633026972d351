import { chmodSync, type Dirent, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../log';
import { dbFile, logsDir } from '../paths';

/**
 * The data folder holds invoices' data, the activity log and (without a keychain) the encrypted keys:
 * only its user may read it. On macOS and Linux the folder and its folders are 0700 and its files
 * 0600, on creation and repaired at every start (a copy restored from elsewhere, an older version, a
 * umask of 022). SQLite gives the WAL and shared-memory files the database file's mode, so those follow.
 * Windows keeps the user's profile ACLs, which already shut other users out of AppData.
 */
export function secureDataFolder(dataDir: string, log: Logger, platform: NodeJS.Platform = process.platform): number {
  if (platform === 'win32') return 0;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let repaired = 0;
  const fix = (path: string, mode: number) => {
    try {
      const st = lstatSync(path);
      if (st.isSymbolicLink() || (st.mode & 0o777) === mode || (st.mode & 0o077) === 0) return;
      chmodSync(path, mode);
      repaired++;
    } catch (e) {
      // Gone meanwhile, or not ours to change (a shared folder): said once, never fatal.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        log.warn('a data folder entry keeps its permissions', { path, error: (e as Error).message });
    }
  };
  fix(dataDir, 0o700);
  for (const f of [dbFile(dataDir), `${dbFile(dataDir)}-wal`, `${dbFile(dataDir)}-shm`]) fix(f, 0o600);
  // The folders whose files carry what was sent and said: the spool copies, the logs.
  for (const dir of [join(dataDir, 'spool'), logsDir(dataDir)]) walk(dir, fix);
  if (repaired > 0) log.info('data folder permissions repaired: readable by this user only', { entries: repaired });
  return repaired;
}

function walk(dir: string, fix: (path: string, mode: number) => void, depth = 0): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  fix(dir, 0o700);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory() && depth < 3) walk(path, fix, depth + 1);
    else if (e.isFile()) fix(path, 0o600);
  }
}
