import type { Command } from 'commander';
import { type GlobalOptions, openCli } from './context';

export function doctorCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('doctor')
    .description(
      "look at each account's folder for what breaks folder sync: a cloud-synced folder with online-only files, a network share, paths too long for Windows, names that differ only in case, files locked by another program",
    )
    .option('--account <name>', 'only this account')
    .option('--json', 'print JSON')
    .action(async (o: { account?: string; json?: boolean }) => {
      // Only reads: runs beside the app or a `sync` that holds the data folder.
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const accounts = o.account ? [cli.engine.findAccount(o.account)] : cli.engine.listAccounts();
        if (accounts.some((a) => !a)) throw new Error(`No account named "${o.account}"`);
        const reports = [];
        for (const a of accounts) if (a) reports.push({ account: a.name, ...(await cli.engine.doctor.run(a.id)) });
        if (o.json) {
          process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
          return;
        }
        if (reports.length === 0) process.stdout.write('No account is configured yet.\n');
        for (const r of reports) {
          process.stdout.write(`${r.account}: ${r.root}\n`);
          if (r.findings.length === 0) process.stdout.write('  Nothing found that stands in the way of syncing.\n');
          for (const f of r.findings) process.stdout.write(`  ${f.severity === 'warn' ? '!' : '-'} [${f.code}] ${f.message}\n`);
          if (r.truncated) process.stdout.write(`  (looked at the first ${r.looked} entries only)\n`);
        }
      } finally {
        await cli.close();
      }
    });
}
