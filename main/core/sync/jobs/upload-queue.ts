import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { DocumentType } from '../../../../shared/enums';
import type { Invoice } from '../../../../shared/schemas/invoice';
import { ServiceError } from '../../api/errors';
import { OUTBOX_KINDS, type OutboxJob } from '../../store/outbox';
import type { SyncContext } from '../context';
import { MissingRecipient, withRecipientOperator } from '../document-operator';
import { exists, sha256File } from '../files';
import { sharedTransactions } from '../group-commit';
import { absolute } from '../layout';
import { activity, reject, spoolOf } from '../outbound';
import { DOCUMENT_OPTION_FIELDS, formFieldsFrom, INVOICE_OPTION_FIELDS } from '../outbound-options';
import { pageGuard } from '../page-guard';
import { sendBankMessage } from '../send-bank-message';
import { findSentInvoice } from './find-sent-invoice';
import type { JobError, JobQueue, Loaded } from './job-runner';

/** Failed tries after which an upload waits for the user: about two hours of back-off at the default cap. */
export const UPLOAD_MAX_ATTEMPTS = 20;

/** What an upload needs of its outbox row, checked on load: a row that lacks it is never sent. */
const uploadRow = z.object({
  id: z.number().int().positive(),
  kind: z.enum(OUTBOX_KINDS),
  relPath: z.string().min(1),
  filename: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  idemKey: z.string().min(1),
  serviceKey: z.string().min(1),
  options: z.record(z.string(), z.unknown()),
  // A list that cannot be read is never taken for none: the document is not sent without its companions.
  companions: z.array(
    z.object({
      relPath: z.string().min(1),
      filename: z.string().min(1),
      role: z.enum(['attachment', 'references']),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      spoolKey: z.string().min(1),
      references: z.array(z.object({ referenceId: z.string().min(1), referenceIdType: z.string().nullable() })),
    }),
  ),
});

/** The app refused to send (its own copy and the file are both gone): settled as a refusal, never retried. */
class NothingToSend extends Error {}

/**
 * Uploads from the Outbox as jobs of the one runner: a queued row is claimed (its try counted) before
 * a byte is sent, sent with its fixed key so a retry after a lost answer is recognised, and settled in
 * the outbox: uploaded, queued again with back-off, held for the user, or refused into Failed/.
 */
export function uploadQueue(ctx: SyncContext): JobQueue<OutboxJob> {
  const { store, account } = ctx;
  // Answers read in the same turn settle in one commit: a sent invoice's mirror row, its search
  // index and the outbox row were a commit of their own per file, the most pages a drop wrote.
  const settle = sharedTransactions(store, { windowMs: 0 });
  return {
    kind: 'upload',
    maxAttempts: UPLOAD_MAX_ATTEMPTS,
    atCap: 'needs_user',
    load(now, limit): Loaded<OutboxJob>[] {
      return store.outbox.listDue(account.id, limit, now).map((job) => {
        const parsed = uploadRow.safeParse(job);
        return parsed.success ? { ok: true, job } : { ok: false, id: job.id, error: parsed.error.issues[0]?.message ?? 'unreadable' };
      });
    },
    // Only the row as it was read: several senders load the same due rows, and one that fails fast
    // is queued again (with back-off) before another sender reaches its older read of it.
    claim: (job) => store.outbox.recordAttempt(job.id, ['queued'], job.attempts),
    async run(job, signal) {
      const data = await readCopy(ctx, job);
      const remote =
        job.kind === 'invoice'
          ? await sendInvoice(ctx, job, data, signal)
          : job.kind === 'document'
            ? await sendDocument(ctx, job, data, signal)
            : { id: await sendBankMessage(ctx, job, data, signal), status: null };
      // One commit for what the answer settles, shared with the answers read beside it.
      await settle(() => {
        remote.mirror?.();
        store.outbox.transition(job.id, ['uploading'], 'uploaded', {
          sentAt: ctx.now(),
          remoteId: remote.id,
          lastError: null,
          errorKind: null,
          deliveryStatus: remote.status,
        });
        activity(ctx, 'info', 'upload.done', `Uploaded ${job.relPath}${remote.id ? ` as ${remote.id}` : ''}`, String(job.id));
      });
    },
    // `job` was read before the claim counted this try.
    failures: (job) => job.attempts + 1 - job.failuresBeforeUser,
    async settle(job, e) {
      if (e instanceof NothingToSend) {
        await reject(ctx, job, e.message, [], 'app');
        return true;
      }
      if (e instanceof MissingRecipient) {
        await reject(ctx, job, e.message, e.details, 'app');
        return true;
      }
      if (e instanceof ServiceError && e.kind === 'skip') {
        await reject(ctx, job, e.message, e.details);
        return true;
      }
      return false;
    },
    retry(job, error, at) {
      store.outbox.transition(job.id, ['uploading'], 'queued', { nextAttemptAt: at, lastError: error.message, errorKind: error.kind });
      activity(ctx, 'warn', 'upload.retry', `${job.relPath}: ${error.message}`, String(job.id));
      ctx.events.emit('problem', { accountId: account.id, kind: error.kind, message: error.message });
    },
    holdForUser(job, error) {
      hold(ctx, job.id, ['uploading'], error);
    },
    fail: (job, error) => reject(ctx, job, error.message, []),
    failUnreadable(id, error) {
      // Never sent on a guess, never dropped: the user decides once they have seen it.
      hold(ctx, id, ['queued'], { message: `The app could not read its record of this file (${error}); it was not sent.`, kind: 'user' });
    },
    release(job) {
      // Shutting down or aborted: back to the queue with its key; the next pass finishes it.
      store.outbox.transition(job.id, ['uploading'], 'queued', { nextAttemptAt: 0 });
    },
  };
}

function hold(ctx: SyncContext, id: number, from: Array<'uploading' | 'queued'>, error: JobError): void {
  const message = `${error.message} It waits for you: choose "Try again" once this is sorted out.`;
  if (!ctx.store.outbox.transition(id, from, 'needs_user', { lastError: message, errorKind: 'user' })) return;
  const job = ctx.store.outbox.get(id);
  activity(ctx, 'error', 'upload.needs_user', `${job?.relPath ?? `Outbox item ${id}`}: ${message}`, String(id));
  ctx.events.emit('problem', { accountId: ctx.account.id, kind: 'user', message });
}

/** The spool copy; when the disk was cleaned by hand, the Outbox file if it is still the version queued. */
async function readCopy(ctx: SyncContext, job: OutboxJob): Promise<Buffer> {
  return readSpooled(ctx, { spoolKey: job.idemKey, relPath: job.relPath, sha256: job.sha256 });
}

async function readSpooled(ctx: SyncContext, f: { spoolKey: string; relPath: string; sha256: string }): Promise<Buffer> {
  try {
    return await readFile(spoolOf(ctx).path(f.spoolKey));
  } catch {
    const src = absolute(ctx.account.root, f.relPath);
    if ((await exists(src)) && (await sha256File(src)) === f.sha256) return readFile(src);
    throw new NothingToSend(`${f.relPath} and the app's copy of it both disappeared before it could be sent.`);
  }
}

async function sendInvoice(ctx: SyncContext, job: OutboxJob, data: Buffer, signal?: AbortSignal) {
  const sent = (invoice: Invoice) => ({
    id: invoice.id,
    status: invoice.status ?? null,
    mirror: () => ctx.store.invoices.upsert(ctx.account.id, 'SENT', invoice),
  });
  // `job` was read before this try was counted: a try before it that the service did not refuse may have
  // landed with its answer lost, and a service that does not answer a repeated uuid with the first invoice
  // would make a second one.
  if (job.attempts > job.refusedTries) {
    const earlier = await findSentInvoice(ctx, job, data, signal);
    if (earlier) return adopted(ctx, job, earlier, sent);
  }
  const fields = formFieldsFrom(job.options, INVOICE_OPTION_FIELDS);
  try {
    const { invoice } = await ctx.api.invoices.upload({ filename: job.filename, data, uuid: job.serviceKey, fields }, signal);
    return sent(invoice);
  } catch (e) {
    // Refused with an error answer: the service made nothing, and the next try need not look for it.
    if (e instanceof ServiceError && e.status !== null && e.status >= 400 && e.status !== 409)
      ctx.store.outbox.transition(job.id, ['uploading'], 'uploading', { refusedTries: job.refusedTries + 1 });
    // A 409 to our own key: the service has the invoice already (a try whose answer was lost, or the same
    // file taken in again after the database forgot it). Success, once the invoice is found.
    if (!(e instanceof ServiceError && e.status === 409)) throw e;
    const earlier = await findSentInvoice(ctx, job, data, signal);
    if (earlier) return adopted(ctx, job, earlier, sent);
    throw new ServiceError(
      'retry',
      'The service says it has this invoice already, but it is not among the sent invoices yet; the app looks again later and sends nothing twice',
      409,
    );
  }
}

/** An earlier try's invoice, taken as this row's answer, with a line saying so. */
function adopted<T>(ctx: SyncContext, job: OutboxJob, invoice: Invoice, sent: (i: Invoice) => T): T {
  activity(
    ctx,
    'info',
    'upload.adopted',
    `${job.relPath}: an earlier try had reached the service (its answer was lost); found there as ${invoice.id}, not sent again`,
    String(job.id),
  );
  return sent(invoice);
}

async function sendDocument(ctx: SyncContext, job: OutboxJob, data: Buffer, signal?: AbortSignal) {
  let fields = formFieldsFrom(job.options, DOCUMENT_OPTION_FIELDS) as Record<string, string | undefined>;
  try {
    fields = await withRecipientOperator(ctx, job, data, fields, signal);
  } catch (e) {
    // `job` was read before this try was counted: an earlier try had an operator and may have landed
    // with its answer lost (the lookup can change its mind). Found there, it is sent; never refused twice.
    if (e instanceof MissingRecipient && job.attempts > 0) {
      const earlier = await findDocumentByTransmissionId(ctx, job, signal);
      if (earlier) return { id: earlier, status: null };
    }
    throw e;
  }
  const companions = job.companions ?? [];
  const attachments = [];
  for (const c of companions.filter((x) => x.role === 'attachment')) {
    attachments.push({ filename: c.filename, data: await readSpooled(ctx, c), fileType: 'ATTACHMENT' as const });
  }
  const references = companions.flatMap((c) => c.references);
  try {
    const doc = await ctx.api.documents.upload(
      {
        type: (job.documentType ?? 'UNKNOWN') as DocumentType,
        transmissionId: job.serviceKey,
        file: { filename: job.filename, data },
        attachments,
        references,
        fields,
      },
      signal,
    );
    return { id: doc.id, status: doc.status ?? null, mirror: () => ctx.store.documents.upsert(ctx.account.id, 'SENT', doc) };
  } catch (e) {
    if (e instanceof ServiceError && e.status === 422 && e.code === 'document_duplicate_transmission_id') {
      // An earlier attempt landed but its answer was lost: find that document instead of sending again.
      return { id: await findDocumentByTransmissionId(ctx, job, signal), status: null };
    }
    throw e;
  }
}

/** Looks through this account's recently sent documents for the one carrying our transmission_id. */
async function findDocumentByTransmissionId(ctx: SyncContext, job: OutboxJob, signal?: AbortSignal): Promise<string | null> {
  const since = new Date(job.createdAt - 24 * 3600_000).toISOString();
  const guard = pageGuard({ feed: 'the sent documents list', perPage: 100, now: ctx.now, endsWithoutNextPage: true });
  // A day of sent documents; 20 pages at most, as before the guard, which ends a list that misbehaves sooner.
  for (let page = 1; page <= 20; page++) {
    if (page > 1) await guard.pace(signal);
    const { items, page: info } = await ctx.api.documents.list({ direction: 'SENT', created_at_start: since, per_page: 100, page }, signal);
    const hit = items.find((d) => d.transmission_id === job.serviceKey);
    if (hit) return hit.id;
    if (
      !guard.more(
        items.map((d) => d.id),
        info,
      )
    )
      break;
  }
  return null;
}
