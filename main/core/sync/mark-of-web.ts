import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * What Windows reads as the Mark-of-the-Web: zone 3 is the Internet. With it, SmartScreen asks before
 * a program runs, Office opens the file in Protected View with macros off, and Explorer carries the
 * mark into what is unpacked from a zip.
 */
export const ZONE_IDENTIFIER_STREAM = ':Zone.Identifier';
export const ZONE_IDENTIFIER = '[ZoneTransfer]\r\nZoneId=3\r\n';
/** macOS's own mark of a downloaded file: Gatekeeper checks it, and the Finder asks before opening. */
export const QUARANTINE_XATTR = 'com.apple.quarantine';

export interface MarkDeps {
  platform: NodeJS.Platform;
  writeFile(path: string, data: string): Promise<void>;
  execFile(file: string, args: string[]): Promise<unknown>;
  /** Epoch ms, for the quarantine attribute's time. */
  now(): number;
}

const run = promisify(execFile);

export const systemMarkDeps: MarkDeps = {
  platform: process.platform,
  writeFile: (path, data) => writeFile(path, data),
  execFile: (file, args) => run(file, args),
  now: Date.now,
};

/**
 * Marks a file the service sent as come from the Internet, the way a browser marks its downloads, so
 * the system treats what a stranger sent with the care it gives downloads: an NTFS alternate data
 * stream `<file>:Zone.Identifier` on Windows, the `com.apple.quarantine` attribute on macOS (written
 * by xattr, without a shell), nothing elsewhere. Answers whether a mark was written; a folder that
 * cannot hold one (FAT, exFAT, some network shares) leaves the file unmarked, which the caller logs.
 */
export async function markFromInternet(path: string, deps: MarkDeps = systemMarkDeps): Promise<boolean> {
  if (deps.platform === 'win32') {
    await deps.writeFile(`${path}${ZONE_IDENTIFIER_STREAM}`, ZONE_IDENTIFIER);
    return true;
  }
  if (deps.platform === 'darwin') {
    // flags;time (hex seconds);agent;event id: 0081 is what browsers write for a download.
    const value = `0081;${Math.floor(deps.now() / 1000).toString(16)};E-Invoice Sync;`;
    await deps.execFile('/usr/bin/xattr', ['-w', QUARANTINE_XATTR, value, path]);
    return true;
  }
  return false;
}
