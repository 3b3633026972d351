import type { AccountHealth, HealthProblem } from '../../../shared/account-health';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import { noCounts } from '../store/status-counts';
import type { RunnerSnapshot, SyncStateName } from '../sync/account-runner';
import { healthOfAccounts } from '../sync/health';

export interface AccountStatus {
  account: Account;
  queued: number;
  /** Files waiting for the user's decision: held back as duplicates, or waiting after a refusal only they can fix. */
  held: number;
  sending: number;
  sent: number;
  failed: number;
  needsReroute: number;
  received: number;
  downloadsPending: number;
  /** Received files given up after their tries (offered again by "fetch again"). */
  downloadsFailed: number;
  lastPoll: string | null;
  /** What its sync is doing, as its runner last said (idle before it started, paused when paused). */
  state: SyncStateName;
  message: string | null;
  /** When it polls next, back-off included while the service fails; null when not running. */
  nextPoll: string | null;
  /** Until when the service asked the app to wait (a 429); null when it did not. */
  serviceWaitUntil: string | null;
  /** Whether it is up to date, and if not why (shared/account-health.ts): what every view shows. */
  health: AccountHealth;
}

type Snapshots = (accountId: string) => RunnerSnapshot | undefined;

/** Every account's health: the one answer the card, the tray, `status` and "Needs a person" show. */
export function healthOf(store: Store, accounts: readonly Account[], now: number, snapshot: Snapshots): Map<string, AccountHealth> {
  return healthOfAccounts(store, accounts, now, (id) => {
    const snap = snapshot(id);
    return snap ? { state: snap.state, message: snap.message } : null;
  });
}

/** Each account's counts, its sync's state and its health, as `status` and the Overview show them. */
export function statusOf(store: Store, accounts: readonly Account[], now: number, snapshot: Snapshots): AccountStatus[] {
  const counts = store.statusCounts.all();
  const health = healthOf(store, accounts, now, snapshot);
  return accounts.map((account) => {
    // Both read in this same synchronous turn, so every listed account is counted.
    const n = counts.get(account.id) ?? noCounts();
    const c = n.outbox;
    return {
      account,
      queued: c.queued,
      held: c.held_duplicate + c.needs_user,
      sending: c.uploading + c.uploaded + c.moving,
      sent: c.done,
      failed: c.failed,
      // Every sent invoice the service calls FAILED, whether it left through our Outbox or not.
      needsReroute: n.needsReroute,
      received: n.received,
      downloadsPending: n.downloadsPending,
      downloadsFailed: n.downloadsFailed,
      lastPoll: n.lastPoll,
      ...syncStateOf(account, snapshot(account.id)),
      health: health.get(account.id) as AccountHealth,
    };
  });
}

function syncStateOf(
  account: Account,
  snap: RunnerSnapshot | undefined,
): { state: SyncStateName; message: string | null; nextPoll: string | null; serviceWaitUntil: string | null } {
  const nextPoll = snap?.nextPollAt && !account.paused ? new Date(snap.nextPollAt).toISOString() : null;
  const serviceWaitUntil = snap?.serviceWaitUntil ? new Date(snap.serviceWaitUntil).toISOString() : null;
  return { state: account.paused ? 'paused' : (snap?.state ?? 'idle'), message: snap?.message ?? null, nextPoll, serviceWaitUntil };
}

/** What keeps an account from syncing that "Sync now" cannot end: its keys cannot be read, or its folder is gone. */
export function keepsFromSyncing(health: AccountHealth | undefined): HealthProblem | null {
  return health?.problems.find((p) => p.kind === 'keysUnreadable' || p.kind === 'rootMissing') ?? null;
}
