import type { Invoice } from '../../../shared/schemas/invoice';
import type { SyncContext } from './context';
import { setHandled } from './invoice-actions';
import { pageGuard } from './page-guard';

/** Received invoices are asked for from a little before the last one seen: late arrivals are caught. */
export const OVERLAP_MS = 10 * 60_000;
const PER_PAGE = 100;
const CURSOR = 'invoices.received_at';
/**
 * The real sent-invoice list carries no received_at (real-service-facts.md): sent invoices are windowed
 * on created_at, which both carry. A cursor of its own, so an older received_at watermark is not mistaken for one.
 */
const SENT_CURSOR = 'invoices.sent.created_at';

/**
 * Mirrors received invoices: pages of 100 in received_at order from the watermark less an overlap,
 * de-duplicated by id. With nothing new this is one request, whatever the mirror's size. The
 * watermark advances after each page, so a crash mid-way resumes where it was.
 */
export function pollReceivedInvoices(ctx: SyncContext, signal?: AbortSignal, onPage?: (fresh: readonly string[]) => void) {
  return pollInvoices(ctx, 'RECEIVED', signal, onPage);
}

/**
 * Mirrors the company's sent invoices the same way, windowed on created_at (their list has no
 * received_at), so invoices sent by other means also show their delivery and can be rerouted; their
 * files are fetched into Archive/SentInvoices. The list cannot be sorted on created_at, so its
 * watermark moves only when a poll has read every page: pages in any order never skip an invoice.
 */
export function pollSentInvoices(ctx: SyncContext, signal?: AbortSignal) {
  return pollInvoices(ctx, 'SENT', signal);
}

async function pollInvoices(
  ctx: SyncContext,
  direction: 'RECEIVED' | 'SENT',
  signal?: AbortSignal,
  /** Told when a page's rows (and its files' jobs) are committed, with the ids of those that were new. */
  onPage?: (fresh: readonly string[]) => void,
): Promise<{ fresh: string[]; requests: number }> {
  const { store, account, api } = ctx;
  const cursorName = direction === 'RECEIVED' ? CURSOR : SENT_CURSOR;
  const cursor = store.cursors.get(account.id, cursorName);
  const start = cursor ? new Date(Date.parse(cursor) - OVERLAP_MS).toISOString() : undefined;
  const fresh: string[] = [];
  let requests = 0;
  const fetchPage = (page: number) => {
    const since = !start ? {} : direction === 'RECEIVED' ? { received_at_start: start } : { created_at_start: start };
    const order = direction === 'RECEIVED' ? { sort: ['received_at'] } : {};
    const answer = api.invoices.list({ direction, ...since, ...order, per_page: PER_PAGE, page }, signal);
    // Awaited on the next turn of the loop; if this page's rows fail first, its failure is not the one to report.
    answer.catch(() => undefined);
    return answer;
  };
  const guard = pageGuard({
    feed: direction === 'RECEIVED' ? 'the received invoices list' : 'the sent invoices list',
    perPage: PER_PAGE,
    now: ctx.now,
    endsWithoutNextPage: false,
  });
  let newest: string | null = direction === 'SENT' ? (cursor ?? null) : null;
  let next = fetchPage(1);
  for (let page = 1; ; page++) {
    const { items, page: info } = await next;
    requests++;
    // A list that misbehaves is told after this page is kept: what it brought is not lost.
    let misbehaves: unknown = null;
    let last = true;
    try {
      last = !guard.more(
        items.map((i) => i.id),
        info,
      );
    } catch (e) {
      misbehaves = e;
    }
    // The next page is asked for while this one's rows commit, so the service is never left idle between pages.
    if (!last) {
      const asked = page + 1;
      next = guard.pace(signal).then(() => fetchPage(asked));
      next.catch(() => undefined);
    }
    if (direction === 'RECEIVED') newest = store.cursors.get(account.id, cursorName) ?? null;
    const freshBefore = fresh.length;
    store.transaction(() => {
      for (const inv of items) {
        const outcome = store.invoices.upsert(account.id, direction, inv);
        if (outcome === 'new') fresh.push(inv.id);
        // Sent invoices' files too (the service's copy, for viewing offline), and any an earlier version missed.
        if (outcome === 'new' || store.invoiceFiles.listForInvoice(account.id, inv.id).length === 0) enqueueInvoiceFiles(ctx, inv);
        const at = direction === 'RECEIVED' ? inv.received_at : inv.created_at;
        if (at && Number.isFinite(Date.parse(at)) && (!newest || Date.parse(at) > Date.parse(newest))) newest = at;
      }
      // Received: sorted on received_at, so each page moves the watermark and a crash resumes there.
      if (direction === 'RECEIVED' && newest) store.cursors.set(account.id, cursorName, newest);
    });
    onPage?.(fresh.slice(freshBefore));
    if (direction === 'RECEIVED' && info.total !== null) {
      ctx.events.emit('progress', {
        accountId: account.id,
        phase: 'invoices',
        done: Math.min(page * PER_PAGE, info.total),
        total: info.total,
      });
    }
    if (misbehaves) {
      emitReceived(ctx, direction, fresh);
      throw misbehaves;
    }
    if (last) break;
  }
  if (direction === 'SENT' && newest) store.cursors.set(account.id, cursorName, newest);
  emitReceived(ctx, direction, fresh);
  return { fresh, requests };
}

function emitReceived(ctx: SyncContext, direction: 'RECEIVED' | 'SENT', fresh: readonly string[]): void {
  if (direction === 'RECEIVED') for (const id of fresh) ctx.events.emit('received', { accountId: ctx.account.id, kind: 'invoice', id });
}

/** The invoice file itself, its image (PDF) and every attachment: durable download jobs. */
export function enqueueInvoiceFiles(ctx: SyncContext, inv: Invoice): void {
  const { store, account } = ctx;
  store.invoiceFiles.enqueue(account.id, inv.id, { kind: 'original', filename: `${inv.number ?? inv.id}.xml` });
  store.invoiceFiles.enqueue(account.id, inv.id, { kind: 'image', filename: `${inv.number ?? inv.id}.pdf` });
  for (const f of inv.files ?? [])
    store.invoiceFiles.enqueue(account.id, inv.id, { kind: 'attachment', remoteFileId: f.id, filename: f.filename });
}

/** Optional: tell the service (and the company's other clients) the invoice was taken care of. */
export async function markHandled(ctx: SyncContext, ids: readonly string[], signal?: AbortSignal): Promise<void> {
  for (const id of ids) await setHandled(ctx, id, true, signal);
}
