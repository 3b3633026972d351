import { createCipheriv, createDecipheriv, createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretStoreInfo } from '../../../shared/bridge/views';
import { passphraseWeakness } from './passphrase-strength';
import { type AccountSecret, parseSecret } from './store';
import { WholeFileSecretStore } from './whole-file-store';

/** The passphrase is missing, too easy to guess, or does not open the file: the message says what to do. */
export class SecretsPassphraseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsPassphraseError';
  }
}

/** The file cannot be used (others can read it, damaged, altered): the message says what to do. */
export class SecretsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsFileError';
  }
}

/** Answers the passphrase: `create` for a file that does not exist yet (ask twice), `open` for one that does. */
export type PassphraseSource = (purpose: 'create' | 'open') => Promise<string>;

const FORMAT = 'einvoice-sync secrets';
/**
 * scrypt at OWASP's minimum (N = 2^17, r = 8, p = 1): 128 MiB and about half a second, once per start.
 * Each file records its own parameters, so one written with N = 2^15 by an earlier version still
 * opens, and is rewritten with these at unlock.
 */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const CHECK_LABEL = 'E-Invoice Sync secrets: passphrase check';

interface Sealed {
  format: typeof FORMAT;
  version: 1;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  /** HMAC of a fixed text under the second half of the derived key: tells a wrong passphrase from an altered file. */
  check: string;
  cipher: 'aes-256-gcm';
  nonce: string;
  data: string;
  tag: string;
}

const b64 = (b: Buffer) => b.toString('base64');
const unb64 = (s: unknown, bytes?: number): Buffer | null => {
  if (typeof s !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) return null;
  const b = Buffer.from(s, 'base64');
  return bytes === undefined || b.length === bytes ? b : null;
};

function derive(passphrase: string, salt: Buffer, p: { N: number; r: number; p: number }): Promise<{ key: Buffer; check: Buffer }> {
  // Node refuses a derivation above maxmem (32 MiB by default); scrypt itself needs 128 * N * r bytes.
  const options: ScryptOptions = { N: p.N, r: p.r, p: p.p, maxmem: 256 * p.N * p.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 64, options, (e, out) => {
      if (e) reject(e);
      else resolve({ key: out.subarray(0, 32), check: createHmac('sha256', out.subarray(32)).update(CHECK_LABEL).digest() });
    }),
  );
}

/** The fields the tag also covers: nothing of the file can be changed without the change being seen. */
const aad = (s: Omit<Sealed, 'data' | 'tag'>) =>
  Buffer.from(JSON.stringify([s.format, s.version, s.kdf.name, s.kdf.N, s.kdf.r, s.kdf.p, s.kdf.salt, s.check, s.cipher, s.nonce]));

/** Writes a file whole or not at all: a private temp file, fsynced, renamed over, and the folder fsynced. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fh = await open(tmp, 'wx', 0o600);
  try {
    await fh.writeFile(data);
    await fh.chmod(0o600);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  await syncFolder(dirname(file));
}

/** Makes a rename or an unlink durable; Windows cannot open a folder for that, and needs not. */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * API keys where the OS has no keychain (a Linux server without a Secret Service): one JSON file,
 * readable only by its owner, whose accounts' keys are encrypted with AES-256-GCM under a key that
 * scrypt derives from the user's passphrase, with a new salt and nonce at every write. Written
 * atomically. A wrong passphrase and an altered file each get a plain message, never garbage.
 */
export class EncryptedSecretFile extends WholeFileSecretStore {
  readonly info: SecretStoreInfo;
  private passphrase: Promise<string> | null = null;
  /** Derived keys by salt and cost, so a start derives once per file it reads. */
  private readonly keys = new Map<string, { key: Buffer; check: Buffer }>();

  constructor(
    private readonly file: string,
    private readonly source: PassphraseSource,
    info?: Partial<SecretStoreInfo>,
  ) {
    super();
    this.info = { kind: 'encrypted-file', label: `encrypted file ${file}`, ...info, path: file };
  }

  /** The cost the file was written with, null before it exists (read by readAll). */
  private fileKdf: { N: number; r: number; p: number } | null = null;

  /**
   * Asks for the passphrase now and checks it against the file, when there is one. A file derived
   * more cheaply than SCRYPT (an earlier version's) is written again with SCRYPT, now that the
   * passphrase is known: its keys then cost a guesser what new ones do.
   */
  unlock(): Promise<void> {
    return this.serial(async () => {
      const all = await this.readAll();
      const k = this.fileKdf;
      if (k && (k.N < SCRYPT.N || k.r < SCRYPT.r)) await this.writeAll(all);
    });
  }

  /** Every account id in the file (the migration out of it). */
  ids(): Promise<string[]> {
    return this.serial(async () => Object.keys(await this.readAll()));
  }

  private getPassphrase(purpose: 'create' | 'open'): Promise<string> {
    if (this.passphrase) return this.passphrase;
    const asked = this.source(purpose).then((p) => {
      if (p === '') throw new SecretsPassphraseError('The secrets passphrase is empty.');
      // Only a new file's: an existing file's passphrase is whatever it was written with.
      const weak = purpose === 'create' ? passphraseWeakness(p) : null;
      if (weak) throw new SecretsPassphraseError(weak);
      return p;
    });
    this.passphrase = asked;
    // A passphrase that failed (none given, too easy to guess) is asked for again next time.
    asked.catch(() => {
      if (this.passphrase === asked) this.passphrase = null;
    });
    return asked;
  }

  private async keyFor(salt: Buffer, p: { N: number; r: number; p: number }, purpose: 'create' | 'open') {
    const passphrase = await this.getPassphrase(purpose);
    const id = `${b64(salt)}:${p.N}:${p.r}:${p.p}`;
    let k = this.keys.get(id);
    if (!k) {
      k = await derive(passphrase, salt, p);
      this.keys.set(id, k);
    }
    return k;
  }

  protected async readAll(): Promise<Record<string, AccountSecret>> {
    let text: string;
    try {
      if (process.platform !== 'win32') {
        const s = await stat(this.file);
        if ((s.mode & 0o077) !== 0) {
          throw new SecretsFileError(`${this.file} can be read by other users; run: chmod 600 "${this.file}"`);
        }
      }
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        this.fileKdf = null;
        return {};
      }
      throw e;
    }
    const damaged = () =>
      new SecretsFileError(
        `${this.file} is damaged or was altered, so its API keys cannot be read. Remove it, then add the accounts' API keys again.`,
      );
    let sealed: Sealed;
    try {
      sealed = JSON.parse(text) as Sealed;
    } catch {
      throw damaged();
    }
    const k = sealed?.kdf;
    const salt = unb64(k?.salt);
    const nonce = unb64(sealed?.nonce, 12);
    const tag = unb64(sealed?.tag, 16);
    const data = unb64(sealed?.data);
    const check = unb64(sealed?.check, 32);
    if (
      sealed?.format !== FORMAT ||
      sealed.version !== 1 ||
      sealed.cipher !== 'aes-256-gcm' ||
      k?.name !== 'scrypt' ||
      // Bounded, so an altered file cannot make the app spend gigabytes on one derivation.
      !Number.isInteger(k.N) ||
      k.N < 2 ** 14 ||
      (k.N & (k.N - 1)) !== 0 ||
      !Number.isInteger(k.r) ||
      k.r < 1 ||
      128 * k.N * k.r > 256 * 1024 * 1024 ||
      !Number.isInteger(k.p) ||
      k.p < 1 ||
      k.p > 4 ||
      !salt ||
      salt.length < 16 ||
      !nonce ||
      !tag ||
      !data ||
      !check
    ) {
      throw damaged();
    }
    const derived = await this.keyFor(salt, k, 'open');
    this.fileKdf = { N: k.N, r: k.r, p: k.p };
    if (!timingSafeEqual(derived.check, check)) {
      this.passphrase = null;
      this.keys.clear();
      throw new SecretsPassphraseError(
        `The secrets passphrase is wrong: it does not open ${this.file}. Give the passphrase the API keys were saved with (EINVOICE_SECRETS_PASSPHRASE).`,
      );
    }
    let plain: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', derived.key, nonce);
      decipher.setAAD(aad(sealed));
      decipher.setAuthTag(tag);
      plain = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      throw damaged();
    }
    const parsed: unknown = JSON.parse(plain);
    const out: Record<string, AccountSecret> = {};
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [id, v] of Object.entries(parsed)) {
        const s = parseSecret(v);
        if (s) out[id] = s;
      }
    }
    return out;
  }

  protected async writeAll(all: Record<string, AccountSecret>): Promise<void> {
    const salt = randomBytes(16);
    const nonce = randomBytes(12);
    const exists = await stat(this.file).then(
      () => true,
      () => false,
    );
    const derived = await this.keyFor(salt, SCRYPT, exists ? 'open' : 'create');
    const head: Omit<Sealed, 'data' | 'tag'> = {
      format: FORMAT,
      version: 1,
      kdf: { name: 'scrypt', ...SCRYPT, salt: b64(salt) },
      check: b64(derived.check),
      cipher: 'aes-256-gcm',
      nonce: b64(nonce),
    };
    const cipher = createCipheriv('aes-256-gcm', derived.key, nonce);
    cipher.setAAD(aad(head));
    const data = Buffer.concat([cipher.update(JSON.stringify(all), 'utf8'), cipher.final()]);
    const sealed: Sealed = { ...head, data: b64(data), tag: b64(cipher.getAuthTag()) };
    await writeFileAtomic(this.file, `${JSON.stringify(sealed, null, 2)}\n`);
    // Only the salt just written will be read again.
    const id = `${head.kdf.salt}:${SCRYPT.N}:${SCRYPT.r}:${SCRYPT.p}`;
    this.keys.clear();
    this.keys.set(id, derived);
    this.fileKdf = { ...SCRYPT };
  }
}
