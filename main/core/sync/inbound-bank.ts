import { BANK_MESSAGE_KINDS } from '../../../shared/enums';
import type { SyncContext } from './context';

/**
 * Where each feed's last window ended, on the service's clock (its Date header) or, where the service
 * gives no Date, on ours. Earlier versions kept `bank.<kind>.until` on the local clock alone, which a
 * clock hours ahead had pushed past messages never listed; those positions are not trusted, so the
 * first poll after the update lists the first window again (ids already here are not fetched twice).
 */
const CURSOR = (kind: string) => `bank.${kind}.service_until`;
/** Bank messages may surface a while after their timestamp: each window starts this much earlier. */
export const OVERLAP_MS = 60 * 60_000;
export const FIRST_WINDOW_MS = 90 * 24 * 3600_000;

export interface BankWindow {
  start: number;
  end: number;
  /** The saved position was unreadable or after `now`, and the first window is listed again. */
  healed: boolean;
}

/**
 * The window to list: from the saved position less the overlap to `now`, the service's time. A saved
 * position after `now` was taken on a clock that ran ahead (or the clock is behind now): nobody can
 * tell how much was skipped, so rather than ask a window that runs backwards (which the service
 * refuses) the whole first window is listed again.
 */
export function bankWindow(saved: string | undefined, now: number): BankWindow {
  const until = saved === undefined ? Number.NaN : Date.parse(saved);
  if (!Number.isFinite(until) || until > now) return { start: now - FIRST_WINDOW_MS, end: now, healed: saved !== undefined };
  return { start: until - OVERLAP_MS, end: now, healed: false };
}

/**
 * Finnish bank messages (RI, sent and error messages) by time window. Lists answer ids only; new ids
 * become download jobs for their content. Needs the fi_bank_message:receive scope: without it the
 * feed is skipped quietly (most companies never use consumer invoicing).
 *
 * Every window ends at the service's time, never ours: a message is stamped by the service, and a
 * window that ended hours in the service's future (a clock ahead) would move the position past
 * messages yet to come, further than the overlap reaches back.
 */
export async function pollBankMessages(ctx: SyncContext, signal?: AbortSignal): Promise<{ fresh: string[]; requests: number }> {
  const { store, account, api } = ctx;
  if (!api.client.grantedScopes.has('fi_bank_message:receive')) return { fresh: [], requests: 0 };
  // The feeds asked before this one have brought the service's Date; without one (a service that
  // sends none), our own clock is all there is.
  const serviceNow = () => api.client.serviceNow() ?? ctx.now();
  const fresh: string[] = [];
  let requests = 0;
  for (const kind of BANK_MESSAGE_KINDS) {
    const saved = store.cursors.get(account.id, CURSOR(kind));
    const w = bankWindow(saved, serviceNow());
    const ids = await api.bankMessages.list(kind, { start: iso(w.start), end: iso(w.end) }, undefined, signal);
    requests++;
    // The answer's own Date may show the window's end was past the service's time (no Date before it):
    // the position never goes beyond what the service has seen.
    const until = Math.min(w.end, serviceNow());
    store.transaction(() => {
      for (const id of ids) if (store.bankMessages.enqueue(account.id, kind, id).created) fresh.push(`${kind}:${id}`);
      store.cursors.set(account.id, CURSOR(kind), iso(until));
      if (w.healed) noteHealed(ctx, kind, saved, w);
    });
  }
  for (const id of fresh) ctx.events.emit('received', { accountId: account.id, kind: 'bank_message', id });
  return { fresh, requests };
}

const iso = (ms: number) => new Date(ms).toISOString();

function noteHealed(ctx: SyncContext, kind: string, saved: string | undefined, w: BankWindow): void {
  const message =
    `Bank messages (${kind}) of ${ctx.account.name}: the last listed time ${saved} is after the service's time ${iso(w.end)}, ` +
    `so a clock was wrong; the last ${FIRST_WINDOW_MS / 86_400_000} days were listed again (messages already here are not fetched twice)`;
  ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'bank.window_healed', message, ref: kind });
  ctx.log.warn(message, { account: ctx.account.name });
}
