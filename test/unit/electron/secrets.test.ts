import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { KeychainSecrets, KeychainUnavailableError } from '../../../main/electron/secrets';
import { tempDir } from '../../support/temp';
import { electronStore, fakeSafeStorage } from './support';

const KEY = 'sk_live_4f1c9a7e2b8d4e6f0a1b3c5d7e9f1a2b';
const VENDOR = 'vk_8e7d6c5b4a39281706f5e4d3c2b1a098';

/** Every form the key could take in a file: as text, UTF-16, base64, hex. */
function leaks(bytes: Buffer, secret: string): string[] {
  const forms: [string, Buffer][] = [
    ['utf8', Buffer.from(secret, 'utf8')],
    ['utf16le', Buffer.from(secret, 'utf16le')],
    ['base64', Buffer.from(Buffer.from(secret).toString('base64'))],
    ['hex', Buffer.from(Buffer.from(secret).toString('hex'))],
  ];
  return forms.filter(([, f]) => bytes.includes(f)).map(([name]) => name);
}

describe('KeychainSecrets: API keys sealed with safeStorage in electron-store', () => {
  it('keeps a key only as ciphertext, and reads it back in a new session', async () => {
    const dir = tempDir();
    const safe = fakeSafeStorage();
    const seen: string[] = [];
    const a = new KeychainSecrets({ safeStorage: safe, store: await electronStore(dir), onSecret: (v) => seen.push(v) });
    await a.set('acc-1', { apiKey: KEY, vendorApiKey: VENDOR });

    const file = readFileSync(join(dir, 'settings.json'));
    expect(JSON.parse(file.toString()).secrets['acc-1']).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(leaks(file, KEY)).toEqual([]);
    expect(leaks(file, VENDOR)).toEqual([]);
    expect(seen).toEqual([KEY, VENDOR]);

    const b = new KeychainSecrets({ safeStorage: safe, store: await electronStore(dir) });
    expect(await b.get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: VENDOR });
    expect(await b.get('acc-2')).toBeNull();
    await b.delete('acc-1');
    expect(await a.get('acc-1')).toBeNull();
  });

  it('refuses to store a key when encryption is not available, and writes nothing', async () => {
    const dir = tempDir();
    const store = await electronStore(dir);
    const s = new KeychainSecrets({ safeStorage: fakeSafeStorage({ available: false }), store });
    expect(s.problem()).toMatch(/keychain is not available/);
    await expect(s.set('acc-1', { apiKey: KEY })).rejects.toThrow(KeychainUnavailableError);
    await expect(s.set('acc-1', { apiKey: KEY })).rejects.toThrow(/API keys cannot be saved/);
    expect(store.get('secrets')).toBeUndefined();
  });

  it('refuses Linux basic_text (a built-in password) unless allowed', async () => {
    const store = await electronStore(tempDir());
    const safe = fakeSafeStorage({ backend: 'basic_text' });
    const strict = new KeychainSecrets({ safeStorage: safe, store, platform: 'linux' });
    await expect(strict.set('acc-1', { apiKey: KEY })).rejects.toThrow(/no keyring/);
    expect(new KeychainSecrets({ safeStorage: safe, store, platform: 'darwin' }).problem()).toBeNull();
    const allowed = new KeychainSecrets({ safeStorage: safe, store, platform: 'linux', allowBasicText: true });
    await allowed.set('acc-1', { apiKey: KEY });
    expect((await allowed.get('acc-1'))?.apiKey).toBe(KEY);
  });

  it('says plainly when a key cannot be opened with this keychain (a data folder from another computer)', async () => {
    const dir = tempDir();
    await new KeychainSecrets({ safeStorage: fakeSafeStorage(), store: await electronStore(dir) }).set('acc-1', { apiKey: KEY });
    const elsewhere = new KeychainSecrets({ safeStorage: fakeSafeStorage(), store: await electronStore(dir) });
    await expect(elsewhere.get('acc-1')).rejects.toThrow(/Remove the account and add it again/);
  });

  it('is the engine’s secret store: adding and removing an account seals and drops its key', async () => {
    const dataDir = tempDir();
    const store = await electronStore(dataDir);
    const secrets = new KeychainSecrets({ safeStorage: fakeSafeStorage(), store });
    const engine = new Engine({ dataDir, secrets });
    try {
      const account = await engine.addAccount(
        {
          name: 'Client Oy',
          environment: 'sandbox',
          url: 'http://127.0.0.1:9',
          companyId: '3f2b0c1e-0000-4000-8000-000000000001',
          root: join(tempDir(), 'root'),
          apiKey: KEY,
        },
        false,
      );
      expect(await secrets.get(account.id)).toEqual({ apiKey: KEY, vendorApiKey: null });
      expect(leaks(readFileSync(join(dataDir, 'settings.json')), KEY)).toEqual([]);
      await engine.removeAccount(account.id);
      expect(store.get('secrets')).toEqual({});
    } finally {
      await engine.stop();
    }
  });
});
