import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ENVIRONMENTS, type Environment } from '../../../shared/enums';
import { INBOX_LAYOUTS, type InboxLayout, NEW_ACCOUNT_INBOX_LAYOUT } from '../../../shared/inbox-layout';
import { type GlobalOptions, openCli, UsageError } from './context';
import { showProgress } from './progress';
import { readSecret } from './prompt';

interface AddOptions {
  name: string;
  environment: string;
  url?: string;
  companyId: string;
  root: string;
  pollInterval?: string;
  markHandled?: boolean;
  inboxLayout: string;
  verify: boolean;
}

function inboxLayoutOf(value: string, option: string): InboxLayout {
  if (!(INBOX_LAYOUTS as readonly string[]).includes(value)) throw new UsageError(`${option} must be one of ${INBOX_LAYOUTS.join(', ')}`);
  return value as InboxLayout;
}

export function accountCommands(program: Command, globals: () => GlobalOptions): void {
  const accounts = program.command('accounts').description('add, list and remove accounts');

  accounts
    .command('add')
    .description('add an account; the API key comes from EINVOICE_API_KEY or is asked for')
    .requiredOption('--name <name>', 'a name for the account, such as the client company')
    .requiredOption('--environment <env>', `one of ${ENVIRONMENTS.join(', ')}`)
    .option('--url <base_url>', 'the service address (required for sandbox unless the embedded one is used)')
    .requiredOption('--company-id <uuid>', 'the company UUID')
    .requiredOption('--root <dir>', 'the folder whose Inbox/ and Outbox/ this account keeps')
    .option('--poll-interval <seconds>', 'how often to look for received items', '300')
    .option('--mark-handled', "mark fetched invoices HANDLED on the service (tells the company's other clients)")
    .option(
      '--inbox-layout <layout>',
      `subfolders of Inbox/Invoices, Documents and BankMessages: ${INBOX_LAYOUTS.join(', ')}`,
      NEW_ACCOUNT_INBOX_LAYOUT,
    )
    .option('--no-verify', 'save without checking the credentials with the service')
    .action(async (o: AddOptions) => {
      if (!(ENVIRONMENTS as readonly string[]).includes(o.environment)) {
        throw new UsageError(`--environment must be one of ${ENVIRONMENTS.join(', ')}`);
      }
      const poll = Number(o.pollInterval);
      if (!Number.isInteger(poll) || poll < 30) throw new UsageError('--poll-interval is a whole number of seconds, at least 30');
      const inboxLayout = inboxLayoutOf(o.inboxLayout, '--inbox-layout');
      const apiKey = process.env.EINVOICE_API_KEY ?? (await readSecret('API key'));
      const vendorApiKey = process.env.EINVOICE_VENDOR_API_KEY ?? null;
      const cli = await openCli(globals(), { demo: o.environment === 'sandbox' && !o.url ? 'always' : 'when-needed' });
      try {
        const account = await cli.engine.addAccount(
          {
            name: o.name,
            environment: o.environment as Environment,
            url: o.url ?? null,
            companyId: o.companyId,
            // A folder given relative to where the command runs, as a shell user means it.
            root: resolve(o.root),
            apiKey,
            vendorApiKey,
            pollIntervalS: poll,
            markHandled: o.markHandled ?? false,
            inboxLayout,
          },
          o.verify,
        );
        process.stdout.write(`Added account "${account.name}" (${account.environment}) syncing ${account.root}\n`);
      } finally {
        await cli.close();
      }
    });

  accounts
    .command('list')
    .description('list the accounts')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const list = cli.engine.listAccounts();
        if (o.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        else if (list.length === 0) process.stdout.write('No accounts. Add one with: accounts add --help\n');
        else
          for (const a of list)
            process.stdout.write(`${a.name}\t${a.environment}\t${a.companyId}\t${a.root}${a.paused ? '\t(paused)' : ''}\n`);
      } finally {
        await cli.close();
      }
    });

  accounts
    .command('reorganize <name>')
    .description("move the files already in the account's Inbox into its Inbox layout (safe to stop and run again)")
    .option('--layout <layout>', `first set the layout: ${INBOX_LAYOUTS.join(', ')}`)
    .action(async (name: string, o: { layout?: string }) => {
      const layout = o.layout === undefined ? undefined : inboxLayoutOf(o.layout, '--layout');
      const cli = await openCli(globals());
      try {
        let account = cli.engine.findAccount(name);
        if (!account) throw new UsageError(`No account named "${name}"`);
        if (layout && layout !== account.inboxLayout) account = await cli.engine.updateAccount(account.id, { inboxLayout: layout });
        const stopBars = showProgress(cli.engine.events, new Map([[account.id, account.name]]));
        const r = await cli.engine.reorganizeInbox(account.id).finally(stopBars);
        const lines = [
          `${account.name}: Inbox ${r.finished ? 'reorganized' : 'not reorganized to the end'} (${r.layout})`,
          `  moved: ${r.moved}, already in place: ${r.inPlace}`,
          ...(r.recovered ? [`  moves a stop had cut short, finished: ${r.recovered}`] : []),
          ...(r.missing ? [`  no longer on disk: ${r.missing}`] : []),
          ...(r.elsewhere ? [`  outside the Inbox, left where they are: ${r.elsewhere}`] : []),
          ...(r.failed ? [`  could not be moved (open in another program?), left where they are: ${r.failed}`] : []),
          ...(r.error ? [`  ${r.error}`] : []),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
        if (!r.finished || r.failed) process.exitCode = 1;
      } finally {
        await cli.close();
      }
    });

  accounts
    .command('remove <name>')
    .description('remove an account (its folders and files stay on disk)')
    .action(async (name: string) => {
      const cli = await openCli(globals());
      try {
        const a = await cli.engine.removeAccount(name);
        process.stdout.write(`Removed account "${a.name}"; its folder ${a.root} was left as it is\n`);
      } finally {
        await cli.close();
      }
    });
}
