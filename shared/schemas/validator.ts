import { z } from 'zod';
import { loose } from './common';

/**
 * The validator host's answer to POST {validator_url}/v1/validate. The spec shows neither its parameters
 * nor its answer; this is the sandbox's choice (sandbox/README.md, "Validator"), the same fields as the
 * command line's `validate --json` in the service's snake_case, with each rule set's version. Parsed
 * loosely: unknown fields are kept, and a rule set or syntax the app does not know is kept as named.
 */
export const validatorErrorSchema = loose({
  id: z.string().min(1),
  flag: z.enum(['fatal', 'warning']),
  ruleset: z.string().optional(),
  location: z.string(),
  xpath: z.string().optional(),
  line: z.number().int().positive().optional(),
  text: z.string(),
});

export const validatorRulesetSchema = loose({
  id: z.string().min(1),
  title: z.string().optional(),
  version: z.string(),
  business_rules: z.boolean().optional(),
});

export const validatorAnswerSchema = loose({
  file: z.string(),
  status: z.enum(['valid', 'invalid', 'unreadable']),
  valid: z.boolean(),
  syntax: z.string(),
  customization_id: z.string().nullable().optional(),
  rulesets: z.array(validatorRulesetSchema),
  errors: z.array(validatorErrorSchema),
  notes: z.array(loose({ code: z.string(), text: z.string() })).optional(),
  problem: z.string().nullable().optional(),
});
export type ValidatorAnswer = z.infer<typeof validatorAnswerSchema>;

/** The profiles the validator host takes (form field `profile`), as the local validator's. */
export const VALIDATOR_PROFILES = ['auto', 'en16931', 'peppol'] as const;
