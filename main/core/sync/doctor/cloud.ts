/**
 * Whether a folder lies in one a cloud client syncs, told by its path (the clients' own folder names and
 * the places the systems give them), never by asking the client. Windows' OneDrive sets the variables
 * OneDrive, OneDriveCommercial and OneDriveConsumer to its folders; macOS puts File Provider clients
 * (OneDrive, Dropbox, Google Drive, Box) under ~/Library/CloudStorage and iCloud Drive under
 * ~/Library/Mobile Documents.
 */

export interface CloudFolder {
  provider: string;
  /** The synced folder the root is in. */
  path: string;
}

const ENV_FOLDERS = ['OneDrive', 'OneDriveCommercial', 'OneDriveConsumer'] as const;

/** Provider names as the clients spell their folders (a business OneDrive is "OneDrive - Company"). */
const BY_SEGMENT: readonly [RegExp, string][] = [
  [/^OneDrive( - .+)?$/i, 'OneDrive'],
  [/^Dropbox( \(.+\))?$/i, 'Dropbox'],
  [/^(Google Drive|GoogleDrive|My Drive)$/i, 'Google Drive'],
  [/^iCloud ?Drive$/i, 'iCloud Drive'],
  [/^Box( Sync)?$/i, 'Box'],
  [/^pCloud ?Drive$/i, 'pCloud'],
];

/** `~/Library/CloudStorage/<Provider>-<account>`: the macOS File Provider's folders. */
const FILE_PROVIDER: readonly [RegExp, string][] = [
  [/^OneDrive/i, 'OneDrive'],
  [/^Dropbox/i, 'Dropbox'],
  [/^GoogleDrive/i, 'Google Drive'],
  [/^Box/i, 'Box'],
];

const segmentsOf = (p: string) => p.split(/[\\/]+/).filter((s) => s !== '');
const joinUpTo = (p: string, segs: string[], n: number) => {
  const sep = p.includes('\\') && !p.includes('/') ? '\\' : '/';
  const lead = p.startsWith('/') ? '/' : p.startsWith('\\\\') ? '\\\\' : '';
  return lead + segs.slice(0, n + 1).join(sep);
};

const under = (child: string, parent: string) => {
  const norm = (s: string) =>
    s
      .replace(/[\\/]+/g, '/')
      .replace(/\/$/, '')
      .toLowerCase();
  const c = norm(child);
  const p = norm(parent);
  return p !== '' && (c === p || c.startsWith(`${p}/`));
};

/** The cloud-synced folder `root` lies in, or null. `env` gives Windows' OneDrive variables. */
export function cloudFolderOf(root: string, env: Readonly<Record<string, string | undefined>> = {}): CloudFolder | null {
  for (const name of ENV_FOLDERS) {
    const folder = env[name];
    if (folder && under(root, folder)) return { provider: 'OneDrive', path: folder };
  }
  const segs = segmentsOf(root);
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i] as string;
    const next = segs[i + 1];
    if (s === 'Library' && next === 'Mobile Documents') return { provider: 'iCloud Drive', path: joinUpTo(root, segs, i + 1) };
    if (s === 'Library' && next === 'CloudStorage' && segs[i + 2]) {
      const folder = segs[i + 2] as string;
      const known = FILE_PROVIDER.find(([re]) => re.test(folder));
      return { provider: known ? known[1] : folder.replace(/-.*$/, ''), path: joinUpTo(root, segs, i + 2) };
    }
    const known = BY_SEGMENT.find(([re]) => re.test(s));
    if (known) return { provider: known[1], path: joinUpTo(root, segs, i) };
  }
  return null;
}

/** Windows' file attributes that mark a cloud placeholder whose bytes are not on this computer. */
export const FILE_ATTRIBUTE = {
  OFFLINE: 0x1000,
  REPARSE_POINT: 0x400,
  RECALL_ON_OPEN: 0x40000,
  RECALL_ON_DATA_ACCESS: 0x400000,
} as const;

/**
 * What the attribute probe answers for a file: its Windows attribute bits when the host can read them,
 * and whether it is a cloud placeholder (a reparse point of a cloud tag). Node reads neither, so the
 * probe is passed in (tests give a fake one); the default guesses from what `stat` says everywhere.
 */
export interface FileAttributes {
  attributes: number;
  cloudReparse?: boolean;
}

export type AttributeProbe = (path: string, stats: { size: number; blocks: number }) => Promise<FileAttributes | null>;

/** Below this size a file may live inside its folder's record (NTFS) and take no blocks of its own. */
const RESIDENT_BYTES = 4096;

/**
 * The portable probe: a file of some size that takes no blocks on disk has its bytes elsewhere (libuv
 * reports NTFS's allocation size as blocks; a dataless file of a macOS File Provider has none too).
 */
export const statProbe: AttributeProbe = async (_path, stats) =>
  stats.size > RESIDENT_BYTES && stats.blocks === 0 ? { attributes: FILE_ATTRIBUTE.RECALL_ON_DATA_ACCESS } : null;

/** Whether the attributes say the file's bytes are not on this computer. */
export function isOnlineOnly(a: FileAttributes | null): boolean {
  if (!a) return false;
  const recall = FILE_ATTRIBUTE.RECALL_ON_DATA_ACCESS | FILE_ATTRIBUTE.RECALL_ON_OPEN | FILE_ATTRIBUTE.OFFLINE;
  return (a.attributes & recall) !== 0 || (a.cloudReparse === true && (a.attributes & FILE_ATTRIBUTE.REPARSE_POINT) !== 0);
}
