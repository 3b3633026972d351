import type { APP_LANGUAGES } from '../settings';

type AppLanguage = (typeof APP_LANGUAGES)[number];

// What local validation answers (main/core/validate): plain JSON, the same for the CLI, the bridge and
// the renderer.

/** The kinds of file validation tells apart, from the document element and its namespace. */
export const INVOICE_SYNTAXES = ['ubl-invoice', 'ubl-credit-note', 'cii', 'finvoice', 'other'] as const;
export type InvoiceSyntax = (typeof INVOICE_SYNTAXES)[number];

export const SYNTAX_LABELS: Readonly<Record<InvoiceSyntax, string>> = {
  'ubl-invoice': 'UBL 2.1 Invoice',
  'ubl-credit-note': 'UBL 2.1 CreditNote',
  cii: 'UN/CEFACT CII',
  finvoice: 'Finvoice',
  other: 'not an invoice format the rules know',
};

/** The official rule sets, compiled ahead of time (vendor/validation/, npm run build:rules). */
export const COMPILED_RULESET_IDS = ['EN16931-UBL', 'EN16931-CII', 'PEPPOL-BIS3-UBL', 'PEPPOL-BIS3-CII'] as const;
export type CompiledRulesetId = (typeof COMPILED_RULESET_IDS)[number];
/**
 * Finvoice has no official machine-readable business rules: only its well-formedness and structure are
 * checked. The service's validator may name rule sets the app does not vendor: they are kept as named.
 */
export type RulesetId = CompiledRulesetId | 'FINVOICE-STRUCTURE' | (string & {});

export type IssueFlag = 'fatal' | 'warning';

/** A rule's meaning in plain words, in each language the app speaks. */
export type Explanation = Readonly<Record<AppLanguage, string>>;

/** One broken rule. */
export interface ValidationIssue {
  /** The rule's id as its rule set names it: BR-CO-15, PEPPOL-EN16931-R001, FINVOICE-03 ... */
  id: string;
  /** fatal: the invoice is refused by the rules; warning: it passes, but should be looked at. */
  flag: IssueFlag;
  ruleset: RulesetId;
  /** A readable path to the element the rule points at: /Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount. */
  location: string;
  /** The location as the rules gave it (an XPath); empty for our own checks. */
  xpath: string;
  /** The 1-based line of that element's start tag in the file, when it was found. */
  line?: number;
  /** The rule's official text (English). */
  text: string;
  /** What it means and what to do, for the rules users hit most. */
  explanation?: Explanation;
}

/** One rule set that was run over the file. */
export interface RulesetRun {
  id: RulesetId;
  title: string;
  version: string;
  /** False for Finvoice's structure check: no business rules (sums, VAT) were checked. */
  businessRules: boolean;
  ms: number;
}

export type ValidationStatus = 'valid' | 'invalid' | 'unreadable';

/**
 * Why a file was not checked though it may well be an invoice (status unreadable): beyond what the app
 * can check here (`size`: larger than the check takes; `time`: not done within its time limit;
 * `memory`: more than the workers' memory cap), or the user cancelled the check. The folder's mode
 * decides what happens to such a file (sync/validate-outbound.ts).
 */
export const NOT_CHECKED_REASONS = ['size', 'time', 'memory', 'cancelled'] as const;
export type NotCheckedReason = (typeof NOT_CHECKED_REASONS)[number];

/** A worker's phase: parsing the file, or running one rule set (its id). */
export type CheckPhase = 'parse' | CompiledRulesetId | 'FINVOICE-STRUCTURE';

/** How far a check is, estimated (main/core/validate/progress.ts): only grows, 100 when the report is there. */
export interface ValidationProgress {
  /** read: waiting or reading; parse; en16931 or peppol: that family's rules. */
  phase: 'read' | 'parse' | 'en16931' | 'peppol';
  percent: number;
}

/**
 * A rule pack a report was checked against (main/core/validate/packs.ts): one release of a family of
 * rules (EN 16931, Peppol BIS 3), with the dates its publisher gives it.
 */
export interface RulePackRef {
  /** EN16931 or PEPPOL-BIS3: packs of one family replace each other by date. */
  family: string;
  name: string;
  version: string;
  /** When its publisher published it (YYYY-MM-DD, or YYYY-MM when only the month is known). */
  published: string | null;
  /** The day from which it must be used (YYYY-MM-DD); null when its publisher gives none. */
  mandatoryFrom: string | null;
  /** in-force: the report's findings are this pack's; next: the file was also checked against it. */
  role: 'in-force' | 'next';
}

/** What the next pack of a family says of the file, from the day it becomes mandatory. */
export interface UpcomingCheck {
  pack: RulePackRef;
  /** The pack's mandatoryFrom. */
  from: string;
  /** Fatal findings the next pack has that the pack in force does not: the file breaks them from `from` on. */
  breaks: ValidationIssue[];
  /** Rules broken now that the next pack no longer breaks. */
  fixes: string[];
  /** Whether the file passes from `from` on (every other rule set as it is now). */
  validThen: boolean;
}

export interface ValidationNote {
  code: 'no-business-rules' | 'not-an-invoice' | 'wrapper';
  text: string;
}

export interface ValidationReport {
  /** The file's path, or the name given for a Buffer. */
  file: string;
  /**
   * valid: no fatal issue (warnings may remain); invalid: at least one fatal issue, or not an invoice;
   * unreadable: the file could not be read as XML at all (see `problem`), so no rule was run.
   */
  status: ValidationStatus;
  valid: boolean;
  syntax: InvoiceSyntax;
  /** UBL cbc:CustomizationID, CII GuidelineSpecifiedDocumentContextParameter/ID. */
  customizationId: string | null;
  rulesets: RulesetRun[];
  /** Fatal issues first, then warnings, each in document order. */
  issues: ValidationIssue[];
  fatalCount: number;
  warningCount: number;
  /** Why the file could not be read, in plain words (status unreadable only). */
  problem: string | null;
  /** Set when it was not checked for a reason other than the file (status unreadable only): see NotCheckedReason. */
  notChecked?: NotCheckedReason;
  notes: ValidationNote[];
  /** Wall time from the request to the answer. */
  ms: number;
  /** Who validated: the app's own rules (also when left out), or the service's validator host (remote validation). */
  source?: 'local' | 'service';
  /** The day (YYYY-MM-DD, the engine's clock) whose packs in force were used; absent on reports made before packs. */
  checkedOn?: string;
  /** The rule packs it was checked against: those in force on `checkedOn`, then the next ones. */
  packs?: RulePackRef[];
  /** One per next pack the file was checked against, in the order of their dates. */
  upcoming?: UpcomingCheck[];
}
