import { FEEDS, type HealthFacts } from '../../shared/account-health';

/** The facts of an account every feed of which answered just now, with nothing waiting: up to date. */
export function healthyFacts(now: number, over: Partial<HealthFacts> = {}): HealthFacts {
  return {
    now,
    createdAt: now - 86_400_000,
    pollIntervalS: 60,
    paused: false,
    runner: { state: 'idle', message: null },
    feeds: Object.fromEntries(FEEDS.map((f) => [f, { okAt: now - 1000, failedAt: null, error: null }])),
    lastPollAt: now - 1000,
    keys: null,
    root: null,
    localFaults: [],
    unsent: { count: 0, oldestAt: null, overdue: 0, lastError: null },
    uploadsGivenUp: { count: 0, since: null, lastError: null },
    downloadsGivenUp: { count: 0, since: null },
    ...over,
  };
}

/** An account whose runner stopped on something only the user can answer. */
export const stoppedFacts = (now: number, message: string): HealthFacts => healthyFacts(now, { runner: { state: 'needs_user', message } });
