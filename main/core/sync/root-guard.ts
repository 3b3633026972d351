import { open, readFile, rename } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import type { StoreReader } from '../store/reader';
import type { SyncContext } from './context';
import { exists, fsyncDir } from './files';
import { ensureLayout } from './layout';

/**
 * A small hidden file in every account root that names the accounts syncing there. A share that is
 * unmounted leaves its mount point behind as an empty folder, and a drive letter can come back as
 * another disk: without the marker the engine cannot tell either from its own folder, and wrote
 * received files into the bare mount point, where they vanished under the remounted share.
 */
export const ROOT_MARKER = '.einvoice-sync-root';
/** How soon a pass looks again at a root that is not there (one stat: cheap), so sync resumes soon after it is back. */
export const ROOT_RECHECK_MS = 5000;

/** Cursor rows of the account (store/cursors.ts): the root the marker was written in, and the problem while it is gone. */
const CLAIMED = 'root_marker';
const MISSING = 'root_missing';

export interface RootCheck {
  /** The problem in plain words while the root is not the account's folder; null when it is. */
  gone: string | null;
  /** The root was gone and is back (in this process or an earlier one): the caller recovers what waited. */
  back: boolean;
}

/** The root is not the account's folder: thrown by a step that would write there (a move to Sent/ or Failed/). */
export class RootGoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RootGoneError';
  }
}

/** The problem the last check found, for `status` in another process than the engine's; null when none. */
export function rootProblem(store: Pick<StoreReader, 'cursors'>, accountId: string): string | null {
  return store.cursors.get(accountId, MISSING) ?? null;
}

/**
 * What the root holds now. The rule that lets installs from before the marker, new accounts and a
 * chosen new folder get one, and still never takes an empty mount point for the account's folder:
 * the database remembers the root the marker was written in (a cursor row, committed after the marker
 * is durable). Marker names this account: ours. Marker absent (or naming only others) and the
 * database remembers writing it at this very path: the folder is gone or is another one. Never
 * remembered for this path (a new account, an install that predates the marker, a folder the user
 * just chose): ours to claim, as the layout always was. An empty marker file is one the user put
 * back by hand ("the folder is the right one"): claimed again.
 */
async function look(ctx: SyncContext): Promise<'ours' | 'claim' | 'absent' | 'other'> {
  const { account, store } = ctx;
  const marker = await readMarker(account.root);
  if (marker !== 'absent' && marker !== 'empty' && marker !== 'unreadable' && marker.includes(account.id)) return 'ours';
  if (marker === 'empty' || store.cursors.get(account.id, CLAIMED) !== account.root) return 'claim';
  return marker === 'absent' ? 'absent' : 'other';
}

/**
 * Looked at before each pass and before anything of it writes into the root. Claims a root that was
 * never claimed (the layout, then the marker); says once, in the activity log, that a root is gone
 * (the runner tells it as a problem and in its state); when it is back, clears the problem and queues
 * again every file the database calls downloaded that is not on disk (written into the bare mount
 * point before a look saw it gone).
 */
export async function checkRoot(ctx: SyncContext, o: { layout: boolean }): Promise<RootCheck> {
  const { account, store } = ctx;
  const state = await look(ctx);
  const missing = store.cursors.get(account.id, MISSING);
  if (state === 'absent' || state === 'other') {
    const message = goneMessage(ctx, state);
    if (missing !== message) {
      store.transaction(() => {
        store.cursors.set(account.id, MISSING, message);
        store.activity.append({ accountId: account.id, level: 'error', kind: 'sync.root_missing', message, ref: account.root });
      });
      ctx.log.error(message, { root: account.root });
    } else {
      ctx.log.debug('the account folder is still not there', { root: account.root });
    }
    return { gone: message, back: false };
  }
  if (state === 'claim') {
    await claimRoot(store, account);
  } else {
    // A crash between the marker's rename and the row that remembers it: the marker is there, remembered now.
    if (store.cursors.get(account.id, CLAIMED) !== account.root) store.cursors.set(account.id, CLAIMED, account.root);
    if (o.layout || missing !== undefined) await ensureLayout(account.root);
  }
  if (missing === undefined) return { gone: null, back: false };
  const refetched = await refetchMissing(ctx);
  const message = `The folder ${account.root} of ${account.name} is back; syncing goes on${refetched ? `, and ${refetched} received file(s) missing from it are fetched again` : ''}.`;
  store.transaction(() => {
    store.cursors.clear(account.id, MISSING);
    store.activity.append({ accountId: account.id, level: 'info', kind: 'sync.root_back', message, ref: account.root });
  });
  ctx.log.info(message, { root: account.root });
  return { gone: null, back: true };
}

/**
 * Lays the root out and writes the account into its marker, then remembers that it did: at an
 * account's first layout (a new account, a new root) and for a root never claimed (an older install).
 */
export async function claimRoot(store: Store, account: Pick<Account, 'id' | 'root'>): Promise<void> {
  await ensureLayout(account.root);
  await writeMarker(account.root, account.id);
  store.cursors.set(account.id, CLAIMED, account.root);
}

/** Throws RootGoneError when the root is not the account's folder: for a step about to write into it. */
export async function assertRoot(ctx: SyncContext): Promise<void> {
  const state = await look(ctx);
  if (state === 'absent' || state === 'other') throw new RootGoneError(goneMessage(ctx, state));
}

function goneMessage(ctx: SyncContext, state: 'absent' | 'other'): string {
  const { root, name } = ctx.account;
  return state === 'absent'
    ? `The folder ${root} of ${name} is not there (a disconnected drive or share?). Nothing is written there until it is back. ` +
        `Connect it again and syncing goes on by itself; if the folder is there and only its hidden file ${ROOT_MARKER} was deleted, create an empty file of that name in it.`
    : `The folder ${root} of ${name} is another folder than the one the app set up (its hidden file ${ROOT_MARKER} names other accounts: another drive or share in its place?). ` +
        'Nothing is written there until the right one is back; connect it and syncing goes on by itself.';
}

type Marker = string[] | 'absent' | 'empty' | 'unreadable';

async function readMarker(root: string): Promise<Marker> {
  let text: string;
  try {
    text = await readFile(join(root, ROOT_MARKER), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // The root itself missing, or not a folder: the same as a root without the marker.
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'absent';
    return 'unreadable';
  }
  if (text.trim() === '') return 'empty';
  try {
    const parsed = JSON.parse(text) as { accounts?: unknown };
    return Array.isArray(parsed.accounts) ? parsed.accounts.filter((a): a is string => typeof a === 'string') : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * Adds the account to the root's marker, durably (written under a name of its own, synced, renamed
 * over, the folder synced), so that a power cut never leaves a remembered claim without its marker.
 * Two accounts may sync into one root; each adds itself.
 */
async function writeMarker(root: string, accountId: string): Promise<void> {
  const before = await readMarker(root);
  const accounts = [...new Set([...(Array.isArray(before) ? before : []), accountId])];
  const body = {
    app: 'E-Invoice Sync',
    accounts,
    about:
      'This folder is synced by E-Invoice Sync. Keep this file: without it the app takes the folder for a disconnected drive and writes nothing here.',
  };
  const tmp = join(root, `${ROOT_MARKER}.${accountId}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(`${JSON.stringify(body, null, 2)}\n`);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, join(root, ROOT_MARKER));
  await fsyncDir(root);
}

/** Files looked at per query: a mirror of 100,000 files is walked in pages. */
const PAGE = 500;

/**
 * Every download the database calls done whose file is not where its row says, under this root, is
 * fetched again. Run when a root comes back, not at every pass: a stat per file of the mirror.
 */
async function refetchMissing(ctx: SyncContext): Promise<number> {
  const { store, account } = ctx;
  const under = account.root.endsWith(sep) ? account.root : account.root + sep;
  let redone = 0;
  for (const table of ['invoiceFiles', 'documentFiles', 'bankMessages'] as const) {
    const repo = store[table];
    for (let after = 0; ; ) {
      const page = repo.listDoneFiles(account.id, after, PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]?.jobId ?? after;
      for (const f of page) {
        // A file a reorganize was moving is finished by the reorganize; one outside the root (an earlier root) is not ours to judge.
        if (f.movingTo || !f.path.startsWith(under) || (await exists(f.path).catch(() => true))) continue;
        if (repo.refetch(f.jobId, 'Fetched again: the file was missing when its folder came back')) redone++;
      }
    }
  }
  return redone;
}
