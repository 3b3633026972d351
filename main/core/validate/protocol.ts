import type {
  CheckPhase,
  CompiledRulesetId,
  InvoiceSyntax,
  IssueFlag,
  RulesetId,
  RulesetRun,
  ValidationNote,
} from '../../../shared/validation/report';
import type { ValidationProfile } from './detect';

// The messages between a Validator (validator.ts) and its worker threads (worker.ts).

export interface WorkerInit {
  /** The folder with manifest.json and the compiled stylesheets. */
  rulesDir: string;
  /** vendor/validation/ when the app runs from its sources: a stale compile is then refused. */
  vendorDir: string | null;
  maxBytes: number;
  /** What the user can do when the rules cannot be loaded, said after the reason (validator.ts rulesAdvice). */
  advice: string;
}

/**
 * Which of the rule sets a file needs a worker runs when the file is split over two workers: `first`
 * the first set (EN 16931), and everything for a file that has no rule sets (Finvoice, not an
 * invoice); `rest` the others (Peppol's). Without a part, a worker runs them all.
 */
export type JobPart = 'first' | 'rest';

/** A rule set's stylesheet from an installed rule pack (pack-store.ts), run in place of the one the app ships. */
export interface SheetRef {
  path: string;
  sha256: string;
  title: string;
  version: string;
}

export interface ValidateJob {
  id: number;
  /** Rule sets run from an installed pack instead of build/rules. */
  sheets?: Partial<Record<CompiledRulesetId, SheetRef>>;
  /** Only these of the rule sets that apply are run (the check against the next packs, packs-check.ts). */
  only?: CompiledRulesetId[];
  /** Read by the worker, so a queue of paths holds no file contents. */
  path?: string;
  bytes?: Uint8Array;
  profile: ValidationProfile;
  part?: JobPart;
}

export interface WorkerFinding {
  id: string;
  flag: IssueFlag;
  ruleset: RulesetId;
  xpath: string;
  location: string;
  line?: number;
  text: string;
}

export interface WorkerReport {
  id: number;
  ok: true;
  syntax: InvoiceSyntax;
  customizationId: string | null;
  rulesets: RulesetRun[];
  findings: WorkerFinding[];
  notes: ValidationNote[];
  /** The worker's heap after the file: a worker that grew too much is replaced. */
  heapBytes: number;
}

/**
 * unreadable: the file (not XML, a DTD ...); size: larger than the check takes; rules: the compiled rules
 * are missing or stale; internal: anything else.
 */
export type FailureKind = 'unreadable' | 'size' | 'rules' | 'internal';

export interface WorkerFailure {
  id: number;
  ok: false;
  kind: FailureKind;
  message: string;
  heapBytes: number;
}

/**
 * A worker began a phase of a file (progress.ts estimates from these): its size, and every phase it is
 * going to run, in order. Posted between phases: SaxonJS says nothing while a rule set runs.
 */
export interface WorkerStep {
  id: number;
  step: CheckPhase;
  phases: CheckPhase[];
  bytes: number;
}

export type WorkerAnswer = WorkerReport | WorkerFailure | WorkerStep;
