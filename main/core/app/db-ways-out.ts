import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backupsDir, dbFile } from '../paths';
import { listBackups } from '../store/backups';
import { DatabaseDamagedError } from '../store/errors';
import { KEPT_TABLES, type KeptRows, readKept, rebuildWith, restoreFrom } from '../store/recovery';
import { readCheckState, writeCheckState } from './db-care';

/**
 * The two ways out of a damaged database, shared by `db restore` / `db rebuild` and the desktop's
 * dialog. The caller holds the data folder's lock; no engine is open (it cannot open the file these
 * are there to replace). Each answers what it did in one sentence, or throws WayOutError in plain words.
 */
export class WayOutError extends Error {
  override readonly name = 'WayOutError';
}

/** Where a replaced or damaged database is moved: kept, never deleted, for a closer look. */
const asideDir = (dataDir: string) => join(dataDir, 'replaced');

/** The damage a way out answers is gone: the next open must not refuse for it again. */
const clearDamage = (dataDir: string) => writeCheckState(dataDir, { ...readCheckState(dataDir), damage: null });

/** Puts the newest backup that passes its check (or `from`) in place of the database. */
export function restoreDatabase(dataDir: string, o: { from?: string; now?: number } = {}): string {
  const candidates = o.from ? [resolve(o.from)] : listBackups(backupsDir(dataDir)).map((b) => b.file);
  if (o.from && !existsSync(candidates[0] as string)) throw new WayOutError(`There is no file ${o.from}`);
  if (candidates.length === 0) throw new WayOutError(`There is no backup in ${backupsDir(dataDir)}: rebuild the database instead`);
  const refused: string[] = [];
  for (const file of candidates) {
    try {
      const aside = restoreFrom(dbFile(dataDir), file, asideDir(dataDir), o.now ?? Date.now());
      clearDamage(dataDir);
      return `Restored ${file}. The database it replaced is kept as ${aside}. The next sync fetches from the service what came since the backup, and sends what is in the Outbox once.`;
    } catch (e) {
      if (!(e instanceof DatabaseDamagedError)) throw e;
      refused.push(`${file}: ${e.detail}`);
    }
  }
  throw new WayOutError(`No backup passed its check (${refused.join('; ')}): rebuild the database instead`);
}

/** A new database with the accounts, their sending options and the outbox kept; the mirror is fetched again. */
export function rebuildDatabase(dataDir: string, o: { now?: number } = {}): string {
  const { kept, from } = keptRows(dataDir);
  const aside = rebuildWith(dbFile(dataDir), kept, asideDir(dataDir), o.now ?? Date.now());
  clearDamage(dataDir);
  const n = kept.rows.accounts?.length ?? 0;
  const outbox = kept.rows.outbox
    ? `and the outbox (${kept.rows.outbox.length} file${kept.rows.outbox.length === 1 ? '' : 's'}, each with its key)`
    : `but not the outbox, which did not read (${kept.unreadable.join('; ')}): files still in the Outbox are taken in again`;
  return (
    `Rebuilt the database with ${n} account${n === 1 ? '' : 's'} (their API keys stay where they were), their sending options ${outbox}, read from ${from}. ` +
    `The damaged file is kept as ${aside}. The next sync fetches the invoices from the service again.`
  );
}

/** The kept tables from the damaged file if they read, else from the newest backup whose do. */
function keptRows(dataDir: string): { kept: KeptRows; from: string } {
  const tried: string[] = [];
  for (const file of [dbFile(dataDir), ...listBackups(backupsDir(dataDir)).map((b) => b.file)]) {
    if (!existsSync(file)) continue;
    try {
      return { kept: readKept(file), from: file };
    } catch (e) {
      tried.push(`${file}: ${(e as Error).message}`);
    }
  }
  throw new WayOutError(
    `The accounts (${KEPT_TABLES.join(', ')}) could not be read from the database or any backup (${tried.join('; ') || 'none found'}). ` +
      'Move the database file aside and add the accounts again.',
  );
}
