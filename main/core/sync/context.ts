import type { Api } from '../api';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import type { EngineEvents } from './events';

/** Everything one account's sync work needs, passed in (house.md #6). */
export interface SyncContext {
  store: Store;
  api: Api;
  account: Account;
  /** The app's private copies of queued files: <data>/spool/<account id>. */
  spoolDir: string;
  now: () => number;
  random: () => number;
  events: EngineEvents;
  log: Logger;
  /** How long a dropped file must stay unchanged before it is queued. */
  stableMs: number;
  /** Retry schedule of durable jobs: base and cap of the exponential backoff, in ms. */
  backoff: { baseMs: number; capMs: number };
}

/**
 * Next try of a durable job: exponential in its attempts with equal jitter (half of the delay fixed, half
 * random), so a retry never comes at once and burns its attempts in one pass; never before Retry-After.
 */
export function nextAttemptAt(ctx: SyncContext, attempts: number, retryAfterMs: number | null = null): number {
  const exp = Math.min(ctx.backoff.capMs, ctx.backoff.baseMs * 2 ** Math.max(0, attempts - 1));
  const delay = Math.max(retryAfterMs ?? 0, Math.round(exp / 2 + (ctx.random() * exp) / 2));
  return ctx.now() + delay;
}
