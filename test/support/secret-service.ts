import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { openKeychain, probeKeychain } from '../../main/core/secrets';
import { keptTempDir } from './temp';

export interface TestKeychain {
  /** Null when the keychain can be used; else why not, in one line. */
  unavailable: string | null;
  /** The Secret Service this helper started (Linux), or none (the machine's own keychain). */
  started: boolean;
  stop(): Promise<void>;
}

const has = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** First line a child prints on stdout, or null when it exits or time runs out. */
function firstLine(child: ChildProcess, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const done = (v: string | null) => {
      clearTimeout(timer);
      resolve(v);
    };
    const timer = setTimeout(() => done(null), ms);
    child.stdout?.on('data', (b: Buffer) => {
      text += b.toString();
      if (text.includes('\n')) done(text.split('\n')[0]?.trim() || null);
    });
    child.once('exit', () => done(null));
  });
}

/** Stops a child this helper started, by its pid, and waits for it. */
async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}

/**
 * A keychain for the real library's tests. macOS and Windows have theirs. On Linux a Secret Service
 * needs a session bus: when this process has none, it starts a private one (dbus-daemon) with a
 * GNOME Keyring (gnome-keyring-daemon, unlocked with a throwaway password) in a temp home, as the
 * current user; the Debian packages dbus-daemon and gnome-keyring must be installed. Points this
 * process's DBUS_SESSION_BUS_ADDRESS at it until stop().
 */
export async function testKeychain(): Promise<TestKeychain> {
  const probe = async () => {
    try {
      await probeKeychain(await openKeychain({ service: 'E-Invoice Sync test probe' }), 5_000);
      return null;
    } catch (e) {
      return (e as Error).message.split('\n')[0] as string;
    }
  };
  if (process.platform !== 'linux') {
    const why = await probe();
    return { unavailable: why && `the OS keychain cannot be used: ${why}`, started: false, stop: async () => undefined };
  }
  if (process.env.DBUS_SESSION_BUS_ADDRESS && (await probe()) === null) {
    return { unavailable: null, started: false, stop: async () => undefined };
  }
  const missing = ['dbus-daemon', 'gnome-keyring-daemon'].filter((c) => !has(c));
  if (missing.length) {
    return {
      unavailable: `no Secret Service on this Linux machine and ${missing.join(' and ')} not installed (apt-get install dbus-daemon gnome-keyring)`,
      started: false,
      stop: async () => undefined,
    };
  }

  const home = keptTempDir('einvoice-keyring-');
  const runtime = `${home}/run`;
  mkdirSync(runtime, { mode: 0o700 });
  const env = { ...process.env, HOME: home, XDG_RUNTIME_DIR: runtime, XDG_DATA_HOME: `${home}/data`, XDG_CONFIG_HOME: `${home}/config` };
  const children: ChildProcess[] = [];
  const previous = process.env.DBUS_SESSION_BUS_ADDRESS;
  const stop = async () => {
    if (previous === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = previous;
    for (const c of children.reverse()) await end(c);
    rmSync(home, { recursive: true, force: true });
  };
  const fail = async (why: string): Promise<TestKeychain> => {
    await stop();
    return { unavailable: why, started: false, stop: async () => undefined };
  };

  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(bus);
  const address = await firstLine(bus, 5_000);
  if (!address) return fail('a private session bus (dbus-daemon) did not start');
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env: { ...env, DBUS_SESSION_BUS_ADDRESS: address },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  children.push(keyring);
  keyring.stdin?.end('throwaway test password');
  process.env.DBUS_SESSION_BUS_ADDRESS = address;
  // The daemon takes its name on the bus a moment after it starts.
  let why: string | null = 'not tried';
  for (let i = 0; i < 50 && why !== null; i++) {
    why = await probe();
    if (why !== null) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (why !== null) return fail(`a private GNOME Keyring did not answer: ${why}`);
  return { unavailable: null, started: true, stop };
}
