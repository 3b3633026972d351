import type { FailureKind } from '../../../shared/errors';

/**
 * Every failure of a service call is one of the three kinds of shared/errors.ts, so callers decide
 * without looking at status codes: `skip` is 400, 404, 409, 413, 415 and 422.
 */
export type { FailureKind };

export class ServiceError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status: number | null,
    readonly code: string | null = null,
    readonly details: string[] = [],
    /** Milliseconds the service asked us to wait (Retry-After), when it did. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
  /** The reason in details[0] of 401/403 answers: token_expired, company_unverified, insufficient_scope... */
  get reason(): string | null {
    return this.details[0] ?? null;
  }
}

/**
 * No answer came at all: the service could not be reached, the connection closed or timed out before
 * an answer. The service refused nothing, so work that spends its tries on the service's answers (a
 * download) does not count this one toward giving up.
 */
export class NoAnswerError extends ServiceError {
  constructor(message: string, code: string) {
    super('retry', message, null, code);
    this.name = 'NoAnswerError';
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;

/** Plain-words messages for the statuses a user may meet. */
export function describeStatus(status: number, serviceMessage: string | undefined): string {
  const said = serviceMessage ? `: ${serviceMessage}` : '';
  if (status === 400) return `The service refused the request as invalid${said}`;
  if (status === 401) return `The service did not accept the credentials${said}`;
  if (status === 403) return `This account is not allowed to do that${said}`;
  if (status === 404) return `The service does not know this item${said}`;
  if (status === 409) return `The item is not in a state that allows this${said}`;
  if (status === 413) return `The file is too large for the service${said}`;
  if (status === 415) return `The service does not accept this kind of content${said}`;
  if (status === 422) return `The service could not process the item${said}`;
  if (status === 429) return `The service asked us to slow down${said}`;
  if (status >= 500) return `The service is having trouble (HTTP ${status})${said}`;
  return `The service answered HTTP ${status}${said}`;
}
