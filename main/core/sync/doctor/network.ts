import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/**
 * Whether a folder is on a network share: a UNC path (\\server\share), a Windows drive letter mapped to
 * one (as `net use` lists it), or a mount of a network file system (Linux's /proc/mounts, the BSD
 * `mount` listing of macOS). The listings are read by the caller's reader, so tests hand in text.
 */
export interface NetworkShare {
  how: 'unc' | 'mapped' | 'mount';
  share: string | null;
  fsType: string | null;
}

/** File systems that live on another computer. */
const NETWORK_FS =
  /^(nfs|nfs4|cifs|smb|smb2|smb3|smbfs|afpfs|afs|ncpfs|webdav|davfs|fuse\.davfs2|fuse\.sshfs|sshfs|fuse\.rclone|fuse\.s3fs|ceph|fuse\.ceph|glusterfs|fuse\.glusterfs|lustre|vboxsf|fuse\.gvfsd-fuse)$/i;

export interface Mount {
  source: string;
  point: string;
  fsType: string;
}

/** /proc/mounts escapes spaces, tabs, newlines and backslashes as octal. */
const unescapeOctal = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));

/** The mounts of a /proc/mounts text ("source point type options 0 0") or of `mount`'s "source on point (type, options)". */
export function parseMounts(text: string): Mount[] {
  const out: Mount[] = [];
  for (const line of text.split('\n')) {
    const bsd = /^(.+?) on (.+) \(([^,)]+)[,)]/.exec(line);
    if (bsd) {
      out.push({ source: bsd[1] as string, point: bsd[2] as string, fsType: (bsd[3] as string).trim() });
      continue;
    }
    const f = line.trim().split(/\s+/);
    if (f.length >= 3) out.push({ source: unescapeOctal(f[0] as string), point: unescapeOctal(f[1] as string), fsType: f[2] as string });
  }
  return out;
}

const within = (path: string, point: string) =>
  point === '/' || path === point || path.startsWith(point.endsWith('/') ? point : `${point}/`);

/** The mount a POSIX path lies on (the longest mount point above it), or null. */
export function mountOf(path: string, mounts: readonly Mount[]): Mount | null {
  let best: Mount | null = null;
  for (const m of mounts) if (within(path, m.point) && (!best || m.point.length >= best.point.length)) best = m;
  return best;
}

/** `net use` rows: "OK           Z:        \\server\share   Microsoft Windows Network" (the status word is localized). */
export function parseNetUse(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /(?:^|\s)([A-Za-z]):\s+(\\\\[^\s]+)/.exec(line);
    if (m) out.set((m[1] as string).toUpperCase(), m[2] as string);
  }
  return out;
}

export interface NetworkListings {
  platform: NodeJS.Platform;
  /** /proc/mounts or `mount`'s output; null when there is none to read. */
  mounts: string | null;
  /** `net use`'s output on Windows; null elsewhere or when it could not run. */
  netUse: string | null;
}

/** The network share `root` lies on, or null. */
export function networkShareOf(root: string, l: NetworkListings): NetworkShare | null {
  const unc = /^(?:\\\\|\/\/)(?![?.][\\/])([^\\/]+)[\\/]+([^\\/]+)/.exec(root);
  if (unc) return { how: 'unc', share: `\\\\${unc[1]}\\${unc[2]}`, fsType: null };
  const long = /^\\\\\?\\UNC\\([^\\]+)\\([^\\]+)/i.exec(root);
  if (long) return { how: 'unc', share: `\\\\${long[1]}\\${long[2]}`, fsType: null };
  const drive = /^([A-Za-z]):/.exec(root);
  if (drive) {
    const share = l.netUse ? parseNetUse(l.netUse).get((drive[1] as string).toUpperCase()) : undefined;
    return share ? { how: 'mapped', share, fsType: null } : null;
  }
  if (!l.mounts) return null;
  const m = mountOf(root, parseMounts(l.mounts));
  return m && NETWORK_FS.test(m.fsType) ? { how: 'mount', share: m.source, fsType: m.fsType } : null;
}

const run = (cmd: string, args: string[]) =>
  new Promise<string | null>((resolve) => {
    execFile(cmd, args, { timeout: 5000, windowsHide: true, maxBuffer: 1 << 20 }, (e, stdout) => resolve(e ? null : stdout));
  });

/** This computer's listings: /proc/mounts on Linux, `mount` on macOS and the BSDs, `net use` on Windows. */
export async function readListings(platform: NodeJS.Platform = process.platform): Promise<NetworkListings> {
  if (platform === 'win32') return { platform, mounts: null, netUse: await run('net', ['use']) };
  if (platform === 'linux') return { platform, mounts: await readFile('/proc/mounts', 'utf8').catch(() => null), netUse: null };
  return { platform, mounts: await run('mount', []), netUse: null };
}
