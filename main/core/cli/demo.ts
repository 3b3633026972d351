import { join } from 'node:path';
import type { Command } from 'commander';
import { type CliContext, type GlobalOptions, openCli } from './context';

export const DEMO_ACCOUNT = 'Demo (sandbox)';

/** Adds the demo company of the embedded sandbox as an account whose root is in the data folder. */
export async function addDemoAccount(cli: CliContext): Promise<void> {
  if (!cli.embedded) throw new Error('The embedded sandbox is not running');
  if (cli.engine.findAccount(DEMO_ACCOUNT)) return;
  const { demo } = cli.embedded;
  const root = join(cli.dataDir, 'Demo');
  await cli.engine.addAccount({
    name: DEMO_ACCOUNT,
    environment: 'sandbox',
    url: null,
    companyId: demo.company_id,
    root,
    apiKey: demo.api_key,
  });
  process.stdout.write(`Added "${DEMO_ACCOUNT}": the sandbox's demo company, syncing into ${root}\n`);
}

export function demoCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('demo')
    .description('add the built-in sandbox with a demo company as an account and sync it once')
    .action(async () => {
      const cli = await openCli(globals(), { embedded: true });
      try {
        await addDemoAccount(cli);
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
