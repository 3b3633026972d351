import { FEEDS, type FeedName, type FeedRecord } from '../../../shared/account-health';
import type { Store } from '../store';

/** The cursor row (store/cursors.ts) that keeps each feed's last answers, for every process that shows health. */
export const FEED_HEALTH_CURSOR = 'feed_health';

/** The poll steps that are feeds (poll-feeds.ts names its steps so), and which feed each is. */
export const FEED_OF_STEP: Readonly<Record<string, FeedName>> = {
  'Received invoices': 'receivedInvoices',
  'Sent invoices': 'sentInvoices',
  'Received documents': 'receivedDocuments',
  'Sent documents': 'sentDocuments',
  'Bank messages': 'bankMessages',
};

/** The kept records, or null when there are none (or they do not parse: an older build's row is no record). */
export function parseFeedHealth(value: string | undefined): Partial<Record<FeedName, FeedRecord>> | null {
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(value) as Record<string, Partial<FeedRecord>>;
    const out: Partial<Record<FeedName, FeedRecord>> = {};
    for (const feed of FEEDS) {
      const r = parsed?.[feed];
      if (!r || typeof r !== 'object') continue;
      const time = (t: unknown) => (typeof t === 'number' && Number.isFinite(t) ? t : null);
      out[feed] = { okAt: time(r.okAt), failedAt: time(r.failedAt), error: typeof r.error === 'string' ? r.error : null };
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Keeps what each feed of this poll answered (null: it answered; a string: how it failed), on top of
 * what earlier polls kept: a feed this poll did not ask (a 429 pause) keeps its record. One write per poll.
 */
export function recordFeeds(
  store: Pick<Store, 'cursors'>,
  accountId: string,
  answered: ReadonlyMap<FeedName, string | null>,
  now: number,
): void {
  if (answered.size === 0) return;
  const kept = parseFeedHealth(store.cursors.get(accountId, FEED_HEALTH_CURSOR)) ?? {};
  for (const [feed, error] of answered) {
    const before = kept[feed] ?? { okAt: null, failedAt: null, error: null };
    kept[feed] = error === null ? { ...before, okAt: now, error: null } : { ...before, failedAt: now, error };
  }
  store.cursors.set(accountId, FEED_HEALTH_CURSOR, JSON.stringify(kept));
}
