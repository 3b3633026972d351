import type { InvoiceSyntax, IssueFlag, RulesetId, RulesetRun, ValidationNote } from '../../../shared/validation/report';
import type { ValidationProfile } from './detect';

// The messages between a Validator (validator.ts) and its worker threads (worker.ts).

export interface WorkerInit {
  /** The folder with manifest.json and the compiled stylesheets. */
  rulesDir: string;
  /** vendor/validation/ when the app runs from its sources: a stale compile is then refused. */
  vendorDir: string | null;
  maxBytes: number;
}

export interface ValidateJob {
  id: number;
  /** Read by the worker, so a queue of paths holds no file contents. */
  path?: string;
  bytes?: Uint8Array;
  profile: ValidationProfile;
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
}

/** unreadable: the file (not XML, a DTD, too large ...); rules: the compiled rules are missing or stale; internal: anything else. */
export type FailureKind = 'unreadable' | 'rules' | 'internal';

export interface WorkerFailure {
  id: number;
  ok: false;
  kind: FailureKind;
  message: string;
}

export type WorkerAnswer = WorkerReport | WorkerFailure;
