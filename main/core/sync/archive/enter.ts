import { stat } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import type { SyncContext } from '../context';
import { absolute } from '../layout';
import type { NewEntry } from './chain-format';
import { hashStream } from './verify';

/** A path under the account's root as the chain names it (relative, forward slashes), or null when outside it. */
export function chainPath(root: string, path: string): string | null {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}

/** The day an item counts for: its own date when it reads as one, else the day `now` says. */
export function dayOf(date: string | null | undefined, now: number): string {
  const d = date?.slice(0, 10);
  return d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : new Date(now).toISOString().slice(0, 10);
}

/**
 * Enters files the sync has just put durably in place (a download after its write and folder flush, a
 * sent file after its move): the call answers once the entries are flushed, before the row that records
 * the file commits. Without an archive (a context a test built by hand) nothing is entered.
 */
export async function enterFiles(
  ctx: SyncContext,
  files: readonly { path: string; sha256: string; size: number; ref: string; date?: string | null; op?: NewEntry['op'] }[],
): Promise<void> {
  if (!ctx.archive) return;
  const entries: NewEntry[] = [];
  for (const f of files) {
    const rel = chainPath(ctx.account.root, f.path);
    if (!rel) continue;
    entries.push({ op: f.op ?? 'add', path: rel, sha256: f.sha256, size: f.size, ref: f.ref, date: dayOf(f.date, ctx.now()) });
  }
  await ctx.archive.append(entries);
}

/** Records files a reorganize moved (after the folders are flushed): the chain follows them, its history untouched. */
export async function enterMoves(ctx: SyncContext, moves: readonly { from: string; to: string; sha256: string | null }[]): Promise<void> {
  if (!ctx.archive || moves.length === 0) return;
  const { state } = await ctx.archive.current();
  const entries: NewEntry[] = [];
  for (const m of moves) {
    const from = chainPath(ctx.account.root, m.from);
    const to = chainPath(ctx.account.root, m.to);
    if (!from || !to) continue;
    const was = state.get(from);
    // A file the chain does not hold yet is entered where it is now by the next reconcile.
    if (!was) continue;
    entries.push({ op: 'move', from, path: to, sha256: m.sha256 ?? was.sha256, size: was.size, ref: was.ref, date: was.date });
  }
  await ctx.archive.append(entries);
}

const PAGE = 500;

/** What a reconcile needs: the engine runs one outside a runner before `archive verify`. */
export type ArchiveDeps = Pick<SyncContext, 'store' | 'account' | 'archive' | 'log'>;

/**
 * At every start: a file the app recorded as written (a finished download, a sent file in Sent/) that is
 * in place but not in the chain is entered, with `op: 'reconcile'` saying it was entered late. That is a
 * crash between a file's rename and its entry, and every file kept before the archive existed. The entry
 * carries the hash the app recorded when it wrote the file, so a file changed since is still found
 * changed; only a row without a recorded hash has its file hashed. Files the app has no record of are
 * never entered: `archive verify` calls them added. Answers how many it entered.
 */
export async function reconcileArchive(ctx: ArchiveDeps): Promise<number> {
  if (!ctx.archive) return 0;
  const { store, account } = ctx;
  const { state } = await ctx.archive.current();
  const late: NewEntry[] = [];
  const consider = async (path: string, recorded: string | null, ref: string) => {
    const rel = chainPath(account.root, path);
    if (!rel || state.has(rel)) return;
    const st = await stat(path).catch(() => null);
    if (!st?.isFile()) return;
    const sha256 = recorded ?? (await hashStream(path)).sha256;
    late.push({ op: 'reconcile', path: rel, sha256, size: st.size, ref, date: dayOf(null, st.mtimeMs) });
  };
  const tables = [
    ['invoiceFiles', 'invoice'],
    ['documentFiles', 'document'],
    ['bankMessages', 'bank_message'],
  ] as const;
  for (const [table, kind] of tables) {
    const repo = store[table];
    for (let after = 0; ; ) {
      const page = repo.listDoneFiles(account.id, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.jobId;
      for (const f of page) await consider(f.path, f.sha256, `${kind}:${refOf(ctx, table, f.jobId)}`);
    }
  }
  for (const job of store.outbox.listByStates(account.id, ['done'])) {
    if (job.destPath) await consider(absolute(account.root, job.destPath), job.sha256, `outbox:${job.id}`);
  }
  if (late.length === 0) return 0;
  await ctx.archive.append(late);
  const message = `${late.length} file(s) in place had no entry in the archive yet; they were entered now`;
  ctx.log.info(message, { count: late.length });
  ctx.store.activity.append({ accountId: account.id, level: 'info', kind: 'archive.reconciled', message, ref: null });
  return late.length;
}

function refOf(ctx: ArchiveDeps, table: 'invoiceFiles' | 'documentFiles' | 'bankMessages', jobId: number): string {
  if (table === 'invoiceFiles') return ctx.store.invoiceFiles.getJob(jobId)?.invoiceId ?? String(jobId);
  if (table === 'documentFiles') return ctx.store.documentFiles.getJob(jobId)?.documentId ?? String(jobId);
  return ctx.store.bankMessages.getJob(jobId)?.id ?? String(jobId);
}
