/** Base and cap of an exponential back-off, in milliseconds. */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/**
 * The app's one back-off: "full jitter" (a uniform delay between 0 and the exponential ceiling
 * base * 2^(n-1), capped), which spreads the retries of many clients best after an outage. Never
 * sooner than the service's Retry-After. `failures` counts the failed tries so far (1 after the first).
 *
 * A delay may be 0: callers that retry in a loop must not run the same job twice in one pass (the job
 * runner never does), or a string of quick failures burns every attempt at once.
 */
export function backoffDelay(policy: BackoffPolicy, failures: number, random: () => number, retryAfterMs: number | null = null): number {
  // 2^52 already exceeds every cap; clamping the exponent keeps the product finite.
  const exponent = Math.min(52, Math.max(0, failures - 1));
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  const jittered = Math.floor(random() * (ceiling + 1));
  return Math.max(Math.min(jittered, ceiling), retryAfterMs ?? 0);
}
