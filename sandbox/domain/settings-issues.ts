import type { ZodError, z } from 'zod';
import { ApiError } from '../http/errors';

/**
 * Zod issues in plain words, one `field.path: what is wrong` line each, for the `details` of a 400.
 * Used by every route of the company group (settings, profiles, users, notifications, lookups), so a
 * client can show each line next to its field.
 */
export function plainDetails(error: ZodError, prefix: readonly (string | number)[] = []): string[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path].map(String).join('.');
    const words = plainWords(issue);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => `${path ? `${path}.` : ''}${k}: ${words}`).join('; ');
    }
    return path ? `${path}: ${words}` : words;
  });
}

function plainWords(issue: z.core.$ZodIssue): string {
  // With reportInput the issue carries the input; a missing field (also a missing enum) has none.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'required';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'object') return 'must be an object';
      if (issue.expected === 'array') return 'must be a list';
      if (issue.expected === 'boolean') return 'must be true or false';
      if (issue.expected === 'number' || issue.expected === 'int') return 'must be a number';
      if (issue.expected === 'string') return 'must be text';
      return `must be ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'must be an e-mail address';
      if (issue.format === 'url') return 'must be a URL';
      return issue.message.startsWith('Invalid') ? `has the wrong format` : issue.message;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? 'must not be empty'
          : issue.message.startsWith('Too')
            ? `must be at least ${issue.minimum} characters`
            : issue.message;
      if (issue.origin === 'array') return issue.message.startsWith('Too') ? `must have at least ${issue.minimum} entries` : issue.message;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} entries`;
      return `must be at most ${issue.maximum}`;
    case 'unrecognized_keys':
      return 'unknown field';
    case 'invalid_union':
      return 'has the wrong form';
    default:
      return issue.message;
  }
}

type Schema<T> = {
  safeParse(v: unknown, params?: { reportInput?: boolean }): { success: true; data: T } | { success: false; error: ZodError };
};

/** Parse or throw a 400 whose details name each bad field in plain words. */
export function parsePlain<T>(
  schema: Schema<T>,
  value: unknown,
  opts: { code?: 'invalid_parameters'; prefix?: (string | number)[]; message?: string } = {},
): T {
  const r = schema.safeParse(value ?? {}, { reportInput: true });
  if (r.success) return r.data;
  throw new ApiError(400, opts.code, opts.message ?? 'The request has invalid parameters', plainDetails(r.error, opts.prefix));
}

/** A list query parameter given empty (`status=`) filters nothing, like one not given. */
export const nonEmpty = <T>(list: T[] | undefined): T[] | undefined => (list?.length ? list : undefined);
