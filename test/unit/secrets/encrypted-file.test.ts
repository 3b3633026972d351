import { createCipheriv, createHmac, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EncryptedSecretFile, SecretsFileError, SecretsPassphraseError } from '../../../main/core/secrets';
import { tempDir } from '../../support/temp';

const PASS = 'correct horse battery staple';
const KEY = 'sk_live_5f1c0e7a9b2d4c6e8f0a1b3c5d7e9f01';
const VENDOR = 'vendor_9a8b7c6d5e4f3a2b1c0d';

/** The forms a key could take in a file: as text, UTF-16, base64 and hex. */
function forms(secret: string): Buffer[] {
  return [
    Buffer.from(secret, 'utf8'),
    Buffer.from(secret, 'utf16le'),
    Buffer.from(Buffer.from(secret).toString('base64')),
    Buffer.from(Buffer.from(secret).toString('hex')),
  ];
}

function file(dir = tempDir('einvoice-secrets-')) {
  return join(dir, 'secrets.encrypted.json');
}

const store = (path: string, passphrase: string | (() => Promise<string>) = PASS) =>
  new EncryptedSecretFile(path, typeof passphrase === 'string' ? async () => passphrase : passphrase);

type Sealed = Record<string, unknown> & { kdf: Record<string, unknown> };
const sealed = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Sealed;

describe('EncryptedSecretFile (the fallback where no OS keychain is available)', () => {
  it('keeps keys across instances: set, get, overwrite, delete', async () => {
    const path = file();
    const a = store(path);
    expect(await a.get('acc-1')).toBeNull();
    await a.set('acc-1', { apiKey: KEY, vendorApiKey: VENDOR });
    await a.set('acc-2', { apiKey: 'other-key-0001' });
    const b = store(path);
    expect(await b.get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: VENDOR });
    expect(await b.get('acc-2')).toEqual({ apiKey: 'other-key-0001', vendorApiKey: null });
    await b.set('acc-2', { apiKey: 'other-key-0002' });
    await b.delete('acc-1');
    const c = store(path);
    expect(await c.get('acc-1')).toBeNull();
    expect(await c.get('acc-2')).toEqual({ apiKey: 'other-key-0002', vendorApiKey: null });
    expect(c.info).toMatchObject({ kind: 'encrypted-file', path });
  });

  it('concurrent sets from one process all land (operations are queued)', async () => {
    const path = file();
    const s = store(path);
    await Promise.all(Array.from({ length: 6 }, (_, i) => s.set(`acc-${i}`, { apiKey: `key-${i}-abcdef` })));
    const fresh = store(path);
    for (let i = 0; i < 6; i++) expect(await fresh.get(`acc-${i}`)).toEqual({ apiKey: `key-${i}-abcdef`, vendorApiKey: null });
  });

  it('refuses a wrong passphrase with a plain error, never garbage', async () => {
    const path = file();
    await store(path).set('acc-1', { apiKey: KEY });
    const wrong = store(path, 'not the passphrase');
    await expect(wrong.get('acc-1')).rejects.toThrow(SecretsPassphraseError);
    await expect(wrong.get('acc-1')).rejects.toThrow(/passphrase is wrong: it does not open .*secrets\.encrypted\.json/);
    await expect(wrong.unlock()).rejects.toThrow(/passphrase is wrong/);
    // A write with the wrong passphrase is refused too, and the file is left as it was.
    const before = readFileSync(path);
    await expect(wrong.set('acc-2', { apiKey: 'x-key-123456' })).rejects.toThrow(/passphrase is wrong/);
    expect(readFileSync(path)).toEqual(before);
    expect(await store(path).get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: null });
  });

  it('asks again after a wrong passphrase (a prompt can be retried)', async () => {
    const path = file();
    await store(path).set('acc-1', { apiKey: KEY });
    const answers = ['typo typo typo', PASS];
    const s = store(path, async () => answers.shift() as string);
    await expect(s.get('acc-1')).rejects.toThrow(/passphrase is wrong/);
    expect(await s.get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: null });
  });

  it('sees any change to the file: the ciphertext, the tag, the nonce or the header', async () => {
    const path = file();
    await store(path).set('acc-1', { apiKey: KEY, vendorApiKey: VENDOR });
    const original = sealed(path);
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[b.length - 1] = (b[b.length - 1] as number) ^ 1;
      return b.toString('base64');
    };
    const tampered: Sealed[] = [
      { ...original, data: flip(original.data as string) },
      { ...original, tag: flip(original.tag as string) },
      { ...original, nonce: flip(original.nonce as string) },
      { ...original, version: 2 },
      { ...original, data: (original.data as string).slice(4) },
    ];
    for (const t of tampered) {
      writeFileSync(path, JSON.stringify(t), { mode: 0o600 });
      const err = await store(path)
        .get('acc-1')
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(err).toBeInstanceOf(SecretsFileError);
      expect(err?.message).toMatch(/is damaged or was altered, so its API keys cannot be read/);
    }
    writeFileSync(path, 'not json at all', { mode: 0o600 });
    await expect(store(path).get('acc-1')).rejects.toThrow(/damaged or was altered/);
    // A cost raised past what a start may spend is refused before any derivation.
    writeFileSync(path, JSON.stringify({ ...original, kdf: { ...original.kdf, N: 2 ** 24 } }), { mode: 0o600 });
    await expect(store(path).get('acc-1')).rejects.toThrow(/damaged or was altered/);
  });

  it('writes the file 0600, without a plain key in any form, with a new salt and nonce at every write, atomically', async () => {
    const dir = tempDir('einvoice-secrets-');
    const path = file(dir);
    const s = store(path);
    await s.set('acc-1', { apiKey: KEY, vendorApiKey: VENDOR });
    const first = sealed(path);
    await s.set('acc-1', { apiKey: KEY, vendorApiKey: VENDOR });
    const second = sealed(path);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    const bytes = readFileSync(path);
    for (const secret of [KEY, VENDOR, PASS]) for (const f of forms(secret)) expect(bytes.includes(f), secret).toBe(false);
    expect(first.kdf.salt).not.toBe(second.kdf.salt);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.data).not.toBe(second.data);
    expect(second).toMatchObject({ cipher: 'aes-256-gcm', kdf: { name: 'scrypt' } });
    // Temp files were renamed over the file, none left beside it.
    expect(readdirSync(dir)).toEqual(['secrets.encrypted.json']);
  });

  it.skipIf(process.platform === 'win32')('refuses a file others can read, saying how to fix it', async () => {
    const path = file();
    await store(path).set('acc-1', { apiKey: KEY });
    chmodSync(path, 0o644);
    await expect(store(path).get('acc-1')).rejects.toThrow(/can be read by other users; run: chmod 600/);
  });

  it('without a passphrase says how to give one, and writes nothing', async () => {
    const dir = tempDir('einvoice-secrets-');
    const path = file(dir);
    const none = store(path, async () => {
      throw new SecretsPassphraseError('set EINVOICE_SECRETS_PASSPHRASE');
    });
    expect(await none.get('acc-1')).toBeNull(); // nothing to read yet: no passphrase needed
    await expect(none.set('acc-1', { apiKey: KEY })).rejects.toThrow(/EINVOICE_SECRETS_PASSPHRASE/);
    await expect(store(path, '').set('acc-1', { apiKey: KEY })).rejects.toThrow(/passphrase is empty/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses an easily guessed passphrase for a new file, in plain words, whatever its length', async () => {
    const dir = tempDir('einvoice-secrets-');
    const path = file(dir);
    for (const weak of ['short', 'Password123!', 'qwertyuiop123', 'aaaaaaaaaaaaaaaaaaaa', 'abcdefghijklmnop']) {
      const err = await store(path, weak)
        .set('acc-1', { apiKey: KEY })
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(err, weak).toBeInstanceOf(SecretsPassphraseError);
      expect(err?.message).toMatch(/^The secrets passphrase is too easy to guess\. Use a longer one: four or five words/);
    }
    expect(readdirSync(dir)).toEqual([]);
    await store(path, 'lamp orbit cedar whistle').set('acc-1', { apiKey: KEY });
    expect(await store(path, 'lamp orbit cedar whistle').get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: null });
  });

  it(`derives with scrypt N = 2^17, opens a file an earlier version wrote with N = 2^15, and rewrites it with 2^17 at unlock`, async () => {
    const path = file();
    await store(path).set('fresh', { apiKey: KEY });
    expect(sealed(path).kdf).toMatchObject({ name: 'scrypt', N: 2 ** 17, r: 8, p: 1 });

    writeFileSync(path, oldFormatFile(PASS, { 'acc-1': { apiKey: KEY, vendorApiKey: VENDOR } }), { mode: 0o600 });
    const s = store(path);
    expect(await s.get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: VENDOR });
    expect(sealed(path).kdf.N).toBe(2 ** 15); // reading alone writes nothing
    await s.unlock();
    expect(sealed(path).kdf).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect(await store(path).get('acc-1')).toEqual({ apiKey: KEY, vendorApiKey: VENDOR });
    // The file was written once: a second unlock of an upgraded file writes nothing.
    const upgraded = readFileSync(path, 'utf8');
    await store(path).unlock();
    expect(readFileSync(path, 'utf8')).toBe(upgraded);
  });
});

/** A secrets file exactly as version 0.1 wrote it (scrypt N = 2^15): the format on disk, sealed here by hand. */
function oldFormatFile(passphrase: string, all: Record<string, { apiKey: string; vendorApiKey: string | null }>): string {
  const kdf = { name: 'scrypt', N: 2 ** 15, r: 8, p: 1, salt: randomBytes(16).toString('base64') };
  const out = scryptSync(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 64, {
    N: kdf.N,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  const check = createHmac('sha256', out.subarray(32)).update('E-Invoice Sync secrets: passphrase check').digest('base64');
  const nonce = randomBytes(12);
  const head = { format: 'einvoice-sync secrets', version: 1, kdf, check, cipher: 'aes-256-gcm', nonce: nonce.toString('base64') };
  const cipher = createCipheriv('aes-256-gcm', out.subarray(0, 32), nonce);
  cipher.setAAD(Buffer.from(JSON.stringify([head.format, 1, 'scrypt', kdf.N, 8, 1, kdf.salt, check, head.cipher, head.nonce])));
  const data = Buffer.concat([cipher.update(JSON.stringify(all), 'utf8'), cipher.final()]);
  return JSON.stringify({ ...head, data: data.toString('base64'), tag: cipher.getAuthTag().toString('base64') });
}
