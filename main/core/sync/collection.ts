import type { AssignmentCreateBody, CollectionAgency, InvoiceAssignment } from '../../../shared/schemas/receivables';
import { ServiceError } from '../api/errors';
import type { SyncContext } from './context';

/** How often one open assignment is asked about at most: collection moves in days, not seconds. */
export const COLLECTION_RECHECK_MS = 5 * 60_000;
/** A pending assignment is looked at sooner: the agency accepts or refuses within minutes. */
const PENDING_RECHECK_MS = 60_000;

/**
 * Reads the service's word on every open assignment of the account that is due (or the named
 * invoices, at once): the invoice's assignment status, and once the agency has it the assignment's
 * record and events. Answers how many events are new to the mirror.
 */
export async function refreshCollection(ctx: SyncContext, signal?: AbortSignal, onlyInvoices?: readonly string[]): Promise<number> {
  const { store, account } = ctx;
  const now = ctx.now();
  const due = onlyInvoices
    ? [...store.collection.statesOf(account.id, onlyInvoices).values()]
    : store.collection
        .listOpen(account.id, now - PENDING_RECHECK_MS)
        .filter((s) => s.status === 'pending' || s.checkedAt <= now - COLLECTION_RECHECK_MS);
  let fresh = 0;
  for (const s of due) fresh += await refreshOne(ctx, s.invoiceId, signal);
  return fresh;
}

/** One invoice's assignment read again and mirrored; answers the events new to the mirror. */
export async function refreshOne(ctx: SyncContext, invoiceId: string, signal?: AbortSignal): Promise<number> {
  const { store, account, api } = ctx;
  const st = await api.receivables.invoiceAssignment(invoiceId, signal);
  if (!st) return 0;
  const id = st.assignment_id ?? null;
  // The receivables host knows the assignment only once the agency has accepted it.
  const assignment = id && st.status !== 'error' ? await api.receivables.assignment(id, signal) : null;
  const events = assignment ? await api.receivables.events(assignment.id, signal) : [];
  return store.transaction(() => {
    store.collection.save(account.id, invoiceId, st, assignment);
    return store.collection.saveEvents(account.id, invoiceId, events);
  });
}

/**
 * Sends a sent invoice to collection and mirrors its first status at once, so the Sent list shows it
 * before the next refresh. The service's 400 reaches the caller with its field details. An invoice the
 * service says is in collection already (sent from elsewhere, or an answer lost on the way) is
 * mirrored as it stands instead of refused.
 */
export async function sendToCollection(
  ctx: SyncContext,
  invoiceId: string,
  body: AssignmentCreateBody,
  signal?: AbortSignal,
  agency: CollectionAgency = 'first-active',
) {
  const { store, account, api } = ctx;
  let answer: InvoiceAssignment;
  try {
    // The v1 route goes to the company's first active service; collectorc has a route of its own (v2).
    answer =
      agency === 'collectorc'
        ? await api.receivables.createCollectorcAssignment(invoiceId, body, signal)
        : await api.receivables.createAssignment(invoiceId, body, signal);
  } catch (e) {
    if (!(e instanceof ServiceError) || e.status !== 403) throw e;
    const existing = await api.receivables.invoiceAssignment(invoiceId, signal);
    if (!existing || existing.status === 'error') throw e;
    store.collection.save(account.id, invoiceId, existing, null);
    return store.collection.get(account.id, invoiceId);
  }
  // The assignment exists from here on: it is mirrored before anything else can fail.
  store.collection.save(account.id, invoiceId, answer, null);
  store.activity.append({
    accountId: account.id,
    level: 'info',
    kind: 'collection.sent',
    message: `Invoice ${invoiceId} sent to collection (${body.collection_type}${agency === 'collectorc' ? ', collectorc' : ''})`,
    ref: invoiceId,
  });
  try {
    const st = await api.receivables.invoiceAssignment(invoiceId, signal);
    if (st) store.collection.save(account.id, invoiceId, st, null);
  } catch (e) {
    // The tracking job asks again with back-off; the first answer stands until then.
    ctx.log.warn('collection status not read after sending', { invoiceId, error: (e as Error).message });
  }
  return store.collection.get(account.id, invoiceId);
}

/** Tells the service the user has seen these events, then the mirror; answers how many were marked. */
export async function markCollectionSeen(ctx: SyncContext, invoiceId: string, signal?: AbortSignal): Promise<number> {
  const unseen = ctx.store.collection.events(ctx.account.id, invoiceId).filter((e) => !e.seen);
  const done: string[] = [];
  try {
    for (const e of unseen) {
      await ctx.api.receivables.markEventSeen(e.assignmentId, e.id, signal);
      done.push(e.id);
    }
  } finally {
    // What the service took is seen here too, even when a later one failed.
    ctx.store.collection.markSeen(ctx.account.id, done);
  }
  return done.length;
}
