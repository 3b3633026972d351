import type { Command } from 'commander';
import { DEMO_ACCOUNT_NAME } from '../accounts/account-book';
import { type CliContext, type GlobalOptions, openCli } from './context';

/** Says where the demo account syncs to (added by the app's addDemo). */
export function announceDemo(cli: CliContext): void {
  const account = cli.engine.findAccount(DEMO_ACCOUNT_NAME);
  if (account) process.stdout.write(`Added "${DEMO_ACCOUNT_NAME}": the sandbox's demo company, syncing into ${account.root}\n`);
}

export function demoCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('demo')
    .description('add the built-in sandbox with a demo company as an account and sync it once')
    .action(async () => {
      const cli = await openCli(globals(), { demo: 'always' });
      try {
        const had = cli.engine.findAccount(DEMO_ACCOUNT_NAME);
        await cli.addDemo();
        if (!had) announceDemo(cli);
        const reports = await cli.engine.syncOnce();
        for (const s of cli.engine.status()) {
          process.stdout.write(
            `${s.account.name}: ${s.received} received invoices mirrored, ${s.sent} sent, ${s.queued} queued, ${s.failed} failed\n`,
          );
        }
        process.exitCode = [...reports.values()].every((r) => r.ok) ? 0 : 1;
      } finally {
        await cli.close();
      }
    });
}
