import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { defaultDataDir } from '../paths';
import { RulePackError } from '../validate/pack-archive';
import { allPacks, installedPacks, installPack, packsDirOf } from '../validate/pack-store';
import { dayOf, selectPacks } from '../validate/packs';
import type { GlobalOptions } from './context';

// npm run cli -- rules install FILE | rules list [--json]: the rule packs the app checks invoices with.

export function rulesCommands(program: Command, globals: () => GlobalOptions): void {
  const rules = program
    .command('rules')
    .description('the rule packs invoices are checked against (EN 16931, Peppol BIS 3), with their dates');
  rules
    .command('install')
    .description('install a signed rule pack (a newer or older release of the rules), without a new version of the app')
    .argument('<file>', 'the rule pack file')
    .action(async (file: string) => {
      const dir = packsDirOf(globals().data ?? defaultDataDir());
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch (e) {
        process.stderr.write(`einvoice-sync: ${file} cannot be read: ${(e as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      try {
        const { pack, replaced } = installPack(bytes, dir);
        const from = pack.mandatoryFrom ? `, mandatory from ${pack.mandatoryFrom}` : '';
        process.stdout.write(`${replaced ? 'Installed again' : 'Installed'}: ${pack.name} ${pack.version}${from}.\n`);
      } catch (e) {
        if (!(e instanceof RulePackError)) throw e;
        process.stderr.write(`einvoice-sync: ${file} was not installed. ${e.message}\n`);
        process.exitCode = 1;
      }
    });
  rules
    .command('list')
    .description('the rule packs the app has, which is in force today and which comes next')
    .option('--json', 'print JSON')
    .option('--date <day>', 'as on this day (YYYY-MM-DD) rather than today')
    .action((o: { json?: boolean; date?: string }) => {
      const dir = packsDirOf(globals().data ?? defaultDataDir());
      const day = o.date ?? dayOf(Date.now());
      const packs = allPacks(dir);
      const sel = selectPacks(packs, day);
      const rows = packs.map((p) => {
        const inForce = Object.values(sel.inForce).includes(p);
        const next = Object.values(sel.next).includes(p);
        return {
          family: p.family,
          name: p.name,
          version: p.version,
          published: p.published,
          mandatoryFrom: p.mandatoryFrom,
          rulesets: p.rulesets,
          builtin: p.builtin,
          role: inForce ? 'in-force' : next ? 'next' : 'not used',
        };
      });
      const refused = installedPacks(dir).refused;
      if (o.json) {
        process.stdout.write(`${JSON.stringify({ day, packs: rows, refused }, null, 2)}\n`);
        return;
      }
      for (const r of rows)
        process.stdout.write(
          `${r.name} ${r.version} (${r.builtin ? 'comes with the app' : 'installed'}; published ${r.published ?? 'unknown'}; mandatory from ${r.mandatoryFrom ?? 'no date given'}): ${r.role === 'in-force' ? `in force on ${day}` : r.role === 'next' ? 'next' : 'not used'}\n`,
        );
      for (const r of refused) process.stdout.write(`${r.folder}: not used, ${r.reason}\n`);
    });
}
