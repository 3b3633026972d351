import { COMPILED_RULESET_IDS, type CompiledRulesetId, type RulePackRef } from '../../../shared/validation/report';
import { RULESETS } from './rulesets';

/**
 * Rule packs: each official rule set the app can run belongs to a pack, one release of a family of rules
 * (EN 16931, Peppol BIS 3) with its publisher's dates. The app ships one pack per family
 * (BUILTIN_PACKS, compiled by build:rules); signed packs installed later (pack-archive.ts) sit beside
 * them. A file is checked against the pack in force on the day (the engine's clock) and, where the app
 * has it, against the next one too, so the report can say what breaks on the day that pack takes over.
 */

export const PACK_FAMILIES = ['EN16931', 'PEPPOL-BIS3'] as const;
export type PackFamily = (typeof PACK_FAMILIES)[number];

/** The family each compiled rule set belongs to. */
export const FAMILY_OF: Readonly<Record<CompiledRulesetId, PackFamily>> = {
  'EN16931-UBL': 'EN16931',
  'EN16931-CII': 'EN16931',
  'PEPPOL-BIS3-UBL': 'PEPPOL-BIS3',
  'PEPPOL-BIS3-CII': 'PEPPOL-BIS3',
};

/** One compiled rule set of a pack installed from an archive: its stylesheet and hash. */
export interface PackSheet {
  id: CompiledRulesetId;
  title: string;
  /** The compiled stylesheet (absolute path). */
  path: string;
  sha256: string;
}

export interface RulePack {
  family: PackFamily;
  name: string;
  version: string;
  published: string | null;
  mandatoryFrom: string | null;
  /** The rule sets it holds; a built-in pack's come from build/rules (no sheet), an installed one's from its folder. */
  rulesets: CompiledRulesetId[];
  sheets: Partial<Record<CompiledRulesetId, PackSheet>>;
  builtin: boolean;
}

const versionOf = (id: CompiledRulesetId) => RULESETS.find((r) => r.id === id)?.version ?? '';

/**
 * The packs the app ships, with their publishers' dates: EN 16931's releases name no day they become
 * mandatory (null: in force from the start); Peppol 3.0.19 was published 2025-05-21 and is mandatory
 * from 2025-08-25 (its release notes, vendor/validation/peppol-3.0.18/release-notes-3.0.19.adoc).
 */
export const BUILTIN_PACKS: readonly RulePack[] = [
  {
    family: 'EN16931',
    name: 'EN 16931 business rules',
    version: versionOf('EN16931-UBL'),
    published: '2026-04',
    mandatoryFrom: null,
    rulesets: ['EN16931-UBL', 'EN16931-CII'],
    sheets: {},
    builtin: true,
  },
  {
    family: 'PEPPOL-BIS3',
    name: 'Peppol BIS Billing 3.0',
    version: versionOf('PEPPOL-BIS3-UBL'),
    published: '2025-05-21',
    mandatoryFrom: '2025-08-25',
    rulesets: ['PEPPOL-BIS3-UBL', 'PEPPOL-BIS3-CII'],
    sheets: {},
    builtin: true,
  },
];

/** A day as the packs' dates are written (YYYY-MM-DD, UTC). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Which pack each rule set is run from on a day, and the next pack, where the app has one. */
export interface PackSelection {
  day: string;
  inForce: Record<CompiledRulesetId, RulePack>;
  next: Partial<Record<CompiledRulesetId, RulePack>>;
}

// A pack with no mandatory date counts as in force since always.
const fromOf = (p: RulePack) => p.mandatoryFrom ?? '0000-00-00';

/**
 * For each rule set: the pack in force on `day` (the one with the latest mandatory date on or before
 * it), and the next (the earliest after it). Before the first date of all, the earliest pack is used,
 * as nothing newer may be asked for yet. Packs of the same date: an installed one before a built-in one.
 */
export function selectPacks(packs: readonly RulePack[], day: string): PackSelection {
  const inForce = {} as Record<CompiledRulesetId, RulePack>;
  const next: Partial<Record<CompiledRulesetId, RulePack>> = {};
  for (const id of COMPILED_RULESET_IDS) {
    const have = packs
      .filter((p) => p.rulesets.includes(id))
      .sort((a, b) => fromOf(a).localeCompare(fromOf(b)) || Number(b.builtin) - Number(a.builtin));
    const due = have.filter((p) => fromOf(p) <= day);
    const chosen = due.at(-1) ?? have[0];
    if (!chosen) throw new Error(`No rule pack holds ${id}`);
    inForce[id] = chosen;
    const after = have.find((p) => fromOf(p) > day && fromOf(p) > fromOf(chosen));
    if (after) next[id] = after;
  }
  return { day, inForce, next };
}

/**
 * The key a report is stored under (validation_reports.rules, an outbox row's check_rules): every rule
 * set's version in force, and the next ones after `;next:`. With only the packs the app ships and no
 * next one, it is the key of the reports made before packs, which stay valid.
 */
export function rulesKeyOf(sel: PackSelection): string {
  const now = COMPILED_RULESET_IDS.map((id) => `${id}@${sel.inForce[id].version}`).join(',');
  const next = COMPILED_RULESET_IDS.flatMap((id) => {
    const p = sel.next[id];
    return p ? [`${id}@${p.version}`] : [];
  });
  return next.length ? `${now};next:${next.join(',')}` : now;
}

export function refOf(p: RulePack, role: RulePackRef['role']): RulePackRef {
  return { family: p.family, name: p.name, version: p.version, published: p.published, mandatoryFrom: p.mandatoryFrom, role };
}
