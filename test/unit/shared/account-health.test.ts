import { describe, expect, it } from 'vitest';
import { accountHealth, FEEDS, problemWords } from '../../../shared/account-health';
import { healthyFacts } from '../../support/health-facts';

// The one answer to "is this account up to date?" that the card, the tray, `status` and "Needs a person" show.

const NOW = Date.parse('2026-05-04T12:00:00Z');
const MIN = 60_000;
const iso = (t: number) => new Date(t).toISOString();

describe('accountHealth', () => {
  it('is up to date only when every feed answered within two poll intervals and nothing waits', () => {
    const h = accountHealth(healthyFacts(NOW));
    expect(h).toMatchObject({ state: 'idle', upToDate: true, problems: [], lastSuccessAt: iso(NOW - 1000) });
    // The first feed to go stale is when time alone changes the answer.
    expect(h.recheckAt).toBe(iso(NOW - 1000 + 2 * MIN));
  });

  it('is behind once a feed has not answered for two intervals, since its last success, with its last error', () => {
    const feeds = Object.fromEntries(
      FEEDS.map((f) => [f, { okAt: NOW - 3 * MIN, failedAt: NOW - 5000, error: 'Could not reach the service' }]),
    );
    const h = accountHealth(healthyFacts(NOW, { feeds, runner: { state: 'idle', message: null } }));
    expect(h.state).toBe('offline');
    expect(h.upToDate).toBe(false);
    expect(h.problems).toEqual([
      expect.objectContaining({
        kind: 'serviceBehind',
        since: iso(NOW - 3 * MIN),
        feeds: [...FEEDS],
        detail: 'Could not reach the service',
        forPerson: true,
      }),
    ]);
    expect(problemWords(h.problems[0] as never).what).toBe('nothing could be fetched from the service');
    // A pass trying again meanwhile does not make it "Syncing": it is still behind.
    expect(accountHealth(healthyFacts(NOW, { feeds, runner: { state: 'syncing', message: null } })).state).toBe('offline');
    // One feed failing names that feed only.
    const one = accountHealth(
      healthyFacts(NOW, { feeds: { ...healthyFacts(NOW).feeds, bankMessages: { okAt: null, failedAt: NOW, error: 'x' } } }),
    );
    expect(one.problems[0]).toMatchObject({ kind: 'serviceBehind', feeds: ['bankMessages'], since: iso(NOW - 86_400_000) });
  });

  it('says a key that cannot be read, and not the stale feeds and waiting uploads that follow from it', () => {
    const h = accountHealth(
      healthyFacts(NOW, {
        runner: null,
        feeds: null,
        lastPollAt: null,
        keys: { reason: 'store', since: NOW - MIN, detail: 'needs a passphrase' },
        unsent: { count: 1, oldestAt: NOW - 10 * MIN, overdue: 1, lastError: null },
      }),
    );
    expect(h).toMatchObject({ state: 'needs_user', upToDate: false, lastSuccessAt: null });
    expect(h.problems.map((p) => p.kind)).toEqual(['keysUnreadable']);
    expect(h.problems[0]).toMatchObject({ reason: 'store', since: iso(NOW - MIN), detail: 'needs a passphrase' });
  });

  it('tells an upload not sent two intervals after it was queued, and files given up, each with its count and since', () => {
    const h = accountHealth(
      healthyFacts(NOW, {
        unsent: { count: 2, oldestAt: NOW - 5 * MIN, overdue: 1, lastError: 'The service is having trouble' },
        downloadsGivenUp: { count: 3, since: NOW - 7 * MIN },
        uploadsGivenUp: { count: 1, since: NOW - 8 * MIN, lastError: 'refused' },
      }),
    );
    expect(h.state).toBe('needs_user');
    expect(h.problems.map((p) => [p.kind, p.count, p.since])).toEqual([
      ['downloadsGivenUp', 3, iso(NOW - 7 * MIN)],
      ['uploadsGivenUp', 1, iso(NOW - 8 * MIN)],
      ['uploadOverdue', 1, iso(NOW - 5 * MIN)],
    ]);
    // An upload queued a moment ago is not overdue yet, but will be at a known time.
    const fresh = accountHealth(healthyFacts(NOW, { unsent: { count: 1, oldestAt: NOW - 1000, overdue: 0, lastError: null } }));
    expect(fresh.upToDate).toBe(true);
    expect(fresh.recheckAt).toBe(iso(NOW - 1000 + 2 * MIN));
  });

  it('is syncing, not behind, before the first poll has had its chance, and paused when paused', () => {
    const created = healthyFacts(NOW, { createdAt: NOW - 5000, feeds: {}, lastPollAt: null, runner: { state: 'idle', message: null } });
    expect(accountHealth(created)).toMatchObject({ state: 'syncing', upToDate: false, problems: [] });
    const stale = Object.fromEntries(FEEDS.map((f) => [f, { okAt: NOW - 60 * MIN, failedAt: null, error: null }]));
    expect(accountHealth(healthyFacts(NOW, { paused: true, feeds: stale }))).toMatchObject({ state: 'paused', problems: [] });
  });

  it("takes the runner's own word when nothing stored explains it", () => {
    const h = accountHealth(healthyFacts(NOW, { runner: { state: 'needs_user', message: 'Detect results: 2 wait for you' } }));
    expect(h.problems).toEqual([expect.objectContaining({ kind: 'syncStopped', detail: 'Detect results: 2 wait for you' })]);
    const r = accountHealth(healthyFacts(NOW, { runner: { state: 'offline', message: 'Sent invoices: timeout' } }));
    expect(r).toMatchObject({ state: 'offline', problems: [expect.objectContaining({ kind: 'retrying', forPerson: false })] });
  });
});
