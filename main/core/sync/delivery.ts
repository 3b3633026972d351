import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { OutboxJob } from '../store/outbox';
import type { SyncContext } from './context';
import { absolute } from './layout';
import { spoolOf } from './outbound';
import { findSentBankMessage } from './send-bank-message';

/** How often one sent item is asked about at most. */
const RECHECK_MS = 60_000;

/**
 * Follows sent invoices and documents until DELIVERED, CONFIRMED_DELIVERY or FAILED (up to 100 ids
 * per list request), and sent bank messages until OK or ERROR. A FAILED invoice is flagged for a
 * reroute and announced.
 */
export async function trackDeliveries(ctx: SyncContext, signal?: AbortSignal): Promise<number> {
  const { store, account, api } = ctx;
  const due = store.outbox.listUndelivered(account.id, 500, ctx.now() - RECHECK_MS);
  let requests = 0;
  const invoices = due.filter((j) => j.kind === 'invoice');
  for (let i = 0; i < invoices.length; i += 100) {
    const chunk = invoices.slice(i, i + 100);
    const { items } = await api.invoices.list({ direction: 'SENT', ids: chunk.map(remoteIdOf), per_page: 100 }, signal);
    requests++;
    recordChunk(ctx, chunk, items, (inv) => store.invoices.upsert(account.id, 'SENT', inv), true);
  }
  // Sent invoices mirrored from the service (sent by other means, or rerouted) are followed too.
  const mirrored = store.invoices
    .listUnfinishedSent(account.id, 500, ctx.now() - RECHECK_MS)
    .filter((id) => !invoices.some((j) => j.remoteId === id));
  for (let i = 0; i < mirrored.length; i += 100) {
    const ids = mirrored.slice(i, i + 100);
    const { items } = await api.invoices.list({ direction: 'SENT', ids, per_page: 100 }, signal);
    requests++;
    store.transaction(() => {
      for (const inv of items) if (store.invoices.upsert(account.id, 'SENT', inv) === 'unchanged') store.invoices.touch(account.id, inv.id);
    });
  }
  const documents = due.filter((j) => j.kind === 'document');
  for (let i = 0; i < documents.length; i += 100) {
    const chunk = documents.slice(i, i + 100);
    const { items } = await api.documents.list({ direction: 'SENT', ids: chunk.map(remoteIdOf), per_page: 100 }, signal);
    requests++;
    recordChunk(ctx, chunk, items, (doc) => store.documents.upsert(account.id, 'SENT', doc), false);
  }
  // Sent documents mirrored from the service (sent by other means too) are followed until final.
  const mirroredDocs = store.documents
    .listUnfinishedSent(account.id, 500, ctx.now() - RECHECK_MS)
    .filter((id) => !documents.some((j) => j.remoteId === id));
  for (let i = 0; i < mirroredDocs.length; i += 100) {
    const ids = mirroredDocs.slice(i, i + 100);
    const { items } = await api.documents.list({ direction: 'SENT', ids, per_page: 100 }, signal);
    requests++;
    store.transaction(() => {
      for (const doc of items) {
        if (store.documents.upsert(account.id, 'SENT', doc) === 'unchanged') store.documents.touch(account.id, doc.id);
        if (doc.last_event) store.documents.addEvent(account.id, doc.id, doc.last_event);
      }
      // Ids the service no longer lists are not asked about again and again.
      for (const id of ids) if (!items.some((d) => d.id === id)) store.documents.touch(account.id, id);
    });
  }
  // A sent bank message whose id the service did not name is looked for in the sent list again, so its
  // status can be followed (and no later row takes that message for its own).
  for (const job of store.outbox.listUnidentifiedBankMessages(account.id, ctx.now() - IDENTIFY_FOR_MS, 20)) {
    const data = await sentBytes(ctx, job);
    const found = data ? await findSentBankMessage(ctx, job, data, signal) : null;
    requests++;
    if (found) store.outbox.transition(job.id, [job.state], job.state, { remoteId: found });
  }
  // A bank message's status is asked one message at a time: the service has no list of statuses.
  for (const job of due.filter((j) => j.kind === 'bank_message').slice(0, BANK_STATUS_PER_RUN)) {
    const answer = await api.bankMessages.status(remoteIdOf(job), signal);
    requests++;
    record(ctx, job, answer.status ?? null, false)();
  }
  return requests;
}

/** The bytes that were sent: the spool copy until the file is in Sent/, then that file (if it still holds them). */
async function sentBytes(ctx: SyncContext, job: OutboxJob): Promise<Buffer | null> {
  const paths = [spoolOf(ctx).path(job.idemKey), ...(job.destPath ? [absolute(ctx.account.root, job.destPath)] : [])];
  for (const p of paths) {
    const data = await readFile(p).catch(() => null);
    if (data && createHash('sha256').update(data).digest('hex') === job.sha256) return data;
  }
  return null;
}

/** How long a sent bank message without an id is looked for. */
const IDENTIFY_FOR_MS = 2 * 24 * 3600_000;

/** Bank message statuses asked per run at most; the rest wait for the next run. */
const BANK_STATUS_PER_RUN = 50;

const remoteIdOf = (j: OutboxJob) => j.remoteId as string;

/**
 * A chunk of sent items and the service's answers for them, written in one commit (not two or three
 * per item: each one's mirrored record, then its outbox row); the UI hears of them once it is committed.
 */
function recordChunk<R extends { id: string; status?: string | null }>(
  ctx: SyncContext,
  chunk: readonly OutboxJob[],
  answers: readonly R[],
  mirror: (answer: R) => void,
  isInvoice: boolean,
): void {
  const byId = new Map(answers.map((x) => [x.id, x]));
  const told = ctx.store.transaction(() =>
    chunk.map((job) => {
      const remote = byId.get(remoteIdOf(job));
      if (remote) mirror(remote);
      return record(ctx, job, remote?.status ?? null, isInvoice);
    }),
  );
  for (const tell of told) tell();
}

const nothingToTell = () => {};

/**
 * Writes what the service answered about one sent item (and its activity entry when the status
 * moved); answers how to tell the UI, to be called once that write is committed.
 */
function record(ctx: SyncContext, job: OutboxJob, answered: string | null, isInvoice: boolean): () => void {
  const status = answered ?? job.deliveryStatus;
  // A bank message's ERROR is its refusal: the error message the service keeps says why.
  const failed = status === 'FAILED' || status === 'ERROR';
  ctx.store.outbox.transition(job.id, [job.state], job.state, {
    deliveryStatus: status,
    deliveryCheckedAt: ctx.now(),
    needsReroute: isInvoice && failed,
  });
  if (!status || status === job.deliveryStatus) return nothingToTell;
  ctx.store.activity.append({
    accountId: ctx.account.id,
    level: failed ? 'error' : 'info',
    kind: `delivery.${status.toLowerCase()}`,
    message: `${job.filename}: ${status}${isInvoice && failed ? ' (needs a reroute)' : ''}`,
    ref: String(job.id),
  });
  return () =>
    ctx.events.emit('delivery', {
      accountId: ctx.account.id,
      outboxId: job.id,
      remoteId: remoteIdOf(job),
      status,
      needsReroute: isInvoice && failed,
    });
}
