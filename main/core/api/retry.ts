import {
  ExponentialBackoff,
  handleWhen,
  type IBackoff,
  type IBackoffFactory,
  type IRetryBackoffContext,
  type RetryPolicy,
  retry,
} from 'cockatiel';
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

/** Exponential backoff with decorrelated jitter (cockatiel), stretched to honour Retry-After. */
class RetryAfterBackoff implements IBackoffFactory<IRetryBackoffContext<unknown>> {
  constructor(
    private readonly inner: IBackoffFactory<unknown>,
    private readonly maxDelayMs: number,
  ) {}
  next(ctx: IRetryBackoffContext<unknown>): IBackoff<IRetryBackoffContext<unknown>> {
    const step = this.inner.next(ctx);
    const err = 'error' in ctx.result ? ctx.result.error : undefined;
    const asked = isServiceError(err) ? (err.retryAfterMs ?? 0) : 0;
    return {
      duration: Math.min(Math.max(step.duration, asked), Math.max(this.maxDelayMs, asked)),
      next: (c) => new RetryAfterBackoff(step, this.maxDelayMs).next(c),
    };
  }
}

/** Retries only `retry`-kind failures, and not a Retry-After too long to wait for in place. */
export function retryPolicy(opts: RetryOptions): RetryPolicy {
  return retry(
    handleWhen((e) => isServiceError(e) && e.kind === 'retry' && (e.retryAfterMs ?? 0) <= opts.maxRetryAfterMs),
    {
      maxAttempts: opts.maxRetries,
      backoff: new RetryAfterBackoff(
        new ExponentialBackoff({ initialDelay: opts.initialDelayMs, maxDelay: opts.maxDelayMs }),
        opts.maxDelayMs,
      ),
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
