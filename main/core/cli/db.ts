import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { takeDataLock } from '../app/data-lock';
import { readCheckState, writeCheckState } from '../app/db-care';
import { backupsDir, dbFile, defaultDataDir } from '../paths';
import { listBackups } from '../store/backups';
import { DatabaseDamagedError } from '../store/errors';
import { KEPT_TABLES, type KeptRows, readKept, rebuildWith, restoreFrom } from '../store/recovery';
import { type GlobalOptions, UsageError } from './context';

/** Where a replaced or damaged database is moved: kept, never deleted, for a closer look. */
const asideDir = (dataDir: string) => join(dataDir, 'replaced');

/**
 * The two ways out of a damaged database. Both take the data folder's lock (no engine may run beside
 * them) and open no engine: the engine cannot open the file they are there to replace.
 */
export function dbCommands(program: Command, globals: () => GlobalOptions): void {
  const db = program.command('db').description('restore the database from a backup, or rebuild it');

  db.command('restore')
    .description('put the last good backup (or --from FILE) in place of the database; the next sync fetches what came since')
    .option('--from <file>', 'the backup to restore, instead of the newest one that passes its check')
    .action((o: { from?: string }) => {
      const g = globals();
      const dataDir = g.data ?? defaultDataDir();
      const lock = takeDataLock(dataDir, { kind: 'cli', command: g.command }, { takeOverOtherHost: g.takeOver === true });
      try {
        const candidates = o.from ? [resolve(o.from)] : listBackups(backupsDir(dataDir)).map((b) => b.file);
        if (o.from && !existsSync(candidates[0] as string)) throw new UsageError(`There is no file ${o.from}`);
        if (candidates.length === 0)
          throw new UsageError(`There is no backup in ${backupsDir(dataDir)}: rebuild the database instead, with \`db rebuild\``);
        const refused: string[] = [];
        for (const file of candidates) {
          try {
            const aside = restoreFrom(dbFile(dataDir), file, asideDir(dataDir), Date.now());
            writeCheckState(dataDir, { ...readCheckState(dataDir), damage: null });
            process.stdout.write(
              `Restored ${file}. The database it replaced is kept as ${aside}. The next sync fetches from the service what came since the backup, and sends what is in the Outbox once.\n`,
            );
            return;
          } catch (e) {
            if (!(e instanceof DatabaseDamagedError)) throw e;
            refused.push(`${file}: ${e.detail}`);
          }
        }
        throw new UsageError(`No backup passed its check (${refused.join('; ')}): rebuild the database instead, with \`db rebuild\``);
      } finally {
        lock.release();
      }
    });

  db.command('rebuild')
    .description(
      'a new database with the accounts and sending options kept; the next sync fetches the mirror again and sends nothing again',
    )
    .action(() => {
      const g = globals();
      const dataDir = g.data ?? defaultDataDir();
      const lock = takeDataLock(dataDir, { kind: 'cli', command: g.command }, { takeOverOtherHost: g.takeOver === true });
      try {
        const { kept, from } = keptRows(dataDir);
        const aside = rebuildWith(dbFile(dataDir), kept, asideDir(dataDir), Date.now());
        writeCheckState(dataDir, { ...readCheckState(dataDir), damage: null });
        const n = kept.rows.accounts?.length ?? 0;
        const outbox = kept.rows.outbox
          ? `and the outbox (${kept.rows.outbox.length} file${kept.rows.outbox.length === 1 ? '' : 's'}, each with its key)`
          : `but not the outbox, which did not read (${kept.unreadable.join('; ')}): files still in the Outbox are taken in again`;
        process.stdout.write(
          `Rebuilt the database with ${n} account${n === 1 ? '' : 's'} (their API keys stay where they were), their sending options ${outbox}, read from ${from}. ` +
            `The damaged file is kept as ${aside}. The next sync fetches the invoices from the service again.\n`,
        );
      } finally {
        lock.release();
      }
    });
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
  throw new UsageError(
    `The accounts (${KEPT_TABLES.join(', ')}) could not be read from the database or any backup (${tried.join('; ') || 'none found'}). ` +
      'Move the database file aside and add the accounts again.',
  );
}
