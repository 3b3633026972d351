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

/**
 * The limits of a check, from the environment where set: EINVOICE_CHECK_MAX_BYTES (the largest file
 * checked), EINVOICE_CHECK_TIME_MS and EINVOICE_CHECK_TIME_PER_MB_MS (the time limit, validator.ts),
 * EINVOICE_CHECK_MEMORY_MB (each worker's heap). A test makes a small file "too large" with them, and a
 * machine short of memory can lower the cap.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv): ValidatorOptions {
  const num = (name: string) => {
    const n = Number(env[name]);
    return env[name] && Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const o: ValidatorOptions = {};
  const maxBytes = num('EINVOICE_CHECK_MAX_BYTES');
  const timeoutMs = num('EINVOICE_CHECK_TIME_MS');
  const timeoutPerMbMs = num('EINVOICE_CHECK_TIME_PER_MB_MS');
  const memory = num('EINVOICE_CHECK_MEMORY_MB');
  if (maxBytes !== undefined) o.maxBytes = maxBytes;
  if (timeoutMs !== undefined) o.timeoutMs = timeoutMs;
  if (timeoutPerMbMs !== undefined) o.timeoutPerMbMs = timeoutPerMbMs;
  if (memory !== undefined) o.workerMemoryMb = o.largeWorkerMemoryMb = Math.max(64, memory);
  return o;
}

/** The process's validator, made with `options` (over the environment's limits) the first time; later options are ignored. */
export function defaultValidator(options?: ValidatorOptions): Validator {
  shared ??= new Validator({ ...limitsFromEnv(process.env), ...options });
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
