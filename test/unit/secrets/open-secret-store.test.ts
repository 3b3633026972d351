import { existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encryptedSecretsFile, keychainMarkerFile, plainSecretsFile } from '../../../main/core/paths';
import {
  type AccountSecret,
  EncryptedSecretFile,
  type KeychainBackend,
  openSecretStore,
  SecretStoreUnavailableError,
} from '../../../main/core/secrets';
import { recordingLogger } from '../../support/log';
import { tempDir } from '../../support/temp';

const PASS = 'a passphrase for the tests';
const env = (more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ EINVOICE_SECRETS_PASSPHRASE: PASS, ...more });
const noKeychain = async (): Promise<KeychainBackend> => {
  throw new Error('Platform failure: DBus error: no session bus');
};

/** A keychain in memory that can be told to fail, standing in for the OS's. */
function fakeKeychain(o: { failSetAfter?: number } = {}) {
  const entries = new Map<string, string>();
  let sets = 0;
  const backend: KeychainBackend = {
    name: 'Test Keychain',
    get: async (a) => entries.get(a) ?? null,
    set: async (a, v) => {
      if (o.failSetAfter !== undefined && sets >= o.failSetAfter) throw new Error('the process died here');
      sets++;
      entries.set(a, v);
    },
    delete: async (a) => entries.delete(a),
  };
  return { entries, open: async () => backend };
}

const KEYS: Record<string, AccountSecret> = {
  'acc-1': { apiKey: 'plain-key-number-one', vendorApiKey: 'vendor-key-one' },
  'acc-2': { apiKey: 'plain-key-number-two', vendorApiKey: null },
  'acc-3': { apiKey: 'plain-key-number-three' },
};

/** The plain secrets.json an earlier version wrote. */
function oldSecretsFile(dataDir: string, keys: Record<string, unknown> = KEYS): string {
  const path = plainSecretsFile(dataDir);
  writeFileSync(path, JSON.stringify(keys), { mode: 0o600 });
  return path;
}

async function expectAllKeys(store: { get(id: string): Promise<AccountSecret | null> }) {
  for (const [id, s] of Object.entries(KEYS))
    expect(await store.get(id)).toEqual({ apiKey: s.apiKey, vendorApiKey: s.vendorApiKey ?? null });
}

/** No file in the folder holds a key in plain text. */
function expectNoPlainKeys(dir: string) {
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), 'utf8');
    for (const s of Object.values(KEYS)) expect(text.includes(s.apiKey), `${name} holds a key`).toBe(false);
  }
}

describe('openSecretStore: which store, and the move out of secrets.json', () => {
  it('uses the OS keychain when its probe works, and says so', async () => {
    const dataDir = tempDir();
    const kc = fakeKeychain();
    const { store, info } = await openSecretStore({ dataDir, env: {}, keychain: kc.open });
    expect(info).toEqual({ kind: 'keychain', label: 'OS keychain (Test Keychain)' });
    expect(kc.entries.size).toBe(0); // the probe's entry is gone
    await store.set('acc-1', { apiKey: 'k-123456' });
    expect(JSON.parse(kc.entries.get('acc-1') as string)).toEqual({ apiKey: 'k-123456', vendorApiKey: null });
    expect(await store.get('acc-1')).toEqual({ apiKey: 'k-123456', vendorApiKey: null });
    // The first key stored marks the data folder as the keychain's.
    expect(existsSync(keychainMarkerFile(dataDir))).toBe(true);
    await store.delete('acc-1');
    expect(kc.entries.size).toBe(0);
  });

  it('falls back to the encrypted file where the keychain fails its probe, and says why', async () => {
    const dataDir = tempDir();
    const log = recordingLogger();
    const { store, info } = await openSecretStore({ dataDir, env: env(), keychain: noKeychain, log });
    expect(info).toEqual({
      kind: 'encrypted-file',
      label: `encrypted file (no OS keychain here): ${encryptedSecretsFile(dataDir)}`,
      path: encryptedSecretsFile(dataDir),
    });
    expect(log.lines.some((l) => l.msg.includes('no OS keychain') && JSON.stringify(l).includes('no session bus'))).toBe(true);
    await store.set('acc-1', { apiKey: 'k-123456' });
    expect(existsSync(encryptedSecretsFile(dataDir))).toBe(true);
    expectNoPlainKeys(dataDir);
  });

  it('a keychain that gives back something else than was stored fails its probe', async () => {
    const dataDir = tempDir();
    const liar: KeychainBackend = { name: 'Liar', get: async () => 'other', set: async () => undefined, delete: async () => true };
    const { info } = await openSecretStore({ dataDir, env: env(), keychain: async () => liar });
    expect(info.kind).toBe('encrypted-file');
  });

  it('without a passphrase says in plain words how to give one, never keeping keys in plain text', async () => {
    const dataDir = tempDir();
    const { store } = await openSecretStore({ dataDir, env: {}, keychain: noKeychain });
    await expect(store.set('acc-1', { apiKey: 'k-123456' })).rejects.toThrow(
      /No OS keychain is available here \(Platform failure: DBus error: no session bus\), so API keys are kept in an encrypted file, .* set EINVOICE_SECRETS_PASSPHRASE/,
    );
    expect(readdirSync(dataDir)).toEqual([]);
    // A terminal's prompt is asked instead, for a new file with the purpose 'create'.
    const asked: string[] = [];
    const prompt = async (purpose: 'create' | 'open') => {
      asked.push(purpose);
      return PASS;
    };
    const prompted = await openSecretStore({ dataDir, env: {}, keychain: noKeychain, prompt });
    await prompted.store.set('acc-1', { apiKey: 'k-123456' });
    const again = await openSecretStore({ dataDir, env: {}, keychain: noKeychain, prompt });
    expect(await again.store.get('acc-1')).toEqual({ apiKey: 'k-123456', vendorApiKey: null });
    expect(asked).toEqual(['create', 'open']);
  });

  it('reads the passphrase from --passphrase-fd before the environment', async () => {
    const dataDir = tempDir('einvoice-open-secrets-');
    const passFile = join(tempDir('einvoice-passfile-'), 'pass.txt');
    writeFileSync(passFile, 'the passphrase of a file descriptor\n', { mode: 0o600 });
    const fd = openSync(passFile, 'r');
    const { store } = await openSecretStore({ dataDir, env: env(), keychain: noKeychain, passphraseFd: fd });
    await store.set('acc-1', { apiKey: 'k-fd-123456' });
    await store.set('acc-2', { apiKey: 'k-fd-654321' });
    // Opened with the descriptor's passphrase (its line break dropped), not the environment's.
    const withEnv = await openSecretStore({ dataDir, env: env(), keychain: noKeychain });
    await expect(withEnv.store.get('acc-1')).rejects.toThrow(/passphrase is wrong/);
    const withFile = await openSecretStore({
      dataDir,
      env: env({ EINVOICE_SECRETS_PASSPHRASE: 'the passphrase of a file descriptor' }),
      keychain: noKeychain,
    });
    expect(await withFile.store.get('acc-2')).toEqual({ apiKey: 'k-fd-654321', vendorApiKey: null });
  });

  it('EINVOICE_SECRETS_STORE=file keeps keys in the encrypted file even where a keychain works; a bad value is refused', async () => {
    const dataDir = tempDir();
    const kc = fakeKeychain();
    const { info } = await openSecretStore({ dataDir, env: env({ EINVOICE_SECRETS_STORE: 'file' }), keychain: kc.open });
    expect(info.kind).toBe('encrypted-file');
    expect(info.label).toMatch(/EINVOICE_SECRETS_STORE=file/);
    await expect(openSecretStore({ dataDir, env: env({ EINVOICE_SECRETS_STORE: 'plain' }), keychain: kc.open })).rejects.toThrow(
      /EINVOICE_SECRETS_STORE is "plain": use keychain, file, or leave it unset/,
    );
    await expect(openSecretStore({ dataDir, env: env({ EINVOICE_SECRETS_STORE: 'keychain' }), keychain: noKeychain })).rejects.toThrow(
      /EINVOICE_SECRETS_STORE=keychain, but the OS keychain cannot be used here: Platform failure/,
    );
  });

  it('keeps using an encrypted file that exists (its keys are there), though a keychain now works', async () => {
    const dataDir = tempDir();
    await (await openSecretStore({ dataDir, env: env(), keychain: noKeychain })).store.set('acc-1', { apiKey: 'k-123456' });
    const { store, info } = await openSecretStore({ dataDir, env: env(), keychain: fakeKeychain().open });
    expect(info.kind).toBe('encrypted-file');
    expect(await store.get('acc-1')).toEqual({ apiKey: 'k-123456', vendorApiKey: null });
  });

  it('moves an encrypted file into the keychain when EINVOICE_SECRETS_STORE=keychain asks, then removes it', async () => {
    const dataDir = tempDir();
    const file = await openSecretStore({ dataDir, env: env(), keychain: noKeychain });
    for (const [id, s] of Object.entries(KEYS)) await file.store.set(id, s);
    const kc = fakeKeychain();
    const { store, info } = await openSecretStore({ dataDir, env: env({ EINVOICE_SECRETS_STORE: 'keychain' }), keychain: kc.open });
    expect(info.kind).toBe('keychain');
    await expectAllKeys(store);
    expect(kc.entries.size).toBe(3);
    expect(existsSync(encryptedSecretsFile(dataDir))).toBe(false);
  });

  it('stops, rather than losing sight of the keys, when the keychain that holds them is gone', async () => {
    const dataDir = tempDir();
    const first = await openSecretStore({ dataDir, env: env(), keychain: fakeKeychain().open });
    await first.store.set('acc-1', { apiKey: 'k-123456' });
    await expect(openSecretStore({ dataDir, env: env(), keychain: noKeychain })).rejects.toThrow(SecretStoreUnavailableError);
    await expect(openSecretStore({ dataDir, env: env(), keychain: noKeychain })).rejects.toThrow(
      /API keys of .* are in the OS keychain, which cannot be used now: .*set EINVOICE_SECRETS_STORE=file/,
    );
    // Asked for in so many words, the encrypted file is used.
    const { info } = await openSecretStore({ dataDir, env: env({ EINVOICE_SECRETS_STORE: 'file' }), keychain: noKeychain });
    expect(info.kind).toBe('encrypted-file');
  });
});

describe('the move out of the plain secrets.json of earlier versions', () => {
  it('into the encrypted file: every key moved and read back, then secrets.json removed', async () => {
    const dataDir = tempDir();
    const old = oldSecretsFile(dataDir);
    const log = recordingLogger();
    const { store, info } = await openSecretStore({ dataDir, env: env(), keychain: noKeychain, log });
    expect(info.kind).toBe('encrypted-file');
    expect(existsSync(old)).toBe(false);
    await expectAllKeys(store);
    await expectAllKeys(new EncryptedSecretFile(encryptedSecretsFile(dataDir), async () => PASS));
    expectNoPlainKeys(dataDir);
    expect(log.lines.find((l) => l.msg === 'API keys moved')?.fields).toMatchObject({ accounts: 3, from: old });
  });

  it('into the keychain: every key moved and read back, then secrets.json removed', async () => {
    const dataDir = tempDir();
    const old = oldSecretsFile(dataDir);
    const kc = fakeKeychain();
    const { store } = await openSecretStore({ dataDir, env: {}, keychain: kc.open });
    expect(existsSync(old)).toBe(false);
    expect([...kc.entries.keys()].sort()).toEqual(['acc-1', 'acc-2', 'acc-3']);
    await expectAllKeys(store);
    expectNoPlainKeys(dataDir);
  });

  it('a start that dies while storing keeps secrets.json; the next start moves them all', async () => {
    const dataDir = tempDir();
    const old = oldSecretsFile(dataDir);
    const kc = fakeKeychain({ failSetAfter: 2 }); // the probe's set, then one key, then the process dies
    await expect(openSecretStore({ dataDir, env: {}, keychain: kc.open })).rejects.toThrow(/the process died here/);
    expect(existsSync(old)).toBe(true);
    expect(kc.entries.size).toBe(1);
    const next = fakeKeychain();
    for (const [k, v] of kc.entries) next.entries.set(k, v);
    const { store } = await openSecretStore({ dataDir, env: {}, keychain: next.open });
    await expectAllKeys(store);
    expect(existsSync(old)).toBe(false);
  });

  it('a start that dies between storing and removing leaves keys in both; the next start finishes', async () => {
    const dataDir = tempDir();
    // What that start left: every key already in the encrypted file, and secrets.json still there.
    const file = new EncryptedSecretFile(encryptedSecretsFile(dataDir), async () => PASS);
    for (const [id, s] of Object.entries(KEYS)) await file.set(id, s);
    const old = oldSecretsFile(dataDir);
    const { store, info } = await openSecretStore({ dataDir, env: env(), keychain: noKeychain });
    expect(info.kind).toBe('encrypted-file');
    expect(existsSync(old)).toBe(false);
    await expectAllKeys(store);
    expectNoPlainKeys(dataDir);
  });

  it('a start that dies after overwriting secrets.json but before removing it: the next start removes it', async () => {
    const dataDir = tempDir();
    const file = new EncryptedSecretFile(encryptedSecretsFile(dataDir), async () => PASS);
    for (const [id, s] of Object.entries(KEYS)) await file.set(id, s);
    writeFileSync(plainSecretsFile(dataDir), Buffer.alloc(200), { mode: 0o600 });
    const { store } = await openSecretStore({ dataDir, env: env(), keychain: noKeychain });
    expect(existsSync(plainSecretsFile(dataDir))).toBe(false);
    await expectAllKeys(store);
  });

  it('without the passphrase the move waits: secrets.json is kept and the error says how to go on', async () => {
    const dataDir = tempDir();
    const old = oldSecretsFile(dataDir);
    await expect(openSecretStore({ dataDir, env: {}, keychain: noKeychain })).rejects.toThrow(/set EINVOICE_SECRETS_PASSPHRASE/);
    expect(JSON.parse(readFileSync(old, 'utf8'))).toEqual(KEYS);
  });

  it('a damaged secrets.json is kept and named; entries without a key are left out', async () => {
    const dataDir = tempDir();
    writeFileSync(plainSecretsFile(dataDir), '{"acc-1": {"apiKey": "k-', { mode: 0o600 });
    await expect(openSecretStore({ dataDir, env: env(), keychain: noKeychain })).rejects.toThrow(
      /secrets\.json, the API keys file of an earlier version, is damaged/,
    );
    expect(existsSync(plainSecretsFile(dataDir))).toBe(true);
    oldSecretsFile(dataDir, { ...KEYS, 'acc-4': { vendorApiKey: 'v' } });
    const { store } = await openSecretStore({ dataDir, env: env(), keychain: noKeychain });
    await expectAllKeys(store);
    expect(await store.get('acc-4')).toBeNull();
  });
});
