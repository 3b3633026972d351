import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_NAME } from '../../../main/core/accounts/account-book';
import { openApp } from '../../../main/core/app/open-app';
import { silentLogger } from '../../../main/core/log';
import { MemorySecrets } from '../../../main/core/secrets';
import { WRITER } from '../../../main/core/store/writer';
import { FIXTURES } from '../../support/engine';
import { form } from '../../support/sandbox';
import { tempDir } from '../../support/temp';

const dataDir = async () => tempDir('einvoice-app-');

describe('openApp, the composition root', () => {
  it('opens the engine without the sandbox when no account needs it', async () => {
    const app = await openApp({ program: { kind: 'cli' }, dataDir: await dataDir(), secrets: new MemorySecrets(), log: silentLogger });
    try {
      expect(app.embedded).toBeNull();
      expect(app.engine.embeddedSandboxUrl).toBeNull();
      expect(app.bridge).toBeNull();
      expect(app.engine.listAccounts()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('on a first run adds the demo company, and on the next start serves that account from the embedded sandbox again', {
    timeout: 120_000,
  }, async () => {
    const dir = await dataDir();
    const secrets = new MemorySecrets();
    const first = await openApp({
      program: { kind: 'cli' },
      dataDir: dir,
      secrets,
      log: silentLogger,
      demo: 'first-run',
      bridge: { host: host() },
    });
    let url: string | null;
    try {
      expect(first.embedded).not.toBeNull();
      url = first.engine.embeddedSandboxUrl;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.engine.listAccounts().map((a) => a.name)).toEqual([DEMO_ACCOUNT_NAME]);
      const listed = await first.bridge?.dispatch('accounts.list', {});
      expect(listed).toMatchObject({ ok: true, value: [{ name: DEMO_ACCOUNT_NAME }] });
      // Issue 39, item 1: it answers the app alone. A page of another origin, a rebound name, a missing or
      // wrong key: each gets 403, the admin API included, and what they post never reaches the mirror.
      const key = first.embedded?.key ?? '';
      expect(Buffer.from(key, 'base64url')).toHaveLength(32);
      const keyFile = join(dir, 'sandbox', 'app-key');
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(key);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const port = Number(new URL(String(url)).port);
      const demoId = first.embedded?.demo.company_id;
      const invoice = readFileSync(join(FIXTURES, 'invoices', 'peppol-bis3/base-example.xml'));
      // node:http, because fetch will not send a Host of its own choosing.
      const deliver = async (headers: Record<string, string>) => {
        const body = new Response(form({ name: 'stranger.xml', data: invoice }));
        const bytes = Buffer.from(await body.arrayBuffer());
        return new Promise<number | undefined>((resolve, reject) =>
          httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: `/__sandbox/companies/${demoId}/received-invoices`,
              method: 'POST',
              headers: { 'content-type': String(body.headers.get('content-type')), ...headers },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode);
            },
          )
            .on('error', reject)
            .end(bytes),
        );
      };
      const received = () =>
        (first.engine[WRITER].db.prepare(`SELECT count(*) AS n FROM invoices WHERE direction = 'RECEIVED'`).get() as { n: number }).n;
      await first.engine.syncOnce();
      const before = received();
      const wrongKey = `${key.slice(0, -2)}xx`;
      for (const headers of [
        {},
        { 'x-einvoice-sandbox-key': wrongKey },
        { origin: 'http://127.0.0.1:9999', 'x-einvoice-sandbox-key': key },
        { origin: 'https://evil.example', 'x-einvoice-sandbox-key': key },
        { host: `evil.example:${port}`, 'x-einvoice-sandbox-key': key },
      ] as Record<string, string>[])
        expect(
          await deliver(headers),
          JSON.stringify({ ...headers, 'x-einvoice-sandbox-key': headers['x-einvoice-sandbox-key']?.slice(0, 4) }),
        ).toBe(403);
      await first.engine.syncOnce();
      expect(received()).toBe(before);
      // The app's own requests carry the key: its sync works, and so would a delivery with the key.
      expect(await deliver({ 'x-einvoice-sandbox-key': key })).toBe(201);
      await first.engine.syncOnce();
      expect(received()).toBe(before + 1);
    } finally {
      await first.close();
    }
    // A Sandbox account without its own address needs the embedded sandbox: started without asking.
    const second = await openApp({ program: { kind: 'cli' }, dataDir: dir, secrets, log: silentLogger });
    try {
      expect(second.embedded?.demo.company_id).toBe(first.embedded?.demo.company_id);
      expect(second.engine.listAccounts()).toHaveLength(1);
      const report = await second.engine.syncOnce();
      expect([...report.values()].every((r) => r.ok)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('listens only while an account uses it: stops when the demo account goes, starts (new port, new key) when it comes back', {
    timeout: 120_000,
  }, async () => {
    const app = await openApp({
      program: { kind: 'cli' },
      dataDir: await dataDir(),
      secrets: new MemorySecrets(),
      log: silentLogger,
      demo: 'first-run',
    });
    try {
      const url = app.engine.embeddedSandboxUrl as string;
      const key = app.embedded?.key as string;
      const alive = (u: string, k: string) =>
        fetch(`${u}/__sandbox/companies`, { headers: { 'x-einvoice-sandbox-key': k } }).then(
          (r) => r.status,
          () => 'refused' as const,
        );
      expect(await alive(url, key)).toBe(200);
      await app.engine.removeAccount(DEMO_ACCOUNT_NAME);
      expect(app.embedded).toBeNull();
      expect(app.engine.embeddedSandboxUrl).toBeNull();
      expect(await alive(url, key)).toBe('refused');
      await app.addDemo();
      const again = app.engine.embeddedSandboxUrl as string;
      expect(again).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(app.embedded?.key).not.toBe(key);
      expect(await alive(again, app.embedded?.key as string)).toBe(200);
      expect(await alive(again, key)).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('starts the sandbox on demand when the user asks to try the demo later', { timeout: 120_000 }, async () => {
    const app = await openApp({
      program: { kind: 'cli' },
      dataDir: await dataDir(),
      secrets: new MemorySecrets(),
      log: silentLogger,
      bridge: { host: host() },
    });
    try {
      expect(app.embedded).toBeNull();
      await app.engine.start();
      const added = await app.bridge?.dispatch('accounts.tryDemo', {});
      expect(added?.ok, JSON.stringify(added)).toBe(true);
      expect(app.embedded).not.toBeNull();
      expect(app.engine.findAccount(DEMO_ACCOUNT_NAME)).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it('adds the demo account on a first run even where no keychain takes keys: its key stays beside the embedded sandbox', async () => {
    let asked = 0;
    const refusing = {
      get: async () => null,
      set: async () => {
        asked++;
        throw new Error('API keys cannot be saved: no keychain');
      },
      delete: async () => undefined,
    };
    const dir = await dataDir();
    const app = await openApp({ program: { kind: 'cli' }, dataDir: dir, secrets: refusing, log: silentLogger, demo: 'first-run' });
    try {
      expect(app.engine.listAccounts().map((a) => a.name)).toEqual([DEMO_ACCOUNT_NAME]);
      expect(asked).toBe(0);
      expect(existsSync(join(dir, 'sandbox', 'account-keys.json'))).toBe(true);
    } finally {
      await app.close();
    }
  }, 120_000);
});

function host() {
  return { kind: 'browser' as const, version: 'test', capabilities: { openFiles: false, startAtLogin: false, notifications: false } };
}
