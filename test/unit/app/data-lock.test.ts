import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, type LockDeps, type LockHolder, takeDataLock } from '../../../main/core/app/data-lock';
import { dataLockDir } from '../../../main/core/paths';
import { NPM_CLI_NODE_ARGS } from '../../support/cli';
import { tempDir } from '../../support/temp';

const CHILD = new URL('../../support/lock-race-child.ts', import.meta.url).pathname;
const NOW = Date.parse('2026-12-01T22:10:00');

/** This computer as the lock sees it; `alive` the PIDs that run. */
function deps(o: Partial<LockDeps> & { alive?: number[] } = {}): LockDeps {
  return {
    now: () => NOW,
    host: () => 'office-pc',
    pid: 100,
    isAlive: (pid) => (o.alive ?? []).includes(pid),
    bootTime: () => NOW - 86_400_000,
    startTime: () => NOW - 1000,
    newToken: () => `token-${Math.random()}`,
    ...o,
  };
}

/** Makes `h` the folder's lock, as a process that held it would have left it. */
function plant(dataDir: string, h: Partial<LockHolder>): void {
  const holder: LockHolder = { kind: 'desktop', pid: 1234, host: 'office-pc', startedAt: NOW - 3_600_000, token: 'old', ...h };
  takeDataLock(dataDir, { kind: 'cli' }, { deps: deps({ pid: 1 }) }).release();
  for (const f of readdirSync(dataLockDir(dataDir))) writeFileSync(join(dataLockDir(dataDir), f), JSON.stringify(holder));
}

const refusal = (f: () => unknown): DataFolderInUseError => {
  try {
    f();
  } catch (e) {
    if (e instanceof DataFolderInUseError) return e;
    throw e;
  }
  throw new Error('was not refused');
};

describe('the data folder lock', () => {
  it('refuses a second taker while the first runs, naming it in one line, and is free again after a release', () => {
    const dir = tempDir('einvoice-lock-');
    const first = takeDataLock(dir, { kind: 'cli', command: 'sync' }, { deps: deps({ pid: 4321 }) });
    const e = refusal(() => takeDataLock(dir, { kind: 'desktop' }, { deps: deps({ alive: [4321] }) }));
    expect(e.message).toBe(
      `Another E-Invoice Sync is using this data folder (${dir}): the command \`sync\`, PID 4321 on host office-pc since 22:10. Close it first, then try again.`,
    );
    first.release();
    takeDataLock(dir, { kind: 'desktop' }, { deps: deps({ alive: [4321] }) }).release();
  });

  it('takes over a lock whose process is gone, and one written before this computer last started', () => {
    const dead = tempDir('einvoice-lock-');
    plant(dead, { pid: 1234 });
    expect(takeDataLock(dead, { kind: 'cli' }, { deps: deps({ alive: [] }) }).holder.pid).toBe(100);

    const beforeBoot = tempDir('einvoice-lock-');
    plant(beforeBoot, { pid: 1234, startedAt: NOW - 2 * 86_400_000 });
    expect(takeDataLock(beforeBoot, { kind: 'cli' }, { deps: deps({ alive: [1234] }) }).holder.pid).toBe(100);
  });

  it('never takes over a lock from another computer unless told to, and says why', () => {
    const dir = tempDir('einvoice-lock-');
    plant(dir, { host: 'laptop', startedAt: NOW - 2 * 86_400_000 });
    const e = refusal(() => takeDataLock(dir, { kind: 'cli', command: 'sync' }, { deps: deps() }));
    expect(e.why).toBe('other-host');
    expect(e.message).toContain('the desktop app, PID 1234 on host laptop since 2026-11-29 22:10.');
    expect(e.message).toContain('this computer cannot tell whether that one still runs');
    expect(e.message).toContain('--take-over');
    expect(takeDataLock(dir, { kind: 'cli' }, { deps: deps(), takeOverOtherHost: true }).holder.host).toBe('office-pc');
  });

  it('tells this process holding the folder from an earlier process that had the same PID', () => {
    const dir = tempDir('einvoice-lock-');
    const mine = takeDataLock(dir, { kind: 'headless' }, { deps: deps() });
    expect(refusal(() => takeDataLock(dir, { kind: 'cli' }, { deps: deps() })).message).toContain('headless mode');
    mine.release();
    plant(dir, { pid: 100, startedAt: NOW - 3_600_000 });
    expect(takeDataLock(dir, { kind: 'cli' }, { deps: deps() }).holder.pid).toBe(100);
  });

  it('a release leaves the highest generation in place, marked released, and keeps no older ones', () => {
    const dir = tempDir('einvoice-lock-');
    for (let i = 0; i < 3; i++) takeDataLock(dir, { kind: 'cli' }, { deps: deps() }).release();
    const files = readdirSync(dataLockDir(dir));
    expect(files).toEqual(['3.json']);
    expect(JSON.parse(readFileSync(join(dataLockDir(dir), '3.json'), 'utf8')).released).toBe(true);
  });

  it('of four processes taking it again and again, over released and stale locks alike, never two hold it at once', {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir('einvoice-lock-race-');
    // A PID that just ended: the racers leave their locks naming it, as a killed process does.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    const start = Date.now() + 6000;
    const racers = Array.from({ length: 4 }, () =>
      spawn(process.execPath, [...NPM_CLI_NODE_ARGS, CHILD, dir, String(start), '3000', String(gone.pid)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const counts = await Promise.all(
      racers.map(
        (p) =>
          new Promise<{ won: number; refused: number; together: number }>((resolve, reject) => {
            let out = '';
            p.stdout.on('data', (d: Buffer) => {
              out += d.toString();
            });
            p.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`racer exited ${code}: ${out}`))));
          }),
      ),
    );
    const sum = (k: 'won' | 'refused' | 'together') => counts.reduce((n, c) => n + c[k], 0);
    // Every racer won some turns, and was refused others: they did contend.
    for (const c of counts) expect(c.won, JSON.stringify(counts)).toBeGreaterThan(10);
    expect(sum('refused'), JSON.stringify(counts)).toBeGreaterThan(100);
    expect(sum('together'), JSON.stringify(counts)).toBe(0);
  });
});
