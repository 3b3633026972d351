import type { Command } from 'commander';
import { type GlobalOptions, openCli, UsageError } from './context';
import { announceDemo } from './demo';
import { showProgress } from './progress';
import { askYesNo } from './prompt';

export function syncCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command('sync')
    .description('sync every account: until SIGINT/SIGTERM, or one full cycle with --once')
    .option('--once', 'one full cycle of every account, then exit (non-zero when anything failed)')
    .option('--stable-ms <ms>', 'how long a dropped file must stay unchanged before it is sent', '2000')
    .action(async (o: { once?: boolean; stableMs: string }) => {
      const stableMs = Number(o.stableMs);
      if (!Number.isInteger(stableMs) || stableMs < 0) throw new UsageError('--stable-ms is a whole number of milliseconds');
      const runner = { stableMs };
      const cli = await openCli(globals(), { runner, care: true });
      if (cli.engine.listAccounts().length === 0) {
        process.stderr.write('No account is configured yet.\n');
        const yes = await askYesNo('Try the built-in sandbox with a demo company?');
        if (!yes) {
          process.stderr.write('Add one with `accounts add --help`, or run the `demo` command to try the sandbox.\n');
          await cli.close();
          process.exitCode = 1;
          return;
        }
        await cli.addDemo();
        announceDemo(cli);
      }
      const names = new Map(cli.engine.listAccounts().map((a) => [a.id, a.name]));
      // A passphrase prompt comes now, not under the progress bars.
      await cli.unlockSecrets().catch(async (e: Error) => {
        await cli.close();
        throw e;
      });
      const stopBars = showProgress(cli.engine.events, names);
      try {
        if (o.once) {
          const reports = await cli.engine.syncOnce();
          stopBars();
          let failed = false;
          for (const [id, r] of reports) {
            if (!r.ok) failed = true;
            process.stdout.write(`${names.get(id)}: ${r.ok ? 'ok' : 'problems'}\n`);
            for (const p of r.problems) process.stdout.write(`  - ${p}\n`);
          }
          process.exitCode = failed ? 1 : 0;
          return;
        }
        await cli.engine.start();
        cli.log.info('syncing; stop with Ctrl+C', { accounts: [...names.values()] });
        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        cli.log.info('stopping: finishing the work in flight');
      } finally {
        stopBars();
        await cli.close();
      }
    });
}
