import type { z } from 'zod';
import type { BridgeErrorView } from '../../../shared/bridge/views';
import { EnvironmentError } from '../api/environments';
import { ServiceError } from '../api/errors';
import type { Logger } from '../log';

/** A failure a handler means to show as it is (bad reference, refused change), not a bug. */
export class CommandError extends Error {
  constructor(readonly view: BridgeErrorView) {
    super(view.message);
    this.name = 'CommandError';
  }
}

export const invalid = (message: string, fields?: Record<string, string>) => new CommandError({ kind: 'invalid', message, fields });
export const needsUser = (message: string) => new CommandError({ kind: 'user', message });
/** The official rules cannot be loaded here: the installation's problem, which no service call fixes (code `rules_unavailable`). */
export const rulesUnavailable = (message: string) => new CommandError({ kind: 'user', code: 'rules_unavailable', message });
/** The user cancelled what they asked for (a check): code `cancelled`, which the page says in its own words. */
export const cancelled = (message: string) => new CommandError({ kind: 'skip', code: 'cancelled', message });

/**
 * The service's `details` lines that name a field ("address.country: must be a 2-letter country
 * code") as field path -> message; several lines for one field are joined. Lines without a field
 * (401 reasons such as token_expired) are not fields and stay in `details` only.
 */
export function fieldsFromDetails(details: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of details) {
    const m = /^([A-Za-z_][\w.[\]-]*):\s+(.+)$/s.exec(line);
    if (!m?.[1] || !m[2]) continue;
    fields[m[1]] = fields[m[1]] ? `${fields[m[1]]}; ${m[2]}` : m[2];
  }
  return fields;
}

/** Our own validation of a command's input, in the same shape as the service's field errors. */
export function invalidInput(error: z.ZodError): BridgeErrorView {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !fields[path]) fields[path] = issue.message;
  }
  const firstIssue = error.issues[0];
  const where = firstIssue?.path.length ? `${firstIssue.path.map(String).join('.')}: ` : '';
  return { kind: 'invalid', message: `The input is not valid (${where}${firstIssue?.message ?? 'unknown problem'})`, fields };
}

const INTERNAL_MESSAGE = 'Something went wrong inside the app; the log has the details';

/** Any failure as the renderer sees it. Unexpected ones are logged in full and answered generically. */
export function toErrorView(e: unknown, command: string, log: Logger): BridgeErrorView {
  if (e instanceof CommandError) return e.view;
  if (e instanceof ServiceError) {
    const fields = fieldsFromDetails(e.details);
    return {
      kind: e.kind,
      message: e.message,
      status: e.status,
      code: e.code,
      details: e.details,
      ...(Object.keys(fields).length ? { fields } : {}),
    };
  }
  if (e instanceof EnvironmentError) return { kind: 'user', message: e.message };
  const err = e instanceof Error ? e : new Error(String(e));
  log.error('bridge command failed', { command, error: err.message, stack: err.stack });
  return { kind: 'internal', message: INTERNAL_MESSAGE };
}
