import { type DETECT_CHECK_ATTRIBUTES, DETECT_CHECKS, type DetectCheck } from '../../shared/enums';
import { codesOf, type ReasonResult, reasonText } from './detect-reasons';
import { EU_COUNTRIES } from './detect-registers';
import { CHECK_SOURCES, CHECK_TEXTS, DETECT_LANGS, type Localized } from './detect-texts';

export type CheckAttribute = (typeof DETECT_CHECK_ATTRIBUTES)[number];

const COLUMNS: readonly ReasonResult[] = ['NOT_APPLICABLE', 'FAILED', 'PENDING', 'WARNING', 'OK'];
const STATUS_OF: Record<ReasonResult, string> = {
  NOT_APPLICABLE: 'NOT_APPLICABLE',
  FAILED: 'RUN_FAILED',
  PENDING: 'PENDING',
  WARNING: 'RUN_SUCCESSFUL',
  OK: 'RUN_SUCCESSFUL',
};

const COUNTRIES: Partial<Record<DetectCheck, string[]>> = {
  SENDER_BID_STATUS: ['FI', 'NO'],
  VAT: ['NO', ...EU_COUNTRIES],
};

const translations = (t: Localized) => DETECT_LANGS.map((lang) => ({ lang, text: t[lang] }));

/** The check definition of unshown-parts.md, every attribute of the spec's list. */
export function checkDefinition(check: DetectCheck): Record<CheckAttribute, unknown> {
  const t = CHECK_TEXTS[check];
  const possible_results = COLUMNS.flatMap((result) =>
    codesOf(check, result).map((reason_code) => ({
      status: STATUS_OF[result],
      // An analysis still PENDING has an empty result.
      result: result === 'PENDING' ? '' : result,
      reason: reasonText(reason_code),
      reason_code,
    })),
  );
  const summary = COLUMNS.filter((r) => r !== 'PENDING')
    .map((r) => `${r}: ${codesOf(check, r).join(', ')}`)
    .join('; ');
  return {
    name: check,
    friendly_name: t.friendly_name.en,
    friendly_names: translations(t.friendly_name),
    title: t.title.en,
    titles: translations(t.title),
    description: t.description.en,
    descriptions: translations(t.description),
    doc_description: `${t.description.en} Runs on received invoices when enabled in on_invoice_receive, or on request through POST /v1/analysis. Results by reason code: ${summary}.`,
    resource_type: 'INVOICE',
    scope: 'analysis',
    scopes: ['analysis', 'invoice:receive'],
    sources: [...CHECK_SOURCES[check]],
    metadata: { version: 1, triggers: ['ON_INVOICE_RECEIVE', 'API'], countries: COUNTRIES[check] ?? null },
    possible_results,
  };
}

/** The definition limited to the asked attributes (all when none are asked; `name` always stays). */
export function pickAttributes(
  def: Record<CheckAttribute, unknown>,
  attrs: readonly CheckAttribute[] | undefined,
): Record<string, unknown> {
  if (!attrs || attrs.length === 0) return def;
  const out: Record<string, unknown> = { name: def.name };
  for (const a of attrs) out[a] = def[a];
  return out;
}

/** The definitions never change while the sandbox runs: built once, the unfiltered answer serialised once. */
export const DEFINITIONS: ReadonlyMap<DetectCheck, Readonly<Record<CheckAttribute, unknown>>> = new Map(
  DETECT_CHECKS.map((c) => [c, checkDefinition(c)]),
);
export const ALL_DEFINITIONS_JSON = JSON.stringify([...DEFINITIONS.values()]);
