import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  url: string;
  stdout: () => string;
  exit: Promise<number | null>;
}

/** `npm run headless -- --data DIR --port 0`, as the same node process npm would start. */
async function headless(data = dataDir, env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/core/host/bin.ts', '--data', data, '--port', '0'], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /running at (\S+)\n/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    exit.then((code) => reject(new Error(`headless exited (${code}) before printing its address: ${err}`)));
  });
  return { child, url, stdout: () => out, exit };
}

async function call<T>(url: string, name: string): Promise<T> {
  const u = new URL(url);
  const res = await fetch(`${u.origin}/bridge/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${u.searchParams.get('token')}`, origin: u.origin, 'content-type': 'application/json' },
    body: '{}',
  });
  const r = (await res.json()) as BridgeResult<T>;
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('npm run headless', () => {
  it('prints one line with the address, runs the demo company on first start, and stops cleanly on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const first = await headless();
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    const page = await fetch(first.url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const accounts = await call<AccountView[]>(first.url, 'accounts.list');
    expect(accounts).toEqual([
      expect.objectContaining({ name: 'Demo (sandbox)', environment: 'sandbox', baseUrl: null, root: join(dataDir, 'Demo') }),
    ]);
    const info = await call<AppInfo>(first.url, 'app.info');
    expect(info).toMatchObject({ host: 'browser', dataDir, embeddedSandboxUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.stdout()).toBe(`E-Invoice Sync is running at ${first.url}\n`);

    // The second start finds the demo account (no second one) and a new token.
    const second = await headless();
    expect(new URL(second.url).searchParams.get('token')).not.toBe(new URL(first.url).searchParams.get('token'));
    expect((await call<AccountView[]>(second.url, 'accounts.list')).map((a) => a.name)).toEqual(['Demo (sandbox)']);
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
    expect((await call<AccountView[]>(started.url, 'accounts.list')).map((a) => a.name)).toEqual(['Demo (sandbox)']);
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
    writeFileSync(join(data, 'secrets.json'), JSON.stringify({ 'old-account': { apiKey: 'old-plain-key-0123456789' } }), { mode: 0o600 });

    const h = await headless(data, env);
    const info = await call<AppInfo>(h.url, 'app.info');
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
