import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge/api';
import type { AccountView, AppInfo } from '../../../shared/bridge/views';
import { fileTempDir } from '../../support/temp';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = fileTempDir('einvoice-headless-');
const secretsDir = fileTempDir('einvoice-headless-secrets-');

interface Running {
  child: ChildProcess;
  /** The address printed on stdout. */
  printed: string;
  /** http://127.0.0.1:<port>, for scripts. */
  origin: string;
  /** The scripts' bearer key, from the token file (null without one). */
  bearer: string | null;
  tokenFile: string | null;
  stdout: () => string;
  exit: Promise<number | null>;
}

/** `npm run headless -- --data DIR --port 0 [--token-file PATH]`, as the same node process npm would start. */
async function headless(data = dataDir, env: NodeJS.ProcessEnv = {}, withTokenFile = true): Promise<Running> {
  const tokenFile = withTokenFile ? join(fileTempDir('einvoice-headless-token-'), 'access') : null;
  const args = [
    '--import',
    'tsx',
    'main/core/host/bin.ts',
    '--data',
    data,
    '--port',
    '0',
    ...(tokenFile ? ['--token-file', tokenFile] : []),
  ];
  const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /running at (\S+)/.exec(out);
      if (m?.[1] && out.includes('\n')) resolve(m[1]);
    });
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    exit.then((code) => reject(new Error(`headless exited (${code}) before printing its address: ${err}`)));
  });
  const port = new URL(printed).port;
  const bearer = tokenFile ? (/^bearer=(\S+)$/m.exec(readFileSync(tokenFile, 'utf8'))?.[1] ?? null) : null;
  return { child, printed, origin: `http://127.0.0.1:${port}`, bearer, tokenFile, stdout: () => out, exit };
}

async function call<T>(h: Running, name: string): Promise<T> {
  const res = await fetch(`${h.origin}/bridge/${name}`, {
    method: 'POST',
    headers: { origin: h.origin, 'content-type': 'application/json', authorization: `Bearer ${h.bearer}` },
    body: '{}',
  });
  const r = (await res.json()) as BridgeResult<T>;
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A GET as the browser sends it to the printed link's host name (Node's resolver may not know *.localhost). */
function get(link: string, headers: Record<string, string> = {}): Promise<{ status: number; cookie: string }> {
  const u = new URL(link);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: u.port, path: `${u.pathname}${u.search}`, headers: { host: u.host, accept: 'text/html', ...headers } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '' });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('npm run headless', () => {
  it('prints one line with the address, runs the demo company on first start, and stops cleanly on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const first = await headless();
    // With --token-file, stdout has the address without its token; the file, 0600, has the link and the bearer key.
    expect(first.stdout()).toMatch(
      /^E-Invoice Sync is running at http:\/\/einvoice-[0-9a-f]{20}\.localhost:\d+\/ \(open the link in .+\)\n$/,
    );
    const file = readFileSync(first.tokenFile as string, 'utf8');
    expect(statSync(first.tokenFile as string).mode & 0o777).toBe(0o600);
    const link = /^link=(\S+)$/m.exec(file)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/einvoice-[0-9a-f]{20}\.localhost:\d+\/\?token=[\w-]{43}$/);
    expect(first.bearer).toMatch(/^[\w-]{43}$/);
    for (const secret of [new URL(link).searchParams.get('token') ?? '', first.bearer ?? '']) expect(first.stdout()).not.toContain(secret);
    expect((await get(link)).status).toBe(302);
    const accounts = await call<AccountView[]>(first, 'accounts.list');
    expect(accounts).toEqual([
      expect.objectContaining({ name: 'Demo (sandbox)', environment: 'sandbox', baseUrl: null, root: join(dataDir, 'Demo') }),
    ]);
    const info = await call<AppInfo>(first, 'app.info');
    expect(info).toMatchObject({ host: 'browser', dataDir, embeddedSandboxUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    // The second start (no --token-file) finds the demo account (no second one) and prints its one-time link.
    const second = await headless(dataDir, {}, false);
    expect(second.stdout()).toBe(`E-Invoice Sync is running at ${second.printed}\n`);
    expect(second.printed).toMatch(/^http:\/\/einvoice-[0-9a-f]{20}\.localhost:\d+\/\?token=[\w-]{43}$/);
    expect(new URL(second.printed).hostname).not.toBe(new URL(link).hostname);
    const opened = await get(second.printed);
    expect(opened.status).toBe(302);
    expect((await get(second.printed)).status).toBe(401);
    // The session the link opened lets the page in under that host name.
    expect((await get(`${new URL(second.printed).origin}/`, { cookie: opened.cookie })).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
    expect(second.stdout().split('\n')).toHaveLength(2);
  });

  it('keeps API keys in the encrypted file where asked, moves an old secrets.json there, says so, and stops on a missing or wrong passphrase', {
    timeout: 90_000,
  }, async () => {
    const data = join(secretsDir, 'data');
    const file = join(data, 'secrets.encrypted.json');
    const env = { EINVOICE_SECRETS_STORE: 'file', EINVOICE_SECRETS_PASSPHRASE: 'passphrase of the headless test' };
    // A data folder of an earlier version, with its plain keys file.
    const started = await headless(data, env);
    expect((await call<AccountView[]>(started, 'accounts.list')).map((a) => a.name)).toEqual(['Demo (sandbox)']);
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
    writeFileSync(join(data, 'secrets.json'), JSON.stringify({ 'old-account': { apiKey: 'old-plain-key-0123456789' } }), { mode: 0o600 });

    const h = await headless(data, env);
    const info = await call<AppInfo>(h, 'app.info');
    expect(info.secretStore).toEqual({
      kind: 'encrypted-file',
      label: `encrypted file (EINVOICE_SECRETS_STORE=file): ${file}`,
      path: file,
    });
    h.child.kill('SIGTERM');
    expect(await h.exit).toBe(0);
    expect(existsSync(join(data, 'secrets.json'))).toBe(false);
    const everyFile = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? everyFile(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
      );
    for (const f of everyFile(data)) expect(readFileSync(f).includes('old-plain-key-0123456789'), f).toBe(false);

    for (const [passphrase, says] of [
      ['', /set EINVOICE_SECRETS_PASSPHRASE in the environment to the passphrase the keys were saved with/],
      ['not the passphrase', /The secrets passphrase is wrong: it does not open/],
    ] as const) {
      const refused = await headless(data, { ...env, EINVOICE_SECRETS_PASSPHRASE: passphrase }).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(refused).toMatch(says);
    }
  });
});
