import { describe, expect, it } from 'vitest';
import { type MarkDeps, markFromInternet } from '../../../main/core/sync/mark-of-web';

function recording(platform: NodeJS.Platform) {
  const writes: [string, string][] = [];
  const runs: [string, string[]][] = [];
  const deps: MarkDeps = {
    platform,
    writeFile: async (path, data) => void writes.push([path, data]),
    execFile: async (file, args) => void runs.push([file, args]),
    now: () => 1_700_000_000_000,
  };
  return { deps, writes, runs };
}

describe('markFromInternet', () => {
  it('writes the Zone.Identifier stream of zone 3 on Windows, and runs nothing', async () => {
    const r = recording('win32');
    expect(await markFromInternet('C:\\Inbox\\a.pdf', r.deps)).toBe(true);
    expect(r.writes).toEqual([['C:\\Inbox\\a.pdf:Zone.Identifier', '[ZoneTransfer]\r\nZoneId=3\r\n']]);
    expect(r.runs).toEqual([]);
  });

  it('sets the quarantine attribute with xattr on macOS, the path as its own argument', async () => {
    const r = recording('darwin');
    const path = '/Users/a/Inbox/x; rm -rf ~.pdf';
    expect(await markFromInternet(path, r.deps)).toBe(true);
    expect(r.runs).toEqual([['/usr/bin/xattr', ['-w', 'com.apple.quarantine', '0081;6553f100;E-Invoice Sync;', path]]]);
    expect(r.writes).toEqual([]);
  });

  it('does nothing on Linux', async () => {
    const r = recording('linux');
    expect(await markFromInternet('/home/a/x.pdf', r.deps)).toBe(false);
    expect(r.writes).toEqual([]);
    expect(r.runs).toEqual([]);
  });
});
