import type { Command } from 'commander';
import { problemWords } from '../../../shared/account-health';
import type { SyncState } from '../../../shared/bridge/views';
import { fieldsOfFolder, optionFolderProblem } from '../../../shared/schemas/sending-options';
import { SendingOptionsError } from '../accounts/folder-options';
import { ACTIVE_OUTBOX_STATES } from '../store/outbox';
import { rememberedFaults } from '../sync/local-faults';
import { parseOptionWords } from '../sync/outbound-options';
import { rootProblem } from '../sync/root-guard';
import { type GlobalOptions, openCli, UsageError } from './context';

/** The badge's words, as the tray says them. */
const STATE_WORDS: Record<SyncState, string> = {
  idle: 'Up to date',
  syncing: 'Syncing',
  paused: 'Paused',
  needs_user: 'Needs you',
  offline: 'Not up to date',
};

export function statusCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command('status')
    .description(
      'where the API keys are kept; per account: whether it is up to date (and if not why, since when, what to do), its folder, queued, sent, failed, received',
    )
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      // Only reads: runs beside the app or a `sync` that holds the data folder.
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const status = cli.engine.status().map((s) => ({
          account: s.account.name,
          environment: s.account.environment,
          root: s.account.root,
          paused: s.account.paused,
          // The one answer every view gives (shared/account-health.ts): from what the engine keeps in the
          // database, so a `status` beside a running `sync` says what the app says.
          state: s.health.state,
          up_to_date: s.health.upToDate,
          last_success: s.health.lastSuccessAt,
          problems: s.health.problems.map((p) => ({
            kind: p.kind,
            since: p.since,
            count: p.count,
            feeds: p.feeds,
            reason: p.reason,
            needs_person: p.forPerson,
            ...problemWords(p),
            detail: p.detail,
          })),
          queued: s.queued,
          held: s.held,
          sending: s.sending,
          sent: s.sent,
          failed: s.failed,
          needs_reroute: s.needsReroute,
          received: s.received,
          downloads_pending: s.downloadsPending,
          downloads_given_up: s.downloadsFailed,
          last_poll: s.lastPoll,
          root_missing: rootProblem(cli.engine.store, s.account.id),
          // Work that waits on a folder that took no writes (a full disk, a read-only Inbox).
          waiting_on: rememberedFaults(cli.engine.store, s.account.id),
        }));
        if (o.json) {
          process.stdout.write(`${JSON.stringify({ secret_store: cli.secretStore, accounts: status }, null, 2)}\n`);
          return;
        }
        process.stdout.write(`API keys: ${cli.secretStore.label}\n`);
        if (status.length === 0) process.stdout.write('No accounts.\n');
        for (const s of status) {
          process.stdout.write(
            `${s.account} (${s.environment}${s.paused ? ', paused' : ''}): ${s.queued} queued, ${s.held} held, ${s.sending} sending, ${s.sent} sent, ${s.failed} failed, ${s.needs_reroute} need a reroute, ${s.received} received, ${s.downloads_pending} downloads pending, ${s.downloads_given_up} given up${s.downloads_given_up > 0 ? ' (fetch them with `fetch-again`)' : ''}; last poll ${s.last_poll ?? 'never'}\n`,
          );
          process.stdout.write(`  ${STATE_WORDS[s.state]}${s.last_success ? `; every list answered since ${s.last_success}` : ''}\n`);
          process.stdout.write(`  Folder: ${s.root}\n`);
          for (const p of s.problems) {
            process.stdout.write(
              `  Needs attention: ${s.account}: ${p.what}${p.since ? ` (since ${p.since})` : ''}. What to do: ${p.todo}.\n`,
            );
            if (p.detail) process.stdout.write(`    ${p.detail}\n`);
          }
        }
      } finally {
        await cli.close();
      }
    });

  const outbox = program.command('outbox').description('what is queued, held or failed');
  outbox
    .command('list')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (o: { account?: string; json?: boolean }) => {
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const accounts = o.account ? [cli.engine.findAccount(o.account)].filter((a) => a !== undefined) : cli.engine.listAccounts();
        if (o.account && accounts.length === 0) throw new UsageError(`No account named "${o.account}"`);
        const rows = accounts.flatMap((a) =>
          cli.engine.store.outbox.listByStates(a.id, [...ACTIVE_OUTBOX_STATES, 'failed']).map((j) => ({ account: a.name, ...j })),
        );
        if (o.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        else
          for (const r of rows)
            process.stdout.write(`${r.id}\t${r.account}\t${r.state}\t${r.relPath}${r.lastError ? `\t${r.lastError}` : ''}\n`);
      } finally {
        await cli.close();
      }
    });
  outbox
    .command('force <id>')
    .description('send a file that was held back as a duplicate')
    .action(async (id: string) => {
      const cli = await openCli(globals());
      try {
        const { job, moved } = cli.engine.forceSend(Number(id));
        if (!job) throw new UsageError(`No outbox item ${id}`);
        if (!moved) throw new UsageError(`Outbox item ${id} is ${job.state}, not held back`);
        process.stdout.write(`Item ${id} (${job.relPath}) will be sent at the next sync\n`);
      } finally {
        await cli.close();
      }
    });

  program
    .command('fetch-again')
    .description('fetch again the received files that were given up after their tries')
    .option('--account <name>', 'only this account')
    .action(async (o: { account?: string }) => {
      const cli = await openCli(globals());
      try {
        const account = o.account ? cli.engine.findAccount(o.account) : undefined;
        if (o.account && !account) throw new UsageError(`No account named "${o.account}"`);
        const n = cli.engine.fetchAgain(account?.id);
        process.stdout.write(
          n === 0
            ? 'No received file was given up; nothing to fetch again.\n'
            : `${n} received file(s) will be fetched again at the next sync.\n`,
        );
      } finally {
        await cli.close();
      }
    });

  program
    .command('options')
    .description('sending options of an Outbox folder, as key=value words')
    .requiredOption('--account <name>')
    .requiredOption('--folder <folder>', 'such as Outbox/Invoices or Outbox/Documents/ORDER')
    .argument('[options...]', 'key=value; none: show the current options')
    .action(async (words: string[], o: { account: string; folder: string }) => {
      const cli = await openCli(globals());
      try {
        const account = cli.engine.findAccount(o.account);
        if (!account) throw new UsageError(`No account named "${o.account}"`);
        const folder = o.folder.replace(/\\/g, '/').replace(/\/+$/, '');
        const problem = optionFolderProblem(folder);
        if (problem) throw new UsageError(`--folder: ${problem}`);
        const allowed = fieldsOfFolder(folder);
        if (words.length) {
          try {
            cli.engine.setFolderOptions(account.id, folder, parseOptionWords(words, allowed));
          } catch (e) {
            const fields = e instanceof SendingOptionsError ? e.fields : {};
            const lines = Object.entries(fields).map(([k, m]) => `\n  ${k}: ${m}`);
            throw new UsageError(`${(e as Error).message}${lines.join('')}`);
          }
        }
        process.stdout.write(`${JSON.stringify(cli.engine.store.folderOptions.get(account.id, folder) ?? {}, null, 2)}\n`);
      } finally {
        await cli.close();
      }
    });
}
