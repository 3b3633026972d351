import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ExportResult } from '../sync/archive/export';
import type { ArchiveVerdict } from '../sync/archive/verify';
import { verifyZip } from '../sync/archive/verify-zip';
import { chosenAccount, type GlobalOptions, openCli, UsageError } from './context';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as the user typed it, checked to be one (2025-02-30 is not). */
function day(value: string, option: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!DAY.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw new UsageError(`${option} is a day written YYYY-MM-DD (such as 2025-01-31), not "${value}"`);
  return value;
}

const list = (title: string, paths: readonly string[]) =>
  paths.length === 0 ? '' : `${title} (${paths.length}):\n${paths.map((p) => `  ${p}\n`).join('')}`;

/** A verdict in plain words, what is wrong first. */
export function verdictText(v: ArchiveVerdict, what: string): string {
  const head = `${what}: ${v.files} file(s) sealed in ${v.entries} chain entries; last entry ${v.head.seq}, hash ${v.head.hash}\n`;
  if (v.ok) return `${head}Every file is as it was sealed. Nothing changed, missing or added.\n`;
  return (
    head +
    list('Changed since they were sealed', v.changed) +
    list('Missing', v.missing) +
    list('Added since (not kept by the app)', v.added) +
    list(
      'The chain itself is damaged',
      v.chain.map((p) => p.detail),
    )
  );
}

function exportText(r: ExportResult): string {
  const warn =
    list('Not exported: missing from the folder', r.missing) +
    list('Exported, but they changed since they were sealed (the zip will say so)', r.changed);
  return `Wrote ${r.path}: ${r.files} file(s), ${r.bytes} bytes; chain up to entry ${r.head.seq}, hash ${r.head.hash}\n${warn}`;
}

export function archiveCommands(program: Command, globals: () => GlobalOptions): void {
  const archive = program.command('archive').description('the sealed archive of every file kept for an invoice or document');
  archive
    .command('verify')
    .description('check the kept files against the archive chain (or an exported zip alone, with --zip): changed, missing or added since')
    .option('--account <name>', 'the account (needed when there is more than one)')
    .option('--zip <file>', 'check an export made with `archive export`; needs no data folder')
    .option('--json', 'print JSON')
    .action(async (o: { account?: string; zip?: string; json?: boolean }) => {
      if (o.zip) {
        const v = await verifyZip(resolve(o.zip)).catch((e: Error) => {
          throw new UsageError(`${o.zip} could not be checked: ${e.message}`);
        });
        process.stdout.write(
          o.json ? `${JSON.stringify(v, null, 2)}\n` : verdictText(v, `${o.zip} (${v.account ?? '?'}, ${v.from} to ${v.to})`),
        );
        if (!v.ok) process.exitCode = 1;
        return;
      }
      // Reads beside a running app (which entered what a crash left at its start); alone, it enters that first.
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const account = chosenAccount(cli, o.account);
        const v = await cli.engine.archive.verify(account.id);
        process.stdout.write(o.json ? `${JSON.stringify(v, null, 2)}\n` : verdictText(v, account.name));
        if (!v.ok) process.exitCode = 1;
      } finally {
        await cli.close();
      }
    });
  archive
    .command('export')
    .description(
      'write one zip of the files kept for a period, with a CSV index and the chain, that `archive verify --zip` checks anywhere',
    )
    .requiredOption('--from <day>', 'the first day, YYYY-MM-DD')
    .requiredOption('--to <day>', 'the last day, YYYY-MM-DD')
    .option('--account <name>', 'the account (needed when there is more than one)')
    .option('--out <dir>', 'the folder to write the zip into (default: Exports/ in the account folder)')
    .option('--json', 'print JSON')
    .action(async (o: { from: string; to: string; account?: string; out?: string; json?: boolean }) => {
      const from = day(o.from, '--from');
      const to = day(o.to, '--to');
      if (from > to) throw new UsageError(`--from (${from}) is after --to (${to})`);
      // Reads beside a running app (which entered what a crash left at its start); alone, it enters that first.
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const account = chosenAccount(cli, o.account);
        const r = await cli.engine.archive.export(account.id, from, to, o.out ? resolve(o.out) : undefined);
        process.stdout.write(o.json ? `${JSON.stringify(r, null, 2)}\n` : exportText(r));
      } finally {
        await cli.close();
      }
    });
}
