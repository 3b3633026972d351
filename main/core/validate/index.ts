// Local validation of invoices against the official rules (EN 16931, Peppol BIS 3; Finvoice's structure),
// offline, before a file leaves. See validator.ts for how it runs and scripts/build-rules.ts for how the
// rules are compiled.
import type { ValidationReport } from '../../../shared/validation/report';
import { type ValidateOptions, Validator, type ValidatorOptions } from './validator';

export type { ValidationProfile } from './detect';
export { RulesUnavailableError } from './errors';
export { MAX_VALIDATE_BYTES } from './input';
export {
  findRules,
  IDLE_RELEASE_MS,
  type RulesOrigin,
  rulesAdvice,
  type ValidateOptions,
  ValidationCancelledError,
  Validator,
  type ValidatorOptions,
} from './validator';

let shared: Validator | null = null;

/** The process's validator, made with `options` the first time (later options are ignored). */
export function defaultValidator(options?: ValidatorOptions): Validator {
  shared ??= new Validator(options);
  return shared;
}

/**
 * Validates one invoice file (a path, or its bytes) with the process's validator: tells its syntax, runs
 * the rule sets that apply, and answers what is broken, where, and what it means.
 */
export function validateFile(input: string | Uint8Array, opts: ValidateOptions = {}): Promise<ValidationReport> {
  return defaultValidator().validate(input, opts);
}

/** Stops the process's validator's workers (the next validateFile starts new ones). */
export async function closeDefaultValidator(): Promise<void> {
  const v = shared;
  shared = null;
  await v?.close();
}
