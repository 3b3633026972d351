import type { Account, AccountPatch } from '../store/accounts';

/**
 * Whether a change of each field restarts the account's sync: its runner takes the account as it was
 * when it was made (the folder, the interval, the layout...), so a new value takes effect only in a new
 * runner. Pausing does not: the runner reads it at every pass. A new field of AccountPatch must be
 * placed here (the type says so).
 */
const RESTARTS: Record<keyof AccountPatch, boolean> = {
  name: true,
  baseUrl: true,
  root: true,
  pollIntervalS: true,
  markHandled: true,
  inboxLayout: true,
  remoteValidation: true,
  deleteRiAfterDownload: true,
  paused: false,
};

/** The fields of `patch` that differ from the account as it is, and whether they need its sync restarted. */
export function changesOf(before: Account, patch: AccountPatch): { changes: AccountPatch; restart: boolean } {
  const changes: Record<string, unknown> = {};
  let restart = false;
  for (const [field, value] of Object.entries(patch) as [keyof AccountPatch, unknown][]) {
    if (value === undefined || value === before[field]) continue;
    changes[field] = value;
    restart ||= RESTARTS[field];
  }
  return { changes: changes as AccountPatch, restart };
}
