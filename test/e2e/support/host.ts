import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { SANDBOX_KEY_FILE, SANDBOX_KEY_HEADER } from '../../../shared/sandbox-key';
import { testProfile } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningHost {
  /**
   * An access link not used yet (each read gives another): a link opens one page session, once, so each
   * browser context the test opens needs its own. Links are made ahead, as many as a test file opens.
   */
  readonly url: string;
  /** http://127.0.0.1:<port>: where scripts send commands with the bearer key. */
  origin: string;
  /** http://einvoice-<random>.localhost:<port>: the page's origin (its session cookie's host). */
  pageOrigin: string;
  /** The scripts' bearer key, from the host's --token-file. */
  token: string;
  dataDir: string;
  /** What the host wrote on stderr (JSON log lines), for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A new user's environment: no secrets passphrase or store choice (the test runs' own, from
 * vitest.config.ts) and no session bus, like a fresh Linux server without a keychain. Their first run
 * must work all the same.
 */
function newUserEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
  for (const k of ['EINVOICE_SECRETS_PASSPHRASE', 'EINVOICE_SECRETS_STORE', 'DBUS_SESSION_BUS_ADDRESS']) delete env[k];
  return env;
}

/**
 * The real headless host (`npm run headless`) as a child process on its own data folder and a free
 * port; resolves when it prints the one line with its address (main/core/host/README.md).
 */
export async function startHost(
  opts: {
    dataDir?: string;
    keepData?: boolean /** Run `npm run headless` in this checkout instead of the host directly. */;
    npmIn?: string;
    /** Set in the host's environment besides the test run's (EINVOICE_RULES_DIR, say). */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<RunningHost> {
  const dataDir = opts.dataDir ?? keptTempDir('einvoice-e2e-');
  // The link and the bearer key go to a file, as a user running it as a service would have them.
  const tokenDir = keptTempDir('einvoice-e2e-token-');
  const tokenFile = join(tokenDir, 'access');
  const args = ['--data', dataDir, '--port', '0', '--token-file', tokenFile];
  const [command, argv] = opts.npmIn
    ? ['npm', ['run', '--silent', 'headless', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', 'main/core/host/bin.ts', ...args]];
  const child: ChildProcess = spawn(command, argv, {
    cwd: opts.npmIn ?? REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The demo's sandbox answers with the test project's profile (vitest.config.ts runs first-run on both).
    env: { ...(opts.npmIn ? newUserEnv() : { ...process.env, NODE_ENV: 'test' }), EINVOICE_SANDBOX_PROFILE: testProfile(), ...opts.env },
    // Its own process group, so that stopping npm stops the host it started too.
    detached: opts.npmIn !== undefined,
  });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.once('line', (l) => resolve(l));
    void exited.then((code) => reject(new Error(`the host exited (${code}) before printing its address:\n${stderr}`)));
  });
  const m = /running at (http:\/\/einvoice-[0-9a-f]+\.localhost:(\d+))\/ \(open the link in /.exec(line);
  if (!m?.[1] || !m[2]) throw new Error(`unexpected first line from the host: ${line}`);
  const pageOrigin = m[1];
  const origin = `http://127.0.0.1:${m[2]}`;
  const access = readFileSync(tokenFile, 'utf8');
  const first = /^link=(\S+)$/m.exec(access)?.[1];
  const token = /^bearer=(\S+)$/m.exec(access)?.[1];
  if (!first || !token) throw new Error(`unexpected token file: ${access.replace(/=\S+/g, '=…')}`);
  const links = [first, ...(await Promise.all(Array.from({ length: LINKS_AHEAD }, () => newLink(origin, token))))];
  return {
    get url() {
      const link = links.shift();
      if (!link) throw new Error(`the test opened more than ${LINKS_AHEAD + 1} pages on one host: raise LINKS_AHEAD`);
      return link;
    },
    origin,
    pageOrigin,
    token,
    dataDir,
    log: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        if (opts.npmIn && child.pid) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      }
      await exited;
      // npm may be gone before the host it started has finished its work in flight: wait for the group.
      if (opts.npmIn && child.pid) await groupGone(child.pid);
      await rm(tokenDir, { recursive: true, force: true });
      if (!opts.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Links made when the host starts, besides the one in its token file: more than any test file opens. */
const LINKS_AHEAD = 15;

/** One more one-time access link (POST /host/links with the bearer key). */
async function newLink(origin: string, token: string): Promise<string> {
  const res = await fetch(`${origin}/host/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin },
    body: '{}',
  });
  const body = (await res.json()) as { ok: boolean; value?: { link: string } };
  if (!body.value) throw new Error(`the host made no access link (${res.status})`);
  return body.value.link;
}

/**
 * The header the host's embedded sandbox wants on every request (issue 39): its key for this start,
 * which it keeps in its data folder for tools of the same user, as the tests are.
 */
export function sandboxKeyHeader(host: RunningHost): Record<string, string> {
  const key = readFileSync(join(host.dataDir, 'sandbox', SANDBOX_KEY_FILE), 'utf8').trim();
  return { [SANDBOX_KEY_HEADER]: key };
}

/** Calls a bridge command the way a script may (bearer token), for set-up and checks beside the UI. */
export async function bridgeCall<T>(host: RunningHost, name: string, input: unknown = {}): Promise<T> {
  const res = await fetch(`${host.origin}/bridge/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}`, origin: host.origin },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.value as T;
}

/** The host's pushed events as a script sees them (bearer token on the WebSocket handshake). */
export async function hostEvents(
  host: RunningHost,
): Promise<{ next(match: (event: string, payload: unknown) => boolean): Promise<void>; close(): void }> {
  const socket = new WebSocket(`${host.origin.replace(/^http/, 'ws')}/bridge/events`, {
    headers: { authorization: `Bearer ${host.token}`, origin: host.origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    next: (match) =>
      new Promise<void>((resolve) => {
        const on = (data: Buffer) => {
          const { event, payload } = JSON.parse(data.toString('utf8')) as { event: string; payload: unknown };
          if (!match(event, payload)) return;
          socket.off('message', on);
          resolve();
        };
        socket.on('message', on);
      }),
    close: () => socket.close(),
  };
}

/** Resolves once no process of the group is left (signal 0 tests for existence). */
async function groupGone(pgid: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    // A poll, not a sleep: nothing tells a parent that another process group has gone.
    await new Promise((r) => setTimeout(r, 50));
  }
}
