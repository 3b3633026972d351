import { getMaxListeners, setMaxListeners } from 'node:events';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { extensionFor, readableName, receivedFileName, sanitizeFileName } from '../../../shared/filenames';
import { NoAnswerError, ServiceError } from '../api/errors';
import type { FileAnswer } from '../api/invoices';
import type { WrittenFile } from '../store/download-jobs';
import { enterFiles } from './archive/enter';
import { auditDownloads } from './audit-downloads';
import type { SyncContext } from './context';
import { expectationOf, type Job, originalFormat } from './download-expectations';
import { probeFolder, sha256, sha256File, writeFileAtomic } from './files';
import { groupCommit } from './group-commit';
import type { JobQueue, Loaded } from './jobs/job-runner';
import { absolute, FOLDERS, filedItem, inboxFolder } from './layout';
import { asLocal, isOutOfSpace, type LocalFault, LocalWriteError, localCodeOf, realCode } from './local-faults';
import { markFromInternet } from './mark-of-web';
import { verifyDownload } from './verify-download';

/** After this many failed tries a download is given up (the UI offers "fetch again"). */
const MAX_ATTEMPTS = 10;
/** From this many failed tries on, the user is told (a single bad answer is not worth a word). */
export const TELL_AFTER_ATTEMPTS = 3;
/**
 * Jobs in flight per request allowed at once. A file's fsyncs take longer than its request on an
 * ordinary disk (bench/README.md), so a job that held its request slot until its file was durable
 * left the service idle; now `concurrency` requests run while the other jobs write, and the disk
 * gets several fsyncs at once, which a journaling file system commits together.
 */
const JOBS_PER_REQUEST = 4;
/** The most a probe of a folder that failed writes (the size of the file that failed, up to this). */
const PROBE_MAX_BYTES = 4 * 1024 * 1024;

/** Where the database lives: the data folder a SQLITE_FULL is about. */
const dataFolderOf = (ctx: SyncContext) => dirname(ctx.store.db.name);

type Table = Job['table'];
type QueuedDownload = Job & { id: number };

/** What a download needs of its row, checked on load: a row that lacks it is given up, not fetched on a guess. */
const ROW = {
  invoiceFiles: z.object({
    jobId: z.number().int(),
    attempts: z.number().int(),
    invoiceId: z.string().min(1),
    kind: z.enum(['original', 'image', 'attachment']),
  }),
  documentFiles: z.object({
    jobId: z.number().int(),
    attempts: z.number().int(),
    documentId: z.string().min(1),
    fileId: z.string().min(1),
  }),
  bankMessages: z.object({
    jobId: z.number().int(),
    attempts: z.number().int(),
    id: z.string().min(1),
    kind: z.enum(['ri', 'sent', 'error']),
  }),
} as const;

/**
 * Runs due download jobs through the account's job runner until none is due. Each file is verified,
 * written atomically into the Inbox and its hash recorded; a job finished before a crash is never
 * fetched again, and a file already written with the same bytes under its name is recognised
 * instead of written twice.
 */
export async function runDownloads(
  ctx: SyncContext,
  concurrency = 4,
  signal?: AbortSignal,
): Promise<{ done: number; failed: number; waiting: LocalFault | null }> {
  // Files an earlier version saved unverified are checked first; bad ones are queued again here.
  await auditDownloads(ctx);
  // Paused on a folder that took no writes: nothing is asked of the service until it takes one again.
  const probed = new Set<string>();
  const paused = ctx.faults.get('downloads');
  if (paused) {
    try {
      await probeFolder(paused.folder, Math.min(paused.bytes, PROBE_MAX_BYTES));
    } catch (e) {
      const code = localCodeOf(e);
      if (!code) throw e;
      return { done: 0, failed: 0, waiting: ctx.faults.set('downloads', paused.folder, await realCode(paused.folder, code)) };
    }
    probed.add(resolve(paused.folder));
    ctx.faults.clear('downloads');
  }
  let done = 0;
  let failed = 0;
  const slots = Math.max(1, concurrency) * JOBS_PER_REQUEST;
  // Stopped at the first file this computer cannot write: the others would fail alike (the jobs in flight go back with no try counted).
  const stop = new AbortController();
  const onOuter = () => stop.abort(signal?.reason);
  if (signal?.aborted) onOuter();
  signal?.addEventListener('abort', onOuter, { once: true });
  // Each job in flight listens to the signal: that many listeners is the design, not a leak.
  setMaxListeners(Math.max(getMaxListeners(stop.signal), slots + 10), stop.signal);
  try {
    for (const table of ['invoiceFiles', 'documentFiles', 'bankMessages'] as const) {
      if (stop.signal.aborted) break;
      const r = await ctx.jobRunner.runDue(
        downloadQueue(ctx, table, () => done + failed, { stop, probed }),
        slots,
        stop.signal,
      );
      done += r.done;
      failed += r.failed + r.needsUser;
    }
  } finally {
    signal?.removeEventListener('abort', onOuter);
  }
  if (done + failed > 0) ctx.events.emit('progress', { accountId: ctx.account.id, phase: 'downloads', done, total: null });
  return { done, failed, waiting: ctx.faults.get('downloads') ?? ctx.faults.get('data') ?? null };
}

/** One download table as a queue of the job runner. */
function downloadQueue(
  ctx: SyncContext,
  table: Table,
  soFar: () => number,
  local: { stop: AbortController; probed: ReadonlySet<string> },
): JobQueue<QueuedDownload> {
  const repo = ctx.store[table];
  const { account } = ctx;
  let finished = 0;
  const markDone = groupCommit(ctx.store, ({ id, file }: { id: number; file: WrittenFile }) => repo.markDone(id, file));
  return {
    kind: `download.${table}`,
    maxAttempts: MAX_ATTEMPTS,
    atCap: 'failed',
    load(now, limit) {
      return repo.listDue(account.id, limit, now).map((job): Loaded<QueuedDownload> => {
        const parsed = ROW[table].safeParse(job);
        if (!parsed.success) return { ok: false, id: job.jobId, error: parsed.error.issues[0]?.message ?? 'unreadable' };
        return { ok: true, job: { table, job, id: job.jobId } as QueuedDownload };
      });
    },
    // Every move of a download row starts from `pending`, so a result after the job was settled otherwise changes nothing.
    claim: (j) => repo.getJob(j.id)?.state === 'pending',
    async run(j, signal) {
      // Only the request holds one of the account's request slots: writing and flushing the file happen outside it.
      const { answer, dir, name, kind, id, expect, date } = await ctx.requests(() => fetchJob(ctx, j, signal));
      // Nothing takes a name in the Inbox, and no job is done, before the bytes are what was asked for.
      const problem = verifyDownload(answer.data, answer.contentType, expect);
      if (problem) throw new ServiceError('retry', `The service's answer for ${name} was not the file: ${problem}`, null, 'not_the_file');
      const hash = sha256(answer.data);
      const path = await writeOrReuse(ctx, dir, name, answer.data, hash).catch(async (e: unknown) => {
        throw await asLocal(e, 'downloads', dir, answer.data.length);
      });
      // Marked as from the Internet before anything can open it: the system then asks before running it.
      await markFromInternet(path).catch((e: Error) => ctx.log.debug('no Mark-of-the-Web written', { file: name, error: e.message }));
      // The file is durable (written, flushed, its folder flushed) before its entry in the archive, and that before its row says done.
      try {
        await enterFiles(ctx, [{ path, sha256: hash, size: answer.data.length, ref: `${kind}:${id}`, date }]);
        await markDone({ id: j.id, file: { path, sha256: hash, size: answer.data.length } });
      } catch (e) {
        // A full data disk: the file stays, and the next try finds it by its bytes (writeOrReuse).
        throw await asLocal(e, 'data', dataFolderOf(ctx), 0);
      } finally {
        unrecorded.delete(path);
      }
      ctx.faults.clear('data');
      ctx.events.emit('downloaded', { accountId: account.id, kind, id, path });
      // Every 25 files: a large first mirror shows it moves without an event per file.
      if (++finished % 25 === 0)
        ctx.events.emit('progress', { accountId: account.id, phase: 'downloads', done: soFar() + finished, total: null });
    },
    failures: (j) => j.job.attempts + 1,
    // No answer at all (the network, a reset, a timeout): the service never refused the file, so it is
    // never given up for it; only the service's own answers (errors, garbage, a cut body) spend the cap.
    endsAtCap: (e) => !(e instanceof NoAnswerError),
    spare(_j, e) {
      if (!(e instanceof LocalWriteError)) return false;
      // A folder that took the probe's write just now and still refuses this file: the file's own trouble, a try.
      if (local.probed.has(resolve(e.folder)) && !isOutOfSpace(e.code)) return false;
      ctx.faults.set(e.area, e.folder, e.code, e.bytes);
      local.stop.abort();
      return true;
    },
    settle(j, e) {
      if (!(e instanceof ServiceError) || e.status !== 404) return false;
      repo.markMissing(j.id, e.message);
      return true;
    },
    retry(j, error, at) {
      repo.markRetry(j.id, error.message, at);
      const attempts = j.job.attempts + 1;
      if (attempts !== TELL_AFTER_ATTEMPTS) return;
      const message = `A file could not be fetched after ${attempts} tries; trying again later. ${error.message}`;
      ctx.store.activity.append({ accountId: account.id, level: 'warn', kind: 'download.retrying', message, ref: String(j.id) });
      ctx.events.emit('problem', { accountId: account.id, kind: 'retry', message });
    },
    holdForUser(j, error) {
      repo.holdForUser(j.id, error.message);
      const message = `A file waits for you: ${error.message}`;
      ctx.store.activity.append({ accountId: account.id, level: 'error', kind: 'download.needs_user', message, ref: String(j.id) });
      ctx.events.emit('problem', { accountId: account.id, kind: 'user', message });
    },
    fail(j, error) {
      repo.markFailed(j.id, error.message);
      ctx.store.activity.append({
        accountId: account.id,
        level: 'error',
        kind: 'download.failed',
        message: error.message,
        ref: String(j.id),
      });
    },
    failUnreadable(id, error) {
      repo.markFailed(id, `The app could not read its record of this download: ${error}`);
    },
    // Still pending with nothing counted: the next pass takes it again.
    release() {},
  };
}

async function fetchJob(ctx: SyncContext, j: Job, signal?: AbortSignal) {
  const { store, account, api } = ctx;
  if (j.table === 'invoiceFiles') {
    const inv = store.invoices.fileFacts(account.id, j.job.invoiceId);
    const sent = inv?.direction === 'SENT';
    const stem = readableName(
      { date: inv?.date ?? inv?.receivedAt, party: sent ? inv?.recipientName : inv?.senderName, number: inv?.number ?? j.job.invoiceId },
      '',
    ).replace(/\.$/, '');
    // The sent archive stays one folder; received files follow the account's Inbox layout.
    const dir = sent
      ? absolute(account.root, FOLDERS.sentInvoiceFiles)
      : inboxFolder(
          account.root,
          account.inboxLayout,
          'invoiceFiles',
          filedItem('invoiceFiles', {
            date: inv?.date ?? null,
            receivedAt: inv?.receivedAt ?? null,
            senderName: inv?.senderName ?? null,
            mirroredAt: j.job.createdAt,
          }),
        );
    let answer: FileAnswer;
    let name: string;
    if (j.job.kind === 'original') {
      answer = await api.invoices.file(j.job.invoiceId, originalFormat(inv?.sourceFormat), signal);
      name = `${stem}.xml`;
    } else if (j.job.kind === 'image') {
      answer = await api.invoices.file(j.job.invoiceId, 'ORIGINAL_OR_GENERATED_IMAGE', signal);
      name = `${stem}.pdf`;
    } else {
      answer = await api.invoices.attachment(j.job.invoiceId, j.job.remoteFileId ?? '', signal);
      name = receivedFileName(`${stem} - ${sanitizeFileName(answer.filename ?? j.job.filename)}`);
    }
    const date = inv?.date ?? inv?.receivedAt;
    return { answer, dir, name, kind: 'invoice' as const, id: j.job.invoiceId, expect: expectationOf(ctx, j, inv), date };
  }
  if (j.table === 'documentFiles') {
    const doc = store.documents.get(account.id, j.job.documentId);
    const answer = await api.documents.fileContent(j.job.fileId, signal);
    const stem = readableName({ date: doc?.createdAt, party: doc?.senderName, number: doc?.number ?? j.job.documentId }, '').replace(
      /\.$/,
      '',
    );
    const name = receivedFileName(`${stem} - ${sanitizeFileName(answer.filename ?? j.job.filename)}`);
    const dir = inboxFolder(
      account.root,
      account.inboxLayout,
      'documentFiles',
      filedItem('documentFiles', {
        date: doc?.createdAt ?? null,
        receivedAt: doc?.receivedAt ?? null,
        senderName: doc?.senderName ?? null,
        mirroredAt: j.job.createdAt,
      }),
    );
    const date = doc?.createdAt ?? doc?.receivedAt;
    return { answer, dir, name, kind: 'document' as const, id: j.job.documentId, expect: expectationOf(ctx, j), date };
  }
  const answer = await api.bankMessages.content(j.job.kind, j.job.id, signal);
  const date = new Date(j.job.createdAt).toISOString().slice(0, 10);
  const name = `${date} ${j.job.kind.toUpperCase()} ${j.job.id}${extensionFor(answer.contentType, '.xml')}`;
  return {
    answer,
    dir: inboxFolder(
      account.root,
      account.inboxLayout,
      'bankMessages',
      filedItem('bankMessages', { date: null, receivedAt: null, senderName: null, mirroredAt: j.job.createdAt }),
    ),
    name,
    kind: 'bank_message' as const,
    id: j.job.id,
    expect: expectationOf(ctx, j),
    date,
  };
}

/**
 * Files this process named whose job is not recorded done yet: another job's (two invoices sent
 * twice alike write the same bytes under the same name at once), never what a crash left.
 */
const unrecorded = new Set<string>();

/**
 * A crash after writing but before recording must not leave the same file twice: a file with these
 * bytes under the wanted name that no finished job owns, nor a job of this process in flight, is
 * this job's own, written before the crash. It is recognised when its name turns out taken, so a
 * name that is free costs no look beforehand.
 */
function writeOrReuse(ctx: SyncContext, dir: string, wanted: string, data: Buffer, hash: string): Promise<string> {
  const { store } = ctx;
  const taken = (path: string) =>
    unrecorded.has(path) ||
    store.invoiceFiles.ownerOf(path) !== null ||
    store.documentFiles.ownerOf(path) !== null ||
    store.bankMessages.ownerOf(path) !== null;
  let named: string | null = null;
  return writeFileAtomic(dir, wanted, data, {
    isSame: async (path) => !taken(path) && (await sha256File(path).catch(() => null)) === hash && !taken(path),
    named: (path) => {
      named = path;
      unrecorded.add(path);
    },
  }).catch((e: unknown) => {
    // Named but not flushed: the next try may take that file for its own.
    if (named) unrecorded.delete(named);
    throw e;
  });
}
