import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp } from '../../../main/core/app/open-app';
import { DEMO_ACCOUNT_NAME } from '../../../main/core/engine';
import { silentLogger } from '../../../main/core/log';
import { MemorySecrets } from '../../../main/core/secrets';
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
      // Issue 39, item 1: a page of another origin, or a rebound name, gets nothing from it, the admin API included.
      const posts = () => fetch(`${url}/__sandbox/companies/${first.embedded?.demo.company_id}/uploads`);
      expect((await posts()).status).toBe(200);
      const port = Number(new URL(String(url)).port);
      // node:http, because fetch will not send a Host of its own choosing.
      const status = (headers: Record<string, string>) =>
        new Promise<number | undefined>((resolve, reject) =>
          httpRequest({ host: '127.0.0.1', port, path: '/__sandbox/reset', method: 'POST', headers }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
            .on('error', reject)
            .end(),
        );
      for (const headers of [
        { origin: 'http://127.0.0.1:9999' },
        { origin: 'https://evil.example' },
        { host: `evil.example:${port}` },
      ] as Record<string, string>[])
        expect(await status(headers), JSON.stringify(headers)).toBe(403);
      expect(first.engine.listAccounts()).toHaveLength(1);
      expect((await posts()).status).toBe(200);
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
