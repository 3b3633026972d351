import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { APP_LANGUAGES } from '../../../shared/settings';
import { SYNTAX_LABELS, type ValidationReport } from '../../../shared/validation/report';
import { defaultDataDir } from '../paths';
import { RulesUnavailableError, type ValidationProfile, Validator } from '../validate';
import { allPacks, packsDirOf } from '../validate/pack-store';
import { DAY_RE, dayOf } from '../validate/packs';
import { packsLine, upcomingLines, validateWithPacks } from '../validate/packs-check';
import { type GlobalOptions, UsageError } from './context';
import { validateRemotely } from './validate-remote';

type Lang = (typeof APP_LANGUAGES)[number];
const LANGS: readonly Lang[] = APP_LANGUAGES;
const PROFILES: readonly ValidationProfile[] = ['auto', 'en16931', 'peppol'];

/** Exit codes: 0 every file valid, 1 a file breaks a rule (or is not an invoice), 2 a file could not be read. */
export function exitCodeOf(reports: readonly ValidationReport[]): 0 | 1 | 2 {
  if (reports.some((r) => r.status === 'unreadable')) return 2;
  return reports.some((r) => !r.valid) ? 1 : 0;
}

/** The --json form: one object per file. */
export function jsonOf(r: ValidationReport) {
  return {
    file: r.file,
    status: r.status,
    syntax: r.syntax,
    rulesets: r.rulesets.map((s) => s.id),
    ...(r.packs
      ? {
          checkedOn: r.checkedOn,
          packs: r.packs.map((p) => ({
            name: p.name,
            version: p.version,
            published: p.published,
            mandatoryFrom: p.mandatoryFrom,
            role: p.role,
          })),
        }
      : {}),
    ...(r.upcoming
      ? {
          upcoming: r.upcoming.map((u) => ({
            from: u.from,
            pack: `${u.pack.name} ${u.pack.version}`,
            breaks: u.breaks.map((i) => ({ id: i.id, location: i.location, ...(i.line === undefined ? {} : { line: i.line }) })),
            fixes: u.fixes,
            validThen: u.validThen,
          })),
        }
      : {}),
    valid: r.valid,
    ...(r.problem ? { problem: r.problem } : {}),
    ...(r.source === 'service' ? { source: 'service' } : {}),
    errors: r.issues.map((i) => ({
      id: i.id,
      flag: i.flag,
      location: i.location,
      ...(i.line === undefined ? {} : { line: i.line }),
      text: i.text,
    })),
  };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The report in words, for a terminal. */
export function textOf(r: ValidationReport, lang: Lang): string {
  const lines: string[] = [];
  if (r.status === 'unreadable') {
    lines.push(`${r.file}: could not be read. ${r.problem ?? ''}`.trimEnd());
    return `${lines.join('\n')}\n`;
  }
  const rules = r.rulesets.map((s) => s.title).join(', then ') || 'no rules';
  const verdict = r.valid ? 'valid' : 'NOT VALID';
  const counts = [plural(r.fatalCount, 'error'), plural(r.warningCount, 'warning')].join(', ');
  const by = r.source === 'service' ? ", says the service's validator" : '';
  lines.push(`${r.file}: ${verdict} (${SYNTAX_LABELS[r.syntax]}; ${rules}; ${counts})${by}`);
  const packs = packsLine(r);
  if (packs) lines.push(`  checked against: ${packs}`);
  for (const u of upcomingLines(r)) lines.push(`  ${u}`);
  for (const n of r.notes) lines.push(`  note: ${n.text}`);
  for (const i of r.issues) {
    lines.push(`  ${i.flag === 'fatal' ? 'error  ' : 'warning'} ${i.id}${i.line === undefined ? '' : ` at line ${i.line}`}: ${i.location}`);
    lines.push(`          ${i.text}`);
    const plain = i.explanation?.[lang];
    if (plain) lines.push(`          ${plain}`);
  }
  return `${lines.join('\n')}\n`;
}

export function validateCommand(program: Command, globals: () => GlobalOptions): void {
  program
    .command('validate')
    .description(
      "check invoice files against the official rules (EN 16931, Peppol BIS 3; Finvoice structure), offline, or with --remote by the service's validator",
    )
    .argument('<files...>', 'invoice XML files')
    .option('--json', 'print JSON: an array of {file, syntax, rulesets, valid, errors: [{id, flag, location, line, text}]}')
    .option('--lang <lang>', `language of the explanations: ${LANGS.join(', ')}`, 'en')
    .option('--profile <profile>', 'auto (Peppol rules when the customization id says so), en16931 or peppol', 'auto')
    .option('--remote', "ask the service's validator host instead (sends each file to it with the account's keys)")
    .option('--account <name>', 'with --remote: the account whose keys ask (default: the only one)')
    .option('--date <day>', 'check as if sent on this day (YYYY-MM-DD): the rule packs in force then, and the next ones')
    .action(
      async (files: string[], o: { json?: boolean; lang: string; profile: string; remote?: boolean; account?: string; date?: string }) => {
        if (o.date !== undefined && !(DAY_RE.test(o.date) && dayOf(Date.parse(o.date)) === o.date))
          throw new UsageError('--date must be a day written YYYY-MM-DD');
        if (!LANGS.includes(o.lang as Lang)) throw new UsageError(`--lang must be one of ${LANGS.join(', ')}`);
        if (!PROFILES.includes(o.profile as ValidationProfile)) throw new UsageError(`--profile must be one of ${PROFILES.join(', ')}`);
        if (o.account && !o.remote) throw new UsageError('--account goes with --remote: the local check needs no account');
        if (o.remote) {
          const run = await validateRemotely(files, { account: o.account, profile: o.profile as ValidationProfile }, globals());
          if (o.json) process.stdout.write(`${JSON.stringify(run.reports.map(jsonOf), null, 2)}\n`);
          else for (const r of run.reports) process.stdout.write(textOf(r, o.lang as Lang));
          if (run.failure) process.stderr.write(`einvoice-sync: ${run.failure}\n`);
          process.exitCode = run.failure ? 2 : exitCodeOf(run.reports);
          return;
        }
        const validator = new Validator({ workers: Math.min(files.length, availableParallelism(), 4) });
        const reports: ValidationReport[] = [];
        const packs = allPacks(packsDirOf(globals().data ?? defaultDataDir()));
        const day = o.date ?? dayOf(Date.now());
        try {
          // Every file is queued at once; the reports are printed in the order the files were named.
          const pending = files.map((f) =>
            validateWithPacks((input, opts) => validator.validate(input, opts), f, { profile: o.profile as ValidationProfile, packs, day }),
          );
          for (const p of pending) p.catch(() => undefined); // the first failure is thrown below; the rest are not lost
          for (const p of pending) {
            const r = await p;
            reports.push(r);
            if (!o.json) process.stdout.write(textOf(r, o.lang as Lang));
          }
        } catch (e) {
          if (e instanceof RulesUnavailableError) {
            process.stderr.write(`einvoice-sync: ${e.message}\n`);
            process.exitCode = 2;
            return;
          }
          throw e;
        } finally {
          await validator.close();
        }
        if (o.json) process.stdout.write(`${JSON.stringify(reports.map(jsonOf), null, 2)}\n`);
        process.exitCode = exitCodeOf(reports);
      },
    );
}
