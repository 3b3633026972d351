import { open, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretStoreInfo } from '../../../shared/bridge/views';
import { type Logger, silentLogger } from '../log';
import { encryptedSecretsFile, keychainMarkerFile, plainSecretsFile } from '../paths';
import { EncryptedSecretFile, type PassphraseSource, SecretsPassphraseError, syncFolder, writeFileAtomic } from './encrypted-file';
import { type KeychainBackend, KeychainSecrets, openKeychain, probeKeychain } from './keychain';
import { readPassphraseFd } from './passphrase-fd';
import { type AccountSecret, parseSecret, type SecretStore, sameSecret } from './store';

/** Asks for the encrypted file's passphrase on a terminal: twice for a new file. */
export type PassphrasePrompt = (purpose: 'create' | 'open', file: string) => Promise<string>;

export interface OpenSecretStoreOptions {
  dataDir: string;
  /**
   * EINVOICE_SECRETS_STORE: `keychain` (the OS keychain or stop), `file` (the encrypted file even where
   * a keychain exists), or unset. EINVOICE_SECRETS_PASSPHRASE: the encrypted file's passphrase.
   */
  env?: NodeJS.ProcessEnv;
  /** The command line on a terminal; without it the passphrase comes only from the environment. */
  prompt?: PassphrasePrompt;
  /** --passphrase-fd: read the passphrase from this descriptor, before the environment and the terminal. */
  passphraseFd?: number;
  log?: Logger;
  /** The OS keychain, before its probe; tests hand in their own. Default: @napi-rs/keyring. */
  keychain?: () => Promise<KeychainBackend>;
}

export interface OpenedSecretStore {
  store: SecretStore;
  info: SecretStoreInfo;
}

/** No store can be used as things are: the message says why and what to do. */
export class SecretStoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretStoreUnavailableError';
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The secret store of the command line and the headless host: the OS keychain when it really works
 * (probed at start), else an encrypted file whose passphrase only the user knows; never plain text.
 * A file of encrypted keys that exists is kept (its keys are there) unless EINVOICE_SECRETS_STORE=keychain
 * asks to move them into the keychain. The plain `secrets.json` of earlier versions is moved into the
 * chosen store, read back, and only then removed: a start that stopped half-way does it again.
 */
export async function openSecretStore(o: OpenSecretStoreOptions): Promise<OpenedSecretStore> {
  const env = o.env ?? process.env;
  const log = o.log ?? silentLogger;
  const wants = env.EINVOICE_SECRETS_STORE?.trim() || 'auto';
  if (!['auto', 'keychain', 'file'].includes(wants)) {
    throw new SecretStoreUnavailableError(`EINVOICE_SECRETS_STORE is "${wants}": use keychain, file, or leave it unset.`);
  }
  const encryptedPath = encryptedSecretsFile(o.dataDir);
  const marker = keychainMarkerFile(o.dataDir);
  const fileStore = (why: string | null, reason?: string) =>
    new EncryptedSecretFile(encryptedPath, passphraseSource(encryptedPath, env, o.prompt, o.passphraseFd, reason), {
      label: `encrypted file${why ? ` (${why})` : ''}: ${encryptedPath}`,
    });

  let store: SecretStore;
  const encryptedExists = await exists(encryptedPath);
  if (wants === 'file') {
    store = fileStore('EINVOICE_SECRETS_STORE=file');
  } else if (encryptedExists && wants === 'auto') {
    store = fileStore(null);
  } else {
    let keychain: KeychainBackend;
    try {
      keychain = await (o.keychain ?? (() => openKeychain()))();
      await probeKeychain(keychain);
    } catch (e) {
      const reason = (e as Error).message;
      if (wants === 'keychain') {
        throw new SecretStoreUnavailableError(`EINVOICE_SECRETS_STORE=keychain, but the OS keychain cannot be used here: ${reason}`);
      }
      if (await exists(marker)) {
        throw new SecretStoreUnavailableError(
          `The API keys of ${o.dataDir} are in the OS keychain, which cannot be used now: ${reason}. ` +
            'Run the app where the keychain is reachable (on Linux, in a session with a Secret Service such as GNOME Keyring), ' +
            `or set EINVOICE_SECRETS_STORE=file to keep keys in an encrypted file instead (the accounts' API keys must then be added again).`,
        );
      }
      log.info('no OS keychain: API keys are kept in an encrypted file', { file: encryptedPath, reason });
      store = fileStore('no OS keychain here', reason);
      await migratePlain(o.dataDir, store, log);
      return { store, info: store.info as SecretStoreInfo };
    }
    let marked = await exists(marker);
    store = new KeychainSecrets(keychain, {
      afterSet: async () => {
        if (marked) return;
        await writeFileAtomic(marker, `${JSON.stringify({ store: 'keychain', keychain: keychain.name })}\n`);
        marked = true;
      },
    });
    if (encryptedExists) {
      const from = fileStore(null);
      await migrate(
        {
          what: encryptedPath,
          read: async () =>
            Object.fromEntries(await Promise.all((await from.ids()).map(async (id) => [id, (await from.get(id)) as AccountSecret]))),
          remove: () => removeFile(encryptedPath, false),
        },
        store,
        log,
      );
    }
  }
  await migratePlain(o.dataDir, store, log);
  return { store, info: store.info as SecretStoreInfo };
}

/**
 * The passphrase from --passphrase-fd, else EINVOICE_SECRETS_PASSPHRASE, else the terminal's prompt,
 * else a plain message on how to give one. A descriptor is read once: a second ask (a wrong
 * passphrase) gets the same answer without reading a drained pipe.
 */
function passphraseSource(
  file: string,
  env: NodeJS.ProcessEnv,
  prompt: PassphrasePrompt | undefined,
  fd: number | undefined,
  reason?: string,
): PassphraseSource {
  let fromFd: Promise<string> | null = null;
  return async (purpose) => {
    if (fd !== undefined) {
      fromFd ??= readPassphraseFd(fd);
      return fromFd;
    }
    const given = env.EINVOICE_SECRETS_PASSPHRASE;
    if (given) return given;
    if (prompt) return prompt(purpose, file);
    const why = reason ? `No OS keychain is available here (${reason}), so API keys` : 'API keys';
    throw new SecretsPassphraseError(
      `${why} are kept in an encrypted file, ${file}, which needs a passphrase: give it with --passphrase-fd N, or set EINVOICE_SECRETS_PASSPHRASE in the environment` +
        (purpose === 'create'
          ? ` to one of your choosing (four or five unrelated words, and keep it: the keys cannot be read without it)`
          : ' to the passphrase the keys were saved with') +
        '. The command line also asks for it when run on a terminal.',
    );
  };
}

interface MigrationSource {
  what: string;
  read(): Promise<Record<string, AccountSecret>>;
  remove(): Promise<void>;
}

/** Every key into the store and read back; the source is removed only when all of them are there. */
async function migrate(from: MigrationSource, to: SecretStore, log: Logger): Promise<void> {
  const all = await from.read();
  for (const [id, secret] of Object.entries(all)) {
    await to.set(id, secret);
    if (!sameSecret(await to.get(id), secret)) {
      throw new SecretStoreUnavailableError(
        `The API key of account ${id} did not read back the same from the ${to.info?.label ?? 'secret store'}; ${from.what} is kept.`,
      );
    }
  }
  await from.remove();
  log.info('API keys moved', { from: from.what, to: to.info?.label, accounts: Object.keys(all).length });
}

/** The plain secrets.json of earlier versions, when there is one. */
async function migratePlain(dataDir: string, to: SecretStore, log: Logger): Promise<void> {
  const file = plainSecretsFile(dataDir);
  if (!(await exists(file))) return;
  await migrate(
    {
      what: file,
      read: async () => {
        const bytes = await readFile(file);
        // Overwritten with zeros by a start that stopped before removing it: its keys were all moved.
        if (bytes.every((b) => b === 0)) return {};
        let parsed: unknown;
        try {
          parsed = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new SecretStoreUnavailableError(
            `${file}, the API keys file of an earlier version, is damaged (not JSON): remove it and add the accounts' API keys again.`,
          );
        }
        const out: Record<string, AccountSecret> = {};
        for (const [id, v] of Object.entries(typeof parsed === 'object' && parsed !== null ? parsed : {})) {
          const s = parseSecret(v);
          if (s) out[id] = s;
          else log.warn('an entry of the old secrets file holds no API key and was left out', { account: id });
        }
        return out;
      },
      remove: () => removeFile(file, true),
    },
    to,
    log,
  );
}

/** Removes a file for good: a plain one is overwritten first (as far as the file system lets that help). */
async function removeFile(file: string, overwrite: boolean): Promise<void> {
  if (overwrite) {
    const fh = await open(file, 'r+');
    try {
      const { size } = await fh.stat();
      await fh.write(Buffer.alloc(size), 0, size, 0);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }
  await rm(file, { force: true });
  await syncFolder(dirname(file));
}
