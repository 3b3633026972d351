import { type ChildProcess, spawn } from 'node:child_process';
import { chmod } from 'node:fs/promises';

/**
 * Another program holding a file, portably: for root (who may read any file) a Linux write lease
 * taken by another process, which makes the app's non-blocking open fail with EAGAIN as a Windows
 * sharing violation fails with EBUSY; for anyone else a file the app may not open (chmod 000).
 */
export async function lockFile(path: string): Promise<{ reason: 'locked' | 'denied'; release(): Promise<void> }> {
  if (process.getuid?.() !== 0) {
    await chmod(path, 0o000);
    return { reason: 'denied', release: () => chmod(path, 0o644) };
  }
  const holder: ChildProcess = spawn(
    'python3',
    [
      '-c',
      [
        'import fcntl, os, signal, sys',
        'signal.signal(signal.SIGIO, signal.SIG_IGN)',
        'fd = os.open(sys.argv[1], os.O_RDWR)',
        'fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)',
        "print('held', flush=True)",
        'sys.stdin.read()',
      ].join('\n'),
      path,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    holder.stdout?.once('data', () => resolve());
    holder.once('exit', (code) => reject(new Error(`the lease holder ended (${code}): can this file system take a lease?`)));
    holder.once('error', (e) => reject(new Error(`python3 is needed to hold a file open as root: ${e.message}`)));
  });
  return {
    reason: 'locked',
    release: () =>
      new Promise<void>((resolve) => {
        holder.once('exit', () => resolve());
        holder.stdin?.end();
      }),
  };
}
