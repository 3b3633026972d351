import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { keptTempDir } from './temp';

// A full disk, a read-only folder: made for real on a small tmpfs, as a user's full drive or a share
// gone read-only is, not by a mock of the file calls. Only root may mount (CI and this machine run the
// tests as root); elsewhere the tests that need it are skipped with the reason.

function mount(...args: string[]): void {
  execFileSync('mount', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Why a small tmpfs cannot be mounted here, or null when it can (tried once, for real: a container
 * may run as root and still be refused).
 */
export function whyNoMount(): string | null {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root (CI runs the tests as root)';
  const dir = keptTempDir('einvoice-mount-probe-');
  try {
    mount('-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir);
    mount('-o', 'remount,ro', dir);
    execFileSync('umount', [dir]);
    return null;
  } catch (e) {
    return `this system refuses a tmpfs mount: ${((e as { stderr?: Buffer }).stderr?.toString() || (e as Error).message).trim()}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SmallDisk {
  dir: string;
  /** Takes every free byte but `leaveKb` (a file of zeros, `filler`): the next writes fail with ENOSPC. */
  fill(leaveKb?: number): void;
  /** Frees what fill() took. */
  free(): void;
  readOnly(ro: boolean): void;
}

/**
 * A tmpfs of `sizeKb` mounted on `dir` (made when missing) for the current test, unmounted when the
 * test ends. Call only where whyNoMount() answered null.
 */
export function smallDisk(dir: string, sizeKb: number): SmallDisk {
  mkdirSync(dir, { recursive: true });
  mount('-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir);
  onTestFinished(() => {
    execFileSync('umount', ['-l', dir]);
  });
  const filler = join(dir, '.filler');
  return {
    dir,
    fill(leaveKb = 0) {
      // df answers the free 1K blocks; the filler takes them all but what the test leaves.
      const free = Number(execFileSync('df', ['--output=avail', '-k', dir]).toString().trim().split('\n').pop());
      const kb = Math.max(0, free - leaveKb);
      try {
        writeFileSync(filler, Buffer.alloc(kb * 1024), { flag: 'a' });
      } catch (e) {
        // The last block or two that metadata takes: full is what is wanted.
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    readOnly(ro) {
      mount('-o', ro ? 'remount,ro' : 'remount,rw', dir);
    },
  };
}
