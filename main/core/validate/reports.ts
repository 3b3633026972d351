import { explanationFor } from '../../../shared/validation/explanations';
import type { NotCheckedReason, ValidationIssue, ValidationReport } from '../../../shared/validation/report';
import type { WorkerReport } from './protocol';

// The ValidationReport a Validator answers, made of what its workers answered.

/** The file as the report names it, and when its validation was asked for (the report's `ms`). */
export interface Asked {
  file: string;
  started: number;
}

const byDocument = (a: ValidationIssue, b: ValidationIssue) =>
  (a.flag === b.flag ? 0 : a.flag === 'fatal' ? -1 : 1) || (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER);

/**
 * The answers of the workers that ran parts of one file's rule sets, in the order of the parts, as one:
 * the same rule sets, findings and notes in the same order as one worker running them all answers.
 */
export function joinParts(parts: readonly WorkerReport[]): WorkerReport {
  const [first] = parts;
  if (!first) throw new Error('No part answered');
  return {
    ...first,
    rulesets: parts.flatMap((p) => p.rulesets),
    findings: parts.flatMap((p) => p.findings),
    notes: parts.flatMap((p) => p.notes),
  };
}

export function toReport(p: Asked, r: WorkerReport): ValidationReport {
  const issues = r.findings
    .map((f): ValidationIssue => {
      const explanation = explanationFor(f.id);
      return {
        id: f.id,
        flag: f.flag,
        ruleset: f.ruleset,
        location: f.location,
        xpath: f.xpath,
        ...(f.line === undefined ? {} : { line: f.line }),
        text: f.text,
        ...(explanation ? { explanation } : {}),
      };
    })
    .sort(byDocument);
  const fatalCount = issues.filter((i) => i.flag === 'fatal').length;
  const valid = fatalCount === 0 && r.syntax !== 'other';
  return {
    file: p.file,
    status: valid ? 'valid' : 'invalid',
    valid,
    syntax: r.syntax,
    customizationId: r.customizationId,
    rulesets: r.rulesets,
    issues,
    fatalCount,
    warningCount: issues.length - fatalCount,
    problem: null,
    notes: r.notes,
    ms: performance.now() - p.started,
  };
}

/** A report of no rules run: the file cannot be read (`problem` says why), or was not checked for `notChecked`. */
export function unreadable(p: Asked, problem: string, notChecked?: NotCheckedReason): ValidationReport {
  return {
    ...(notChecked ? { notChecked } : {}),
    file: p.file,
    status: 'unreadable',
    valid: false,
    syntax: 'other',
    customizationId: null,
    rulesets: [],
    issues: [],
    fatalCount: 0,
    warningCount: 0,
    problem,
    notes: [],
    ms: performance.now() - p.started,
  };
}
