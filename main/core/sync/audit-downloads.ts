import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SyncContext } from './context';
import { expectationOf, type Job } from './download-expectations';
import { moveUnique, writeFileAtomic } from './files';
import { verifyDownload } from './verify-download';

/** Where a file that is not what it should be is moved, beside where it was: never deleted. */
export const SET_ASIDE = 'Set aside';
/** Files checked per pass: a mirror of 100,000 files from an earlier version is checked over many passes. */
const PER_PASS = 2000;

/**
 * Files an earlier version wrote without verifying them are checked once: one that is not what was
 * asked for (a garbage answer saved as an invoice) is moved into "Set aside" beside it with a note,
 * and its job is fetched again; a file that vanished is fetched again. Answers how many were redone.
 */
export async function auditDownloads(ctx: SyncContext, limit = PER_PASS): Promise<number> {
  const { store, account } = ctx;
  let redone = 0;
  const tables = ['invoiceFiles', 'documentFiles', 'bankMessages'] as const;
  for (const table of tables) {
    for (const job of store[table].listUnverified(account.id, limit)) {
      const j = { table, job } as Job;
      const repo = store[table];
      const path = job.path;
      let data: Buffer | null = null;
      if (path) data = await readFile(path).catch(() => null);
      const problem = data === null ? 'the file was gone' : verifyDownload(data, null, expectationOf(ctx, j));
      if (!problem) {
        repo.markVerified(job.jobId);
        continue;
      }
      if (data !== null && path) await setAside(ctx, path, problem);
      if (repo.refetch(job.jobId, `Fetched again: ${problem}`)) redone++;
    }
  }
  if (redone) {
    const message = `${redone} file(s) saved by an earlier version were not what the service has; they were set aside and are fetched again`;
    store.activity.append({ accountId: account.id, level: 'warn', kind: 'download.set_aside', message, ref: SET_ASIDE });
    ctx.log.warn(message, { account: account.name });
  }
  return redone;
}

async function setAside(ctx: SyncContext, path: string, problem: string): Promise<void> {
  const dir = join(dirname(path), SET_ASIDE);
  const moved = await moveUnique(path, dir, basename(path));
  const note = [
    `E-Invoice Sync moved "${basename(path)}" here on ${new Date(ctx.now()).toISOString()}: it is not the file the service has.`,
    '',
    `What was wrong: ${problem}.`,
    '',
    'The real file is fetched again into the folder above. This copy is kept in case you need it; you may delete it and this note.',
    '',
  ].join('\n');
  await writeFileAtomic(dir, `${basename(moved)}.why.txt`, Buffer.from(note, 'utf8'));
}
