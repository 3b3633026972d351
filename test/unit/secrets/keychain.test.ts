import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { keychainMarkerFile, plainSecretsFile } from '../../../main/core/paths';
import { KeychainSecrets, openKeychain, openSecretStore, probeKeychain } from '../../../main/core/secrets';
import { testKeychain } from '../../support/secret-service';
import { tempDir } from '../../support/temp';

// The real @napi-rs/keyring: the machine's keychain on macOS and Windows; on Linux a private
// dbus-daemon with GNOME Keyring that testKeychain starts as this user, when both are installed.
const kc = await testKeychain();
afterAll(() => kc.stop());
const realKeychain = kc.unavailable === null;
/** Entries of a service of their own, removed by the tests: nothing is left in a developer's keychain. */
const service = `E-Invoice Sync test ${randomUUID()}`;
const name = (what: string) => (realKeychain ? what : `${what} (skipped: ${kc.unavailable})`);

describe('the OS keychain through the real @napi-rs/keyring', () => {
  it.skipIf(!realKeychain)(name('stores, reads back, replaces and deletes an account’s keys'), async () => {
    const backend = await openKeychain({ service });
    await probeKeychain(backend);
    const store = new KeychainSecrets(backend);
    expect(store.info.kind).toBe('keychain');
    const id = randomUUID();
    try {
      expect(await store.get(id)).toBeNull();
      await store.set(id, { apiKey: 'real-keychain-key-1', vendorApiKey: 'real-vendor-1' });
      expect(await store.get(id)).toEqual({ apiKey: 'real-keychain-key-1', vendorApiKey: 'real-vendor-1' });
      await store.set(id, { apiKey: 'real-keychain-key-2' });
      expect(await store.get(id)).toEqual({ apiKey: 'real-keychain-key-2', vendorApiKey: null });
      // Another entry of the same service is another account.
      expect(await store.get(randomUUID())).toBeNull();
    } finally {
      await store.delete(id);
    }
    expect(await store.get(id)).toBeNull();
    await store.delete(id); // deleting what is not there is no error
  });

  it.skipIf(!realKeychain)(name('openSecretStore picks it, says which, and moves secrets.json into it'), async () => {
    const dataDir = tempDir();
    const keys = {
      [randomUUID()]: { apiKey: 'moved-key-one', vendorApiKey: null },
      [randomUUID()]: { apiKey: 'moved-key-two', vendorApiKey: 'v2' },
    };
    writeFileSync(plainSecretsFile(dataDir), JSON.stringify(keys), { mode: 0o600 });
    const { store, info } = await openSecretStore({ dataDir, env: {}, keychain: () => openKeychain({ service }) });
    try {
      expect(info.kind).toBe('keychain');
      expect(info.label).toMatch(/^OS keychain \((macOS Keychain|Windows Credential Manager|Secret Service)\)$/);
      for (const [id, s] of Object.entries(keys)) expect(await store.get(id)).toEqual(s);
      expect(existsSync(plainSecretsFile(dataDir))).toBe(false);
      expect(existsSync(keychainMarkerFile(dataDir))).toBe(true);
      for (const f of readdirSync(dataDir)) expect(readFileSync(join(dataDir, f), 'utf8')).not.toMatch(/moved-key/);
    } finally {
      for (const id of Object.keys(keys)) await store.delete(id);
    }
  });

  it.runIf(process.platform === 'linux')(
    'without a reachable Secret Service the real library fails its probe, and the encrypted file is used',
    async () => {
      // In a process of its own: the library keeps the session bus it first connected to.
      const dir = tempDir();
      const script = join(dir, 'no-bus.mts');
      const secrets = pathToFileURL(join(process.cwd(), 'main/core/secrets/index.ts')).href;
      writeFileSync(
        script,
        `import { openKeychain, openSecretStore, probeKeychain } from ${JSON.stringify(secrets)};
const probe = await openKeychain({ service: 'E-Invoice Sync test no bus' }).then(probeKeychain).then(() => 'worked', (e) => 'failed: ' + e.message);
const { info } = await openSecretStore({ dataDir: ${JSON.stringify(join(dir, 'data'))}, env: { EINVOICE_SECRETS_PASSPHRASE: 'a passphrase for the tests' } });
console.log(JSON.stringify({ probe, kind: info.kind }));
`,
      );
      const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus-here')}` },
        encoding: 'utf8',
      });
      const r = JSON.parse(out.trim().split('\n').pop() as string) as { probe: string; kind: string };
      // Pinned to the Secret Service: the kernel keyring, which forgets keys at logout, is never used instead.
      expect(r.probe).toMatch(/^failed: /);
      expect(r.kind).toBe('encrypted-file');
    },
    30_000,
  );
});
