import type { z } from 'zod';
import type { BridgeErrorView } from '../../shared/bridge';

export type FieldErrors = Record<string, string>;
/** The `t` of i18next, narrowed to what validation needs. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface IssueOptions {
  /**
   * Cross-field rules (zod refinements) left to the service: it checks them on the result of merging
   * the body into what it has saved, which only it knows; its 400 names the field and is shown there.
   */
  skipCustom?: boolean;
  /** Field path (or its last part) -> catalog key of a hint for a format the generic words miss. */
  hints?: Record<string, string>;
}

type Issue = z.core.$ZodIssue;

const EMPTY_MEANS_MISSING = new Set(['invalid_type', 'invalid_value', 'invalid_format', 'too_small']);

function message(issue: Issue, t: Translate, hint: string | undefined): string {
  const missing = 'input' in issue && (issue.input === undefined || issue.input === null || issue.input === '');
  if (missing && EMPTY_MEANS_MISSING.has(issue.code)) return t('validation.required');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return t('validation.number');
      return t('validation.type');
    case 'invalid_value':
      return t('validation.choice');
    case 'invalid_format':
      if (hint) return t(hint);
      if (issue.format === 'email') return t('validation.email');
      if (issue.format === 'url') return t('validation.url');
      if (issue.format === 'uuid' || issue.format === 'guid') return t('validation.uuid');
      if (issue.format === 'date') return t('validation.date');
      return t('validation.format');
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.minLength', { min: issue.minimum });
      if (issue.origin === 'array') return t('validation.minItems', { min: issue.minimum });
      return t('validation.min', { min: issue.minimum });
    case 'too_big':
      if (issue.origin === 'string') return t('validation.maxLength', { max: issue.maximum });
      if (issue.origin === 'array') return t('validation.maxItems', { max: issue.maximum });
      return t('validation.max', { max: issue.maximum });
    case 'unrecognized_keys':
      return t('validation.unknown');
    default:
      return hint ? t(hint) : t('validation.invalid');
  }
}

/** A zod failure as one localized message per field path (the first issue of a field wins). */
export function issuesToErrors(issues: readonly Issue[], t: Translate, opts: IssueOptions = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    if (opts.skipCustom && issue.code === 'custom') continue;
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) out[path ? `${path}.${k}` : k] ??= message(issue, t, undefined);
      continue;
    }
    const last = issue.path.length ? String(issue.path[issue.path.length - 1]) : '';
    const hint = opts.hints?.[path] ?? opts.hints?.[last];
    out[path] ??= message(issue, t, hint);
  }
  return out;
}

/** Validates with a schema; answers the field errors (empty when the value passes). */
export function validate(schema: z.ZodType, value: unknown, t: Translate, opts: IssueOptions = {}): FieldErrors {
  const r = schema.safeParse(value, { reportInput: true });
  return r.success ? {} : issuesToErrors(r.error.issues, t, opts);
}

/**
 * The fields a failed command names: the bridge's `fields`, or the service's 400 `details` written
 * `path: what is wrong`. Prefixes such as `settings.` or `body.` (how the command nests the body)
 * are taken off so the path matches the form's. Lines that name no field stay in `rest`.
 */
export function serverFieldErrors(view: BridgeErrorView, prefixes: readonly string[] = []): { fields: FieldErrors; rest: string[] } {
  const strip = (path: string) => {
    for (const p of prefixes) if (path.startsWith(p)) return path.slice(p.length);
    return path;
  };
  const fields: FieldErrors = {};
  for (const [path, msg] of Object.entries(view.fields ?? {})) fields[strip(path)] ??= msg;
  const rest: string[] = [];
  for (const line of view.details ?? []) {
    for (const part of line.split('; ')) {
      const m = /^([A-Za-z0-9_[\].-]+): (.+)$/.exec(part);
      if (m?.[1] && m[2]) fields[strip(m[1])] ??= m[2];
      else rest.push(part);
    }
  }
  return { fields, rest };
}
