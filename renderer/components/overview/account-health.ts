import type { AccountStatusView, SyncState } from '../../../shared/bridge';

/** What the Overview says of an account's health: its state, why, and when its sync last went through. */
export interface AccountHealth {
  state: SyncState;
  /** The runner's own words for the state, when it has any. */
  message: string | null;
  /** When the account's feeds were last read without an error; null: not yet. */
  lastSuccess: string | null;
}

/**
 * The one place the Overview's table and card read an account's health from: the host's derivation
 * (shared/account-health.ts, carried in `sync.status`), so the table, the card, the tray and `status`
 * never disagree.
 */
export function accountHealth(s: AccountStatusView): AccountHealth {
  return { state: s.health.state, message: s.message, lastSuccess: s.health.lastSuccessAt };
}

/** How much a state asks of a person, the most first (a pause stays until someone resumes it; a sync ends by itself): the state column sorts by it. */
export const STATE_RANK: Record<SyncState, number> = { needs_user: 0, offline: 1, paused: 2, syncing: 3, idle: 4 };
export const SYNC_STATES = Object.keys(STATE_RANK) as SyncState[];
