import type { Command } from 'commander';
import { eventNameProblem, type User } from '../../../shared/schemas/company';
import { maskWebhookUrl } from '../../../shared/webhook-url';
import { ServiceError } from '../api/errors';
import { webhookView } from '../bridge/handlers/company-admin';
import type { Account } from '../store/accounts';
import { type CliContext, type GlobalOptions, openCli, UsageError } from './context';

/** The account a command names, or the only one there is. */
export function accountFor(cli: CliContext, name: string | undefined): Account {
  if (name) {
    const a = cli.engine.findAccount(name);
    if (!a) throw new UsageError(`No account named "${name}"`);
    return a;
  }
  const all = cli.engine.listAccounts();
  if (all.length === 1 && all[0]) return all[0];
  throw new UsageError(all.length === 0 ? 'No account is configured yet' : 'Several accounts: name one with --account');
}

/** Opens the app, runs `fn` with the account's service API, and says what the service refused, field by field. */
async function withApi<T>(
  g: GlobalOptions,
  account: string | undefined,
  fn: (api: Awaited<ReturnType<CliContext['engine']['api']>>, a: Account) => Promise<T>,
): Promise<T> {
  const cli = await openCli(g);
  try {
    const a = accountFor(cli, account);
    return await fn(await cli.engine.api(a.id), a);
  } catch (e) {
    if (e instanceof ServiceError && e.details.length > 0) {
      throw new Error(`${e.message}\n${e.details.map((d) => `  ${d}`).join('\n')}`);
    }
    throw e;
  } finally {
    await cli.close();
  }
}

const print = (json: boolean | undefined, value: unknown, text: () => string) =>
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : text());
const nameOf = (u: Pick<User, 'first_name' | 'last_name' | 'email'>) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

/** `users list|add|remove` and `webhooks list|add|remove|resend` (the company's users and notification subscriptions). */
export function companyCommands(program: Command, globals: () => GlobalOptions): void {
  const users = program.command('users').description("the company's users at the service");
  users
    .command('list')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (o: { account?: string; json?: boolean }) => {
      const list = await withApi(globals(), o.account, (api) => api.company.users.list());
      print(o.json, list, () =>
        list
          .map((u) => {
            const mails = u.emails_disabled ? 'no e-mails' : u.notifications_disabled ? 'no invoice e-mails' : 'all e-mails';
            return `${u.id}\t${u.email}\t${nameOf(u)}\t${u.phone ?? '-'}\t${u.user_role ?? '-'}\t${mails}\n`;
          })
          .join(''),
      );
    });

  users
    .command('add')
    .description('add a user by e-mail: a new user, or an existing user of another company')
    .requiredOption('--email <address>')
    .requiredOption('--first-name <name>')
    .option('--last-name <name>')
    .option('--phone <number>')
    .option('--role <role>', 'admin (the only level of rights the service has)')
    .option('--no-invoice-emails', 'no e-mail about the invoices of this user')
    .option('--no-emails', 'no e-mail notifications at all, such as send errors')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(
      async (o: {
        email: string;
        firstName: string;
        lastName?: string;
        phone?: string;
        role?: string;
        invoiceEmails: boolean;
        emails: boolean;
        account?: string;
        json?: boolean;
      }) => {
        const r = await withApi(globals(), o.account, (api) =>
          api.company.users.add({
            email: o.email,
            first_name: o.firstName,
            ...(o.lastName ? { last_name: o.lastName } : {}),
            ...(o.phone ? { phone: o.phone } : {}),
            ...(o.role ? { user_role: o.role } : {}),
            notifications_disabled: !o.invoiceEmails,
            emails_disabled: !o.emails,
          }),
        );
        print(o.json, r, () =>
          r.created
            ? `Created user ${nameOf(r.user)} <${r.user.email}> (${r.user.id})\n`
            : `${nameOf(r.user)} <${r.user.email}> already had a user at the service; added to this company (${r.user.id})\n`,
        );
      },
    );

  users
    .command('remove <user>')
    .description('remove a user (by e-mail or id) from the company')
    .option('--account <name>')
    .action(async (who: string, o: { account?: string }) => {
      const gone = await withApi(globals(), o.account, async (api) => {
        const list = await api.company.users.list();
        const u = list.find((x) => x.id === who || x.email.toLowerCase() === who.toLowerCase());
        if (!u) throw new UsageError(`No user "${who}" in this company`);
        await api.company.users.remove(u.id);
        return u;
      });
      process.stdout.write(`Removed ${nameOf(gone)} <${gone.email}> from the company\n`);
    });

  const webhooks = program
    .command('webhooks')
    .description("the company's webhook subscriptions, for its other systems (this app polls and needs none)");
  webhooks
    .command('list')
    .option('--account <name>')
    .option('--json', 'print JSON (addresses masked)')
    .action(async (o: { account?: string; json?: boolean }) => {
      const list = (await withApi(globals(), o.account, (api) => api.company.notifications.list())).map(webhookView);
      print(
        o.json,
        list,
        () =>
          list.map((w) => `${w.id}\t${w.destinationType}\t${w.destination}\t${w.events.join(',')}\n`).join('') ||
          'No webhook subscriptions.\n',
      );
    });

  webhooks
    .command('add <url>')
    .description('subscribe an https:// address to events; credentials (user:secret@) and query values are kept secret')
    .requiredOption('--events <names>', 'comma-separated event names, such as DOCUMENTS.INVOICE.RECEIVED,NETWORKS.* or *')
    .option('--vendor', 'a VENDOR_WEBHOOK for every company linked to the account’s vendor API key')
    .option('--account <name>')
    .option('--json', 'print JSON (address masked)')
    .action(async (url: string, o: { events: string; vendor?: boolean; account?: string; json?: boolean }) => {
      if (!/^https:\/\//i.test(url)) throw new UsageError('The address must start with https://');
      const events = [...new Set(o.events.split(/[\s,]+/).filter(Boolean))];
      if (events.length === 0) throw new UsageError('--events names at least one event');
      for (const e of events) {
        const problem = eventNameProblem(e);
        if (problem) throw new UsageError(`--events: '${e}' ${problem}`);
      }
      const cli = await openCli(globals());
      let view: ReturnType<typeof webhookView>;
      try {
        const a = accountFor(cli, o.account);
        const vendorKey = o.vendor ? await cli.engine.vendorKeys.get(a.id) : null;
        if (o.vendor && !vendorKey) throw new UsageError(`"${a.name}" was added without a vendor API key`);
        const api = await cli.engine.api(a.id);
        view = webhookView(
          await api.company.notifications.create({
            destination_type: o.vendor ? 'VENDOR_WEBHOOK' : 'WEBHOOK',
            destination: url,
            events,
            ...(vendorKey ? { vendor_key: vendorKey } : {}),
          }),
        );
      } catch (e) {
        if (e instanceof ServiceError && e.details.length > 0) {
          throw new Error(`${e.message}\n${e.details.map((d) => `  ${d}`).join('\n')}`);
        }
        throw e;
      } finally {
        await cli.close();
      }
      print(o.json, view, () => `Subscribed ${maskWebhookUrl(url)} to ${view.events.join(', ')} (${view.id})\n`);
    });

  webhooks
    .command('remove <id>')
    .option('--account <name>')
    .action(async (id: string, o: { account?: string }) => {
      await withApi(globals(), o.account, (api) => api.company.notifications.delete(id));
      process.stdout.write(`Removed webhook subscription ${id}\n`);
    });

  webhooks
    .command('resend')
    .description('ask the service to deliver every unacknowledged event of every subscription again')
    .option('--account <name>')
    .action(async (o: { account?: string }) => {
      await withApi(globals(), o.account, (api) => api.company.notifications.resendUnacknowledged());
      process.stdout.write('The service will deliver the unacknowledged events again.\n');
    });
}
