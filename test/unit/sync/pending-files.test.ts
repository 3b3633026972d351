import { describe, expect, it } from 'vitest';
import { PendingFiles } from '../../../main/core/sync/pending-files';
import type { ScannedFile } from '../../../main/core/sync/scan';

const file = (name: string): ScannedFile => ({
  relPath: `Outbox/Invoices/${name}`,
  folder: 'Outbox/Invoices',
  subdir: '',
  name,
  kind: 'invoice',
  documentType: null,
  size: 10,
  mtimeMs: 1,
  dev: 1,
  ino: 1,
});

describe('the pending files of an Outbox', () => {
  it('keeps a locked file locked until its own next try, with a growing wait, and forgets what got a row or left', () => {
    let now = 1_000_000;
    const p = new PendingFiles(() => now, 'win32');
    const busy = file('busy.xml');
    const free = file('free.xml');
    p.set(busy, 'checking', 'checking');
    p.set(free, 'checking', 'checking');
    expect(p.changed()).toBe(true);
    expect(p.failedOpen(busy, 'EBUSY', 2000)).toBe(true);
    expect(p.failedOpen(free, 'ENOENT', 2000)).toBe(false);
    p.settled(free.relPath);
    expect(p.list('a').map((f) => [f.file, f.state, f.reason, f.tries, f.code])).toEqual([
      ['Outbox/Invoices/busy.xml', 'locked', 'locked', 1, 'EBUSY'],
    ]);
    expect(p.lockedUntil(busy.relPath)).toBe(now + 2000);
    now += 2000;
    expect(p.lockedUntil(busy.relPath)).toBeNull();
    p.failedOpen(busy, 'EBUSY', 2000);
    expect(p.lockedUntil(busy.relPath)).toBe(now + 4000);
    expect(p.nextLockTry()).toBe(now + 4000);
    expect(p.locked()).toEqual([busy.relPath]);
    expect(p.changed()).toBe(true);
    expect(p.changed()).toBe(false);
    // Written to again: settling, its tries forgotten.
    p.set(busy, 'settling', 'writing', now + 2000);
    expect(p.list('a')[0]).toMatchObject({ state: 'settling', tries: 0, code: null });
    p.keepOnly(new Set());
    expect(p.list('a')).toEqual([]);
    expect(p.changed()).toBe(true);
  });
});
