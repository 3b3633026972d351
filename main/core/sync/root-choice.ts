import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { RootCheckView } from '../../../shared/bridge/views';
import { sanitizeFileName } from '../../../shared/filenames';

/** What the checks need of an account: which one it is and where it syncs. */
export interface RootHolder {
  id: string;
  name: string;
  root: string;
}

/** Where new accounts go when no account of the user's own says where: a visible folder in the home folder. */
export const defaultRootsFolder = (home = homedir()) => join(home, 'E-Invoices');

const norm = (p: string) => resolve(p);
const inside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * How a folder meets the other accounts' roots: inside one of them (its Outbox would be synced twice,
 * its Inbox taken for another's files), holding one, or the very same folder. Null when apart.
 */
export function rootOverlap(
  root: string,
  accounts: readonly RootHolder[],
  except?: string,
): { kind: 'inside' | 'contains' | 'same'; account: RootHolder } | null {
  const at = norm(root);
  for (const a of accounts) {
    if (a.id === except) continue;
    const other = norm(a.root);
    if (other === at) return { kind: 'same', account: a };
    if (inside(at, other)) return { kind: 'inside', account: a };
    if (inside(other, at)) return { kind: 'contains', account: a };
  }
  return null;
}

/**
 * The folder the next account's root is proposed in: beside the roots the user chose (the folder most
 * of them share), never the app's own data folder (where the demo company lives, hidden on Linux and
 * macOS); the home folder's E-Invoices when there is no such root.
 */
export function rootsFolder(accounts: readonly RootHolder[], dataDir: string, home = homedir()): string {
  const counts = new Map<string, number>();
  for (const a of accounts) {
    const root = norm(a.root);
    if (root === norm(dataDir) || inside(root, norm(dataDir))) continue;
    const parent = dirname(root);
    counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [parent, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = parent;
  return best ?? defaultRootsFolder(home);
}

async function kindOf(path: string): Promise<'dir' | 'other' | 'absent'> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'other';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'absent';
    throw e;
  }
}

const writable = (path: string) =>
  access(path, constants.W_OK | constants.X_OK).then(
    () => true,
    () => false,
  );

/**
 * Whether a folder can be an account's root, as the add-account form shows it before saving: a full
 * path; a folder that is there and can be written, or one that can be made (the nearest folder that
 * is there can be written); apart from every other account's root. Reads only; makes nothing.
 */
export async function checkRootFolder(path: string, accounts: readonly RootHolder[], except?: string): Promise<RootCheckView> {
  const base = { path, exists: false, empty: false, account: null };
  if (!isAbsolute(path)) return { ...base, ok: false, problem: 'relative' };
  const root = norm(path);
  const overlap = rootOverlap(root, accounts, except);
  if (overlap) return { ...base, ok: false, problem: overlap.kind, account: overlap.account.name };
  const kind = await kindOf(root);
  if (kind === 'other') return { ...base, exists: true, ok: false, problem: 'notFolder' };
  if (kind === 'dir') {
    const empty = (await readdir(root).catch(() => ['?'])).length === 0;
    if (!(await writable(root))) return { ...base, exists: true, empty, ok: false, problem: 'notWritable' };
    return { ...base, exists: true, empty, ok: true, problem: null };
  }
  // Not there: the nearest folder above that is must take a new folder.
  let up = dirname(root);
  while (up !== dirname(up) && (await kindOf(up)) === 'absent') up = dirname(up);
  if ((await kindOf(up)) !== 'dir' || !(await writable(up))) return { ...base, ok: false, problem: 'notCreatable' };
  return { ...base, ok: true, problem: null };
}

/**
 * A root for a new account named `name`: the company's name as a folder beside the others, with
 * " 2", " 3"... when that folder is another account's or already holds files.
 */
export async function proposeRoot(name: string, accounts: readonly RootHolder[], dataDir: string, home = homedir()): Promise<string> {
  const parent = rootsFolder(accounts, dataDir, home);
  const stem = sanitizeFileName(name.trim(), 'Company');
  for (let n = 1; n < 1000; n++) {
    const candidate = join(parent, n === 1 ? stem : `${stem} ${n}`);
    if (rootOverlap(candidate, accounts) !== null) continue;
    const check = await checkRootFolder(candidate, accounts);
    if (!check.exists || check.empty) return candidate;
  }
  return join(parent, `${stem} ${Date.now()}`);
}
