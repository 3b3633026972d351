import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge/api';
import type { AccountView, AppInfo } from '../../../shared/bridge/views';
import { fileTempDir } from '../../support/temp';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = fileTempDir('einvoice-headless-');

interface Running {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  exit: Promise<number | null>;
}

/** `npm run headless -- --data DIR --port 0`, as the same node process npm would start. */
async function headless(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/core/host/bin.ts', '--data', dataDir, '--port', '0'], {
    cwd: REPO,
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
});
