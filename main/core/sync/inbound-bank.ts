import { BANK_MESSAGE_KINDS } from '../../../shared/enums';
import type { SyncContext } from './context';

const CURSOR = (kind: string) => `bank.${kind}.until`;
/** Bank messages may surface a while after their timestamp: each window starts this much earlier. */
const OVERLAP_MS = 60 * 60_000;
const FIRST_WINDOW_MS = 90 * 24 * 3600_000;

/**
 * Finnish bank messages (RI, sent and error messages) by time window. Lists answer ids only; new ids
 * become download jobs for their content. Needs the fi_bank_message:receive scope: without it the
 * feed is skipped quietly (most companies never use consumer invoicing).
 */
export async function pollBankMessages(ctx: SyncContext, signal?: AbortSignal): Promise<{ fresh: string[]; requests: number }> {
  const { store, account, api } = ctx;
  if (!api.client.grantedScopes.has('fi_bank_message:receive')) return { fresh: [], requests: 0 };
  const now = ctx.now();
  const fresh: string[] = [];
  let requests = 0;
  for (const kind of BANK_MESSAGE_KINDS) {
    const until = store.cursors.get(account.id, CURSOR(kind));
    const start = until ? Date.parse(until) - OVERLAP_MS : now - FIRST_WINDOW_MS;
    const end = new Date(now).toISOString();
    const ids = await api.bankMessages.list(kind, { start: new Date(start).toISOString(), end }, undefined, signal);
    requests++;
    store.transaction(() => {
      for (const id of ids) if (store.bankMessages.enqueue(account.id, kind, id).created) fresh.push(`${kind}:${id}`);
      store.cursors.set(account.id, CURSOR(kind), end);
    });
  }
  for (const id of fresh) ctx.events.emit('received', { accountId: account.id, kind: 'bank_message', id });
  return { fresh, requests };
}
