import { Command, CommanderError } from 'commander';
import { defaultDataDir } from '../paths';
import { accountCommands } from './accounts';
import { companyCommands } from './company';
import { type GlobalOptions, UsageError } from './context';
import { demoCommand } from './demo';
import { lookupCommands } from './lookup';
import { statusCommands } from './status';
import { syncCommands } from './sync';
import { validateCommand } from './validate';

// npm run cli -- [--data DIR] <command>
const program = new Command('einvoice-sync')
  .description('E-Invoice Sync from the command line: hot folders out, a local mirror in')
  .option('--data <dir>', "the app's data folder (database, settings, logs); default: the OS's per-user app data folder")
  .option('--log-level <level>', 'debug, info, warn or error', 'info')
  .showHelpAfterError()
  .exitOverride();

const globals = () => program.opts<GlobalOptions>();
accountCommands(program, globals);
syncCommands(program, globals);
statusCommands(program, globals);
demoCommand(program, globals);
lookupCommands(program, globals);
companyCommands(program, globals);
validateCommand(program, globals);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof UsageError) {
    process.stderr.write(`einvoice-sync: ${e.message}\n`);
    process.exitCode = 2;
  } else if (/^SQLITE_(FULL|IOERR|READONLY|CANTOPEN)/.test(String((e as { code?: unknown }).code))) {
    // The database cannot be opened or written at all (a full or read-only data disk): SQLite's words name no folder.
    const dir = globals().data ?? defaultDataDir();
    process.stderr.write(
      `einvoice-sync: can't write to the app's data folder ${dir} (${(e as Error).message}): is its disk full or read-only? Free some space, then run the command again.\n`,
    );
    process.exitCode = 1;
  } else {
    process.stderr.write(`einvoice-sync: ${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
