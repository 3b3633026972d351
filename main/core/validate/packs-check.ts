import type {
  CompiledRulesetId,
  RulePackRef,
  UpcomingCheck,
  ValidationIssue,
  ValidationProgress,
  ValidationReport,
} from '../../../shared/validation/report';
import { type PackSelection, type RulePack, refOf, selectPacks } from './packs';
import type { SheetRef } from './protocol';
import type { ValidateOptions } from './validator';

/**
 * A file checked against the rule packs of a day: the packs in force decide (the report's findings are
 * theirs), and the rule sets that have a next pack are run again with it, so the report tells what the
 * file will break, or no longer break, from the day that pack becomes mandatory.
 */

type Validate = (input: string | Uint8Array, o: ValidateOptions) => Promise<ValidationReport>;

function sheetsOf(packs: Partial<Record<CompiledRulesetId, RulePack>>): Partial<Record<CompiledRulesetId, SheetRef>> {
  const out: Partial<Record<CompiledRulesetId, SheetRef>> = {};
  for (const [id, p] of Object.entries(packs) as [CompiledRulesetId, RulePack][]) {
    const s = p.sheets[id];
    if (s) out[id] = { path: s.path, sha256: s.sha256, title: s.title, version: p.version };
  }
  return out;
}

const samePlace = (a: ValidationIssue, b: ValidationIssue) => a.id === b.id && a.location === b.location;

export async function validateWithPacks(
  validate: Validate,
  input: string | Uint8Array,
  o: ValidateOptions & { packs: readonly RulePack[]; day: string },
): Promise<ValidationReport> {
  const sel = selectPacks(o.packs, o.day);
  const { packs: _packs, day: _day, onProgress, ...opts } = o;
  // One progress over both checks: the packs in force take the first part, the next packs the rest.
  let last: ValidationProgress | null = null;
  const share = Object.keys(sel.next).length ? IN_FORCE_SHARE : 1;
  const scaled = (from: number, part: number) =>
    onProgress &&
    ((p: ValidationProgress) => {
      last = { phase: p.phase, percent: Math.max(last?.percent ?? 0, Math.floor(from + p.percent * part)) };
      onProgress(last);
    });
  const first = scaled(0, share);
  const report = await validate(input, { ...opts, sheets: sheetsOf(sel.inForce), ...(first ? { onProgress: first } : {}) });
  const rest = scaled(share * 100, 1 - share);
  const checked = await withUpcoming(report, sel, (only, next) =>
    validate(input, { ...opts, sheets: sheetsOf(next), only, ...(rest ? { onProgress: rest } : {}) }),
  );
  const end = last as ValidationProgress | null;
  if (onProgress && end && end.percent < 100) onProgress({ phase: end.phase, percent: 100 });
  return checked;
}

/** The share of a file's progress its check against the packs in force takes when a next pack is checked too. */
const IN_FORCE_SHARE = 0.8;

/** The report with the packs it names and what each next pack says, for the rule sets it ran. */
async function withUpcoming(
  report: ValidationReport,
  sel: PackSelection,
  rerun: (only: CompiledRulesetId[], next: Partial<Record<CompiledRulesetId, RulePack>>) => Promise<ValidationReport>,
): Promise<ValidationReport> {
  const ran = report.rulesets.map((r) => r.id).filter((id): id is CompiledRulesetId => id in sel.inForce);
  const used = new Map<RulePack, RulePackRef>();
  for (const id of ran) {
    const p = sel.inForce[id];
    if (!used.has(p)) used.set(p, refOf(p, 'in-force'));
  }
  const withNext = ran.filter((id) => sel.next[id]);
  const upcoming: UpcomingCheck[] = [];
  if (withNext.length) {
    const then = await rerun(withNext, sel.next);
    const nexts = [...new Set(withNext.map((id) => sel.next[id] as RulePack))].sort((a, b) =>
      String(a.mandatoryFrom).localeCompare(String(b.mandatoryFrom)),
    );
    for (const p of nexts) {
      const ref = refOf(p, 'next');
      used.set(p, ref);
      const ids = withNext.filter((id) => sel.next[id] === p);
      const nowFatal = report.issues.filter((i) => i.flag === 'fatal' && ids.includes(i.ruleset as CompiledRulesetId));
      const thenFatal = then.issues.filter((i) => i.flag === 'fatal' && ids.includes(i.ruleset as CompiledRulesetId));
      const others = report.fatalCount - nowFatal.length;
      upcoming.push({
        pack: ref,
        from: p.mandatoryFrom ?? sel.day,
        breaks: thenFatal.filter((t) => !nowFatal.some((n) => samePlace(n, t))),
        fixes: [...new Set(nowFatal.filter((n) => !thenFatal.some((t) => samePlace(n, t))).map((n) => n.id))],
        validThen: report.syntax !== 'other' && report.status !== 'unreadable' && others + thenFatal.length === 0,
      });
    }
  }
  return {
    ...report,
    checkedOn: sel.day,
    packs: [...used.values()],
    ...(upcoming.length ? { upcoming } : {}),
  };
}

/** The report's packs in words, for the CLI, a note in Failed/ and the log: "EN 16931 business rules validation-1.3.16, ...". */
export function packsLine(r: ValidationReport): string {
  const now = (r.packs ?? []).filter((p) => p.role === 'in-force').map((p) => `${p.name} ${p.version}`);
  const next = (r.packs ?? []).filter((p) => p.role === 'next').map((p) => `${p.name} ${p.version} (mandatory from ${p.mandatoryFrom})`);
  if (!now.length) return '';
  return `${now.join(', ')}${r.checkedOn ? `, in force on ${r.checkedOn}` : ''}${next.length ? `; also checked against ${next.join(', ')}` : ''}`;
}

/** What a next pack changes, in words: "valid now; from 2025-08-25 it breaks PEPPOL-EN16931-R051". */
export function upcomingLines(r: ValidationReport): string[] {
  return (r.upcoming ?? []).flatMap((u) => {
    const rules = [...new Set(u.breaks.map((b) => b.id))];
    const now = r.valid ? 'valid now' : 'not valid now';
    const by = `${u.pack.name} ${u.pack.version}`;
    if (rules.length) return [`${now}; from ${u.from} it breaks ${rules.join(', ')} (${by})`];
    if (u.fixes.length && u.validThen) return [`${now}; from ${u.from} it passes (${by} no longer breaks ${u.fixes.join(', ')})`];
    return [];
  });
}
