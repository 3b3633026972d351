import { handleWhen, type IBackoff, type IBackoffFactory, type IRetryBackoffContext, type RetryPolicy, retry } from 'cockatiel';
import { backoffDelay } from './backoff';
import { isServiceError } from './errors';

export interface RetryOptions {
  /** Retries after the first try. */
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for inside one call; the caller schedules it. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 4, initialDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/**
 * The app's one back-off (./backoff.ts: full jitter, capped) for cockatiel's in-call retries, never
 * sooner than the service's Retry-After.
 */
class FullJitterBackoff implements IBackoffFactory<IRetryBackoffContext<unknown>> {
  constructor(
    private readonly opts: RetryOptions,
    private readonly random: () => number,
  ) {}
  next(ctx: IRetryBackoffContext<unknown>): IBackoff<IRetryBackoffContext<unknown>> {
    const err = 'error' in ctx.result ? ctx.result.error : undefined;
    const asked = isServiceError(err) ? err.retryAfterMs : null;
    return {
      duration: backoffDelay({ baseMs: this.opts.initialDelayMs, capMs: this.opts.maxDelayMs }, ctx.attempt, this.random, asked),
      next: (c) => this.next(c),
    };
  }
}

/** Retries only `retry`-kind failures, and not a Retry-After too long to wait for in place. */
export function retryPolicy(opts: RetryOptions, random: () => number = Math.random): RetryPolicy {
  return retry(
    handleWhen((e) => isServiceError(e) && e.kind === 'retry' && (e.retryAfterMs ?? 0) <= opts.maxRetryAfterMs),
    {
      maxAttempts: opts.maxRetries,
      backoff: new FullJitterBackoff(opts, random),
    },
  );
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
