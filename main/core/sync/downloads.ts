import pLimit from 'p-limit';
import { extensionFor, readableName, sanitizeFileName } from '../../../shared/filenames';
import { ServiceError } from '../api/errors';
import type { FileAnswer } from '../api/invoices';
import { auditDownloads } from './audit-downloads';
import { nextAttemptAt, type SyncContext } from './context';
import { expectationOf, type Job, originalFormat } from './download-expectations';
import { findSame, sha256, writeFileAtomic } from './files';
import { absolute, FOLDERS } from './layout';
import { verifyDownload } from './verify-download';

/** After this many failed tries a download is given up (the UI offers "fetch again"). */
const MAX_ATTEMPTS = 10;
/** From this many failed tries on, the user is told (a single bad answer is not worth a word). */
export const TELL_AFTER_ATTEMPTS = 3;
const BATCH = 200;

/**
 * Runs due download jobs a few at a time until none is due. Each file is written atomically into
 * the Inbox and its hash recorded; a job finished before a crash is never fetched again, and a file
 * already written with the same bytes under its name is recognised instead of written twice.
 */
export async function runDownloads(ctx: SyncContext, concurrency = 4, signal?: AbortSignal): Promise<{ done: number; failed: number }> {
  // Files an earlier version saved unverified are checked first; bad ones are queued again here.
  await auditDownloads(ctx);
  const limit = pLimit(concurrency);
  let done = 0;
  let failed = 0;
  for (;;) {
    if (signal?.aborted) break;
    const now = ctx.now();
    const jobs: Job[] = [
      ...ctx.store.invoiceFiles.listDue(ctx.account.id, BATCH, now).map((job) => ({ table: 'invoiceFiles' as const, job })),
      ...ctx.store.documentFiles.listDue(ctx.account.id, BATCH, now).map((job) => ({ table: 'documentFiles' as const, job })),
      ...ctx.store.bankMessages.listDue(ctx.account.id, BATCH, now).map((job) => ({ table: 'bankMessages' as const, job })),
    ];
    if (jobs.length === 0) break;
    const results = await Promise.all(jobs.map((j) => limit(() => runOne(ctx, j, signal))));
    done += results.filter((r) => r === 'done').length;
    failed += results.filter((r) => r === 'failed').length;
    ctx.events.emit('progress', { accountId: ctx.account.id, phase: 'downloads', done, total: null });
    if (results.every((r) => r === 'retry')) break; // everything left waits for its next try
  }
  return { done, failed };
}

async function runOne(ctx: SyncContext, j: Job, signal?: AbortSignal): Promise<'done' | 'retry' | 'failed'> {
  const repo = ctx.store[j.table];
  try {
    const { answer, dir, name, kind, id, expect } = await fetchJob(ctx, j, signal);
    // Nothing takes a name in the Inbox, and no job is done, before the bytes are what was asked for.
    const problem = verifyDownload(answer.data, answer.contentType, expect);
    if (problem) throw new ServiceError('retry', `The service's answer for ${name} was not the file: ${problem}`, null, 'not_the_file');
    const path = await writeOrReuse(ctx, dir, name, answer.data);
    repo.markDone(j.job.jobId, { path, sha256: sha256(answer.data), size: answer.data.length });
    ctx.events.emit('downloaded', { accountId: ctx.account.id, kind, id, path });
    return 'done';
  } catch (e) {
    if (signal?.aborted) return 'retry';
    const err = e instanceof ServiceError ? e : new ServiceError('retry', (e as Error).message, null);
    if (err.status === 404) {
      repo.markMissing(j.job.jobId, err.message);
      return 'failed';
    }
    const attempts = j.job.attempts + 1;
    if (err.kind === 'skip' || attempts >= MAX_ATTEMPTS) {
      repo.markFailed(j.job.jobId, err.message);
      ctx.store.activity.append({
        accountId: ctx.account.id,
        level: 'error',
        kind: 'download.failed',
        message: err.message,
        ref: String(j.job.jobId),
      });
      return 'failed';
    }
    repo.markRetry(j.job.jobId, err.message, nextAttemptAt(ctx, attempts, err.kind === 'user' ? 10 * 60_000 : err.retryAfterMs));
    if (attempts === TELL_AFTER_ATTEMPTS) {
      const message = `A file could not be fetched after ${attempts} tries; trying again later. ${err.message}`;
      ctx.store.activity.append({ accountId: ctx.account.id, level: 'warn', kind: 'download.retrying', message, ref: String(j.job.jobId) });
      ctx.events.emit('problem', { accountId: ctx.account.id, kind: 'retry', message });
    }
    return 'retry';
  }
}

async function fetchJob(ctx: SyncContext, j: Job, signal?: AbortSignal) {
  const { store, account, api } = ctx;
  if (j.table === 'invoiceFiles') {
    const inv = store.invoices.get(account.id, j.job.invoiceId);
    const sent = inv?.direction === 'SENT';
    const stem = readableName(
      { date: inv?.date ?? inv?.receivedAt, party: sent ? inv?.recipientName : inv?.senderName, number: inv?.number ?? j.job.invoiceId },
      '',
    ).replace(/\.$/, '');
    const dir = absolute(account.root, sent ? FOLDERS.sentInvoiceFiles : FOLDERS.inboxInvoices);
    let answer: FileAnswer;
    let name: string;
    if (j.job.kind === 'original') {
      answer = await api.invoices.file(j.job.invoiceId, originalFormat(inv?.record.source_format), signal);
      name = `${stem}.xml`;
    } else if (j.job.kind === 'image') {
      answer = await api.invoices.file(j.job.invoiceId, 'ORIGINAL_OR_GENERATED_IMAGE', signal);
      name = `${stem}.pdf`;
    } else {
      answer = await api.invoices.attachment(j.job.invoiceId, j.job.remoteFileId ?? '', signal);
      name = `${stem} - ${sanitizeFileName(answer.filename ?? j.job.filename)}`;
    }
    return { answer, dir, name, kind: 'invoice' as const, id: j.job.invoiceId, expect: expectationOf(ctx, j) };
  }
  if (j.table === 'documentFiles') {
    const doc = store.documents.get(account.id, j.job.documentId);
    const answer = await api.documents.fileContent(j.job.fileId, signal);
    const stem = readableName({ date: doc?.createdAt, party: doc?.senderName, number: doc?.number ?? j.job.documentId }, '').replace(
      /\.$/,
      '',
    );
    const name = `${stem} - ${sanitizeFileName(answer.filename ?? j.job.filename)}`;
    const dir = absolute(account.root, FOLDERS.inboxDocuments);
    return { answer, dir, name, kind: 'document' as const, id: j.job.documentId, expect: expectationOf(ctx, j) };
  }
  const answer = await api.bankMessages.content(j.job.kind, j.job.id, signal);
  const date = new Date(j.job.createdAt).toISOString().slice(0, 10);
  const name = `${date} ${j.job.kind.toUpperCase()} ${j.job.id}${extensionFor(answer.contentType, '.xml')}`;
  return {
    answer,
    dir: absolute(account.root, FOLDERS.inboxBankMessages),
    name,
    kind: 'bank_message' as const,
    id: j.job.id,
    expect: expectationOf(ctx, j),
  };
}

/**
 * A crash after writing but before recording must not leave the same file twice: a file with these
 * bytes under the wanted name that no finished job owns is this job's own, written before the crash.
 */
async function writeOrReuse(ctx: SyncContext, dir: string, wanted: string, data: Buffer): Promise<string> {
  const { store } = ctx;
  const taken = (path: string) =>
    store.invoiceFiles.ownerOf(path) !== null || store.documentFiles.ownerOf(path) !== null || store.bankMessages.ownerOf(path) !== null;
  return (await findSame(dir, wanted, sha256(data), taken)) ?? writeFileAtomic(dir, wanted, data);
}
