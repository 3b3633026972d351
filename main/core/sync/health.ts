import { type AccountHealth, accountHealth, type KeysReason } from '../../../shared/account-health';
import type { SyncState } from '../../../shared/bridge/views';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import type { StoredHealth } from '../store/health-facts';
import { parseFeedHealth } from './feed-health';

/** The cursor row that says an account's API key could not be read, kept for `status` in another process. */
const KEYS_CURSOR = 'keys_unreadable';

export interface KeysProblem {
  reason: KeysReason;
  detail: string;
}

/**
 * Keeps whether the account's key could be read (null: it could), written only when that changes, so
 * the row's time is since when it holds. A read-only store (`status`) keeps nothing.
 */
export function rememberKeys(store: Store, accountId: string, problem: KeysProblem | null): void {
  if (store.db.readonly) return;
  const value = problem ? JSON.stringify(problem) : null;
  if ((store.cursors.get(accountId, KEYS_CURSOR) ?? null) === value) return;
  if (value === null) store.cursors.clear(accountId, KEYS_CURSOR);
  else store.cursors.set(accountId, KEYS_CURSOR, value);
}

function keysOf(stored: StoredHealth): { reason: KeysReason; since: number; detail: string } | null {
  const row = stored.cursors.keys_unreadable;
  if (!row) return null;
  try {
    const p = JSON.parse(row.value) as Partial<KeysProblem>;
    return { reason: p.reason === 'missing' ? 'missing' : 'store', since: row.at, detail: typeof p.detail === 'string' ? p.detail : '' };
  } catch {
    return { reason: 'store', since: row.at, detail: row.value };
  }
}

const timeOf = (iso: string | undefined): number | null => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(t) ? t : null;
};

/**
 * Every account's health (shared/account-health.ts) from what the store keeps and what its runner in
 * this process says: the card, the tray, `status` and "Needs a person" all read this one answer.
 */
export function healthOfAccounts(
  store: Store,
  accounts: readonly Account[],
  now: number,
  runnerOf: (accountId: string) => { state: SyncState; message: string | null } | null,
): Map<string, AccountHealth> {
  const all = store.healthFacts.all(now);
  const out = new Map<string, AccountHealth>();
  for (const a of accounts) {
    const stored = all.get(a.id) ?? store.healthFacts.empty();
    const c = stored.cursors;
    const faults = (['local_fault.downloads', 'local_fault.intake', 'local_fault.data'] as const).flatMap((k) => {
      const row = c[k];
      return row ? [{ since: row.at, detail: row.value }] : [];
    });
    out.set(
      a.id,
      accountHealth({
        now,
        createdAt: a.createdAt,
        pollIntervalS: a.pollIntervalS,
        paused: a.paused,
        runner: runnerOf(a.id),
        feeds: parseFeedHealth(c.feed_health?.value),
        lastPollAt: timeOf(c.last_poll_at?.value),
        keys: keysOf(stored),
        root: c.root_missing ? { since: c.root_missing.at, detail: c.root_missing.value } : null,
        localFaults: faults,
        rules: c['local_fault.rules'] ? { since: c['local_fault.rules'].at, detail: c['local_fault.rules'].value } : null,
        unsent: stored.unsent,
        uploadsGivenUp: stored.uploadsGivenUp,
        downloadsGivenUp: stored.downloadsGivenUp,
      }),
    );
  }
  return out;
}
