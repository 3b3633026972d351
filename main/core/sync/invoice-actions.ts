import type { RerouteEinvoiceBody, RerouteEmailBody, ReroutePrintBody } from '../../../shared/schemas/invoice';
import type { SyncContext } from './context';

/** A FAILED sent invoice's new route, with the body its endpoint takes. */
export type Reroute =
  | { method: 'einvoice'; body: RerouteEinvoiceBody }
  | { method: 'email'; body: RerouteEmailBody }
  | { method: 'print'; body: ReroutePrintBody };

const BY = { einvoice: 'e-invoice', email: 'e-mail', print: 'letter' } as const;

/**
 * Marks a received invoice handled (or not): the service first, so every client of the company sees
 * it, then the mirror and the activity log. The one place this is written, for the poller's
 * automatic marking and the user's alike.
 */
export async function setHandled(ctx: SyncContext, id: string, handled: boolean, signal?: AbortSignal): Promise<void> {
  await ctx.api.invoices.setEvent(id, handled ? 'HANDLED' : 'CREATED', signal);
  ctx.store.invoices.setHandled(ctx.account.id, id, handled);
}

/**
 * Sends a FAILED invoice again by another route. The record is read again (the service puts it back
 * to PENDING); the outbox row that sent it, if this app did, no longer needs a reroute and is
 * followed again. The move is told as a delivery event and written to the activity log.
 */
export async function reroute(
  ctx: SyncContext,
  id: string,
  r: Reroute,
  signal?: AbortSignal,
): Promise<{ status: string | null; message: string }> {
  const { api, store, account } = ctx;
  if (r.method === 'einvoice') await api.invoices.rerouteEinvoice(id, r.body, signal);
  else if (r.method === 'email') await api.invoices.rerouteEmail(id, r.body, signal);
  else await api.invoices.reroutePrint(id, r.body, signal);
  const record = await api.invoices.get(id, signal);
  store.invoices.upsert(account.id, 'SENT', record);
  ctx.events.emit('invoice', { accountId: account.id, invoiceId: id });
  const status = record.status ?? null;
  const job = store.outbox.findSent(account.id, 'invoice', id);
  if (job) {
    store.outbox.transition(job.id, [job.state], job.state, { deliveryStatus: status, needsReroute: false });
    ctx.events.emit('delivery', {
      accountId: account.id,
      outboxId: job.id,
      remoteId: id,
      status: status ?? 'PENDING',
      needsReroute: false,
    });
  }
  const message = `The invoice is on its way again by ${BY[r.method]}`;
  store.activity.append({
    accountId: account.id,
    level: 'info',
    kind: 'invoice.rerouted',
    message: `${record.number ?? id}: ${message}`,
    ref: job ? String(job.id) : id,
  });
  return { status, message };
}
