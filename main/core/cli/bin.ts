import { Command, CommanderError } from 'commander';
import { defaultDataDir } from '../paths';
import { accountCommands } from './accounts';
import { answerCommands } from './answer';
import { archiveCommands } from './archive';
import { collectionCommands } from './collection';
import { companyCommands } from './company';
import { type GlobalOptions, UsageError } from './context';
import { dbCommands } from './db';
import { demoCommand } from './demo';
import { doctorCommand } from './doctor';
import { lookupCommands } from './lookup';
import { partnerCommands } from './partner';
import { rulesCommands } from './rules';
import { statusCommands } from './status';
import { syncCommands } from './sync';
import { validateCommand } from './validate';

// npm run cli -- [--data DIR] <command>
const program = new Command('einvoice-sync')
  .description('E-Invoice Sync from the command line: hot folders out, a local mirror in')
  .option('--data <dir>', "the app's data folder (database, settings, logs); default: the OS's per-user app data folder")
  .option('--log-level <level>', 'debug, info, warn or error', 'info')
  .option('--passphrase-fd <n>', "read the encrypted secrets file's passphrase from this open file descriptor (e.g. 3 3<file)")
  .option('--take-over', "take the data folder from an E-Invoice Sync on another computer that no longer runs (a shared folder's lock)")
  .showHelpAfterError()
  .exitOverride()
  // The data folder's lock names the command that holds it ("the command `sync`").
  .hook('preAction', (root, action) => {
    const path: string[] = [];
    for (let c: Command | null = action; c && c !== root; c = c.parent) path.unshift(c.name());
    root.setOptionValue('command', path.join(' '));
  });

const globals = () => program.opts<GlobalOptions>();
accountCommands(program, globals);
syncCommands(program, globals);
statusCommands(program, globals);
doctorCommand(program, globals);
answerCommands(program, globals);
demoCommand(program, globals);
lookupCommands(program, globals);
partnerCommands(program, globals);
companyCommands(program, globals);
collectionCommands(program, globals);
validateCommand(program, globals);
rulesCommands(program, globals);
dbCommands(program, globals);
archiveCommands(program, globals);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else if (e instanceof UsageError) {
    process.stderr.write(`einvoice-sync: ${e.message}\n`);
    process.exitCode = 2;
  } else if (/^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN)|ENOSPC$|EDQUOT$|EROFS$)/.test(String((e as { code?: unknown }).code))) {
    // The data folder cannot be written at all (a full or read-only data disk), be it the database or the
    // lock taken before it: neither SQLite's words nor Node's name the folder.
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
