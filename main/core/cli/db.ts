import type { Command } from 'commander';
import { takeDataLock } from '../app/data-lock';
import { rebuildDatabase, restoreDatabase, WayOutError } from '../app/db-ways-out';
import { defaultDataDir } from '../paths';
import { type GlobalOptions, UsageError } from './context';

/**
 * The two ways out of a damaged database. Both take the data folder's lock (no engine may run beside
 * them) and open no engine: the engine cannot open the file they are there to replace.
 */
export function dbCommands(program: Command, globals: () => GlobalOptions): void {
  const db = program.command('db').description('restore the database from a backup, or rebuild it');
  const withLock = (way: (dataDir: string) => string) => {
    const g = globals();
    const dataDir = g.data ?? defaultDataDir();
    const lock = takeDataLock(dataDir, { kind: 'cli', command: g.command }, { takeOverOtherHost: g.takeOver === true });
    try {
      process.stdout.write(`${way(dataDir)}\n`);
    } catch (e) {
      if (e instanceof WayOutError)
        throw new UsageError(/rebuild the database instead$/.test(e.message) ? `${e.message}, with \`db rebuild\`` : e.message);
      throw e;
    } finally {
      lock.release();
    }
  };

  db.command('restore')
    .description('put the last good backup (or --from FILE) in place of the database; the next sync fetches what came since')
    .option('--from <file>', 'the backup to restore, instead of the newest one that passes its check')
    .action((o: { from?: string }) => withLock((dataDir) => restoreDatabase(dataDir, o.from ? { from: o.from } : {})));

  db.command('rebuild')
    .description(
      'a new database with the accounts and sending options kept; the next sync fetches the mirror again and sends nothing again',
    )
    .action(() => withLock((dataDir) => rebuildDatabase(dataDir)));
}
