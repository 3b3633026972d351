import type { Command } from 'commander';
import { z } from 'zod';
import { takeoverQuerySchema } from '../../../shared/schemas/partner';
import type { Api } from '../api';
import type { Account } from '../store/accounts';
import { type CliContext, chosenAccount, type GlobalOptions, openCli, UsageError, withAccountApi } from './context';
import { askYesNo } from './prompt';

interface PartnerOptions {
  account?: string;
  json?: boolean;
  yes?: boolean;
}

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const email = z.email();

/** What a start and a completion mean, said before either (the same words as the Partner page). */
export const TAKEOVER_START_WORDS =
  'Starting a takeover reserves the company for your partner account. Nothing moves yet: the company keeps its current partner until you complete the takeover.';
export const TAKEOVER_COMPLETE_WORDS =
  "Completing moves the company's service relationship to your partner account (your vendor API key): it becomes one of your linked companies, and its previous partner's vendor key no longer reaches it. The company keeps its own API key, invoices and settings. A revert moves it back.";

/** `partner takeover ...` and `partner scan-partner ...`: the partner's actions over companies it serves. */
export function partnerCommands(program: Command, globals: () => GlobalOptions): void {
  const partner = program
    .command('partner')
    .description("a partner account's takeovers and scan partner address (needs its vendor API key)");

  const asPartner = <T>(o: PartnerOptions, run: (api: Api, on: { account: Account; cli: CliContext }) => Promise<T>): Promise<T> =>
    withAccountApi(globals(), o.account, run, async (account, cli) => {
      if ((await cli.engine.vendorKeys.get(account.id)) === null)
        throw new UsageError(`"${account.name}" has no vendor API key: add it with accounts update first`);
    });
  const checkedId = (what: string, v: string) => {
    if (!idSchema.safeParse(v).success) throw new UsageError(`${what} is an id of letters, digits, - and _`);
    return v;
  };
  const confirmed = async (o: PartnerOptions, words: string, question: string) => {
    process.stderr.write(`${words}\n`);
    if (o.yes) return;
    if (!(await askYesNo(question, false))) throw new UsageError('Nothing was done (confirm on a terminal, or add --yes)');
  };
  const print = (o: PartnerOptions, value: unknown, line: string): void => {
    process.stdout.write(o.json ? `${JSON.stringify(value, null, 2)}\n` : `${line}\n`);
  };

  const takeover = partner.command('takeover').description("move a company's service relationship to this partner (experimental)");
  takeover
    .command('find <organisationNumber>')
    .description('companies with that organisation number you may take over')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (orgNo: string, o: PartnerOptions) => {
      const q = takeoverQuerySchema.safeParse(orgNo);
      if (!q.success) throw new UsageError('give an organisation number, such as 1234567-8');
      const found = await asPartner(o, (api) => api.takeovers.available(q.data));
      if (o.json) {
        print(o, found, '');
        return;
      }
      if (!found.length) process.stdout.write('No company with that organisation number is available to take over.\n');
      for (const c of found) process.stdout.write(`${c.companyId}\t${c.name ?? '-'}\t${c.bid ?? '-'}\t${c.country ?? '-'}\n`);
    });
  takeover
    .command('start <companyId>')
    .description('start a takeover; nothing moves until it is completed')
    .option('--account <name>')
    .option('--yes', 'do not ask')
    .option('--json', 'print JSON')
    .action(async (companyId: string, o: PartnerOptions) => {
      checkedId('the company id', companyId);
      await confirmed(o, TAKEOVER_START_WORDS, `Start taking over ${companyId}?`);
      // Kept as the Partner page keeps it: the service lists no takeovers.
      const t = await asPartner(o, async (api, { account, cli }) => {
        const made = await api.takeovers.start(companyId);
        cli.engine.keep.takeover(account.id, {
          takeoverId: made.id,
          companyId: made.company_id ?? companyId,
          state: made.state ?? 'STARTED',
        });
        return made;
      });
      print(o, t, `Takeover ${t.id} started: complete or revert it with that id (partner takeover list shows it).`);
    });
  takeover
    .command('complete <takeoverId>')
    .description("complete a takeover: the company's service relationship moves to this partner")
    .option('--account <name>')
    .option('--yes', 'do not ask')
    .option('--json', 'print JSON')
    .action(async (takeoverId: string, o: PartnerOptions) => {
      checkedId('the takeover id', takeoverId);
      await confirmed(o, TAKEOVER_COMPLETE_WORDS, `Complete takeover ${takeoverId}?`);
      const t = await asPartner(o, async (api, { account, cli }) => {
        const done = await api.takeovers.complete(takeoverId);
        cli.engine.keep.takeover(account.id, { takeoverId: done.id, companyId: done.company_id ?? null, state: done.state ?? 'COMPLETED' });
        return done;
      });
      print(o, t, `Takeover ${t.id} completed: the company is now served by this partner.`);
    });
  takeover
    .command('revert <takeoverId>')
    .description('cancel a started takeover, or move a completed one back')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (takeoverId: string, o: PartnerOptions) => {
      checkedId('the takeover id', takeoverId);
      await asPartner(o, async (api, { account, cli }) => {
        await api.takeovers.revert(takeoverId);
        cli.engine.keep.takeover(account.id, { takeoverId, companyId: null, state: 'REVERTED' });
      });
      print(o, { id: takeoverId, state: 'REVERTED' }, `Takeover ${takeoverId} reverted.`);
    });

  takeover
    .command('list')
    .description('the takeovers this app took part in, newest first (the service lists none)')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (o: PartnerOptions) => {
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const list = cli.engine.store.takeovers.list(chosenAccount(cli, o.account).id);
        if (o.json) return print(o, list, '');
        if (!list.length) process.stdout.write('No takeovers yet.\n');
        for (const t of list)
          process.stdout.write(`${t.takeoverId}\t${t.state}\t${t.label ?? t.companyId ?? '-'}\t${new Date(t.startedAt).toISOString()}\n`);
      } finally {
        await cli.close();
      }
    });

  const scan = partner.command('scan-partner').description('the scan partner e-mail address of a company you manage (experimental)');
  scan
    .command('get <companyId>')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (companyId: string, o: PartnerOptions) => {
      checkedId('the company id', companyId);
      const r = await asPartner(o, (api) => api.scanPartner.get(companyId));
      print(o, r, r.scanpartner_email_address ?? '(no scan partner address)');
    });
  scan
    .command('set <companyId> <email>')
    .option('--account <name>')
    .action(async (companyId: string, address: string, o: PartnerOptions) => {
      checkedId('the company id', companyId);
      if (!email.safeParse(address).success) throw new UsageError('give an e-mail address, such as scan@office.example');
      await asPartner(o, (api) => api.scanPartner.set({ company_id: companyId, scanpartner_email_address: address }));
      process.stdout.write(`Scan partner address of ${companyId} set to ${address}.\n`);
    });
  scan
    .command('remove <companyId>')
    .option('--account <name>')
    .action(async (companyId: string, o: PartnerOptions) => {
      checkedId('the company id', companyId);
      await asPartner(o, (api) => api.scanPartner.remove(companyId));
      process.stdout.write(`Scan partner address of ${companyId} removed.\n`);
    });
}
