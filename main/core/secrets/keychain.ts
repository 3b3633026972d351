import { randomBytes, randomUUID } from 'node:crypto';
import type { SecretStoreInfo } from '../../../shared/bridge/views';
import { APP_NAME } from '../paths';
import { type AccountSecret, parseSecret, type SecretStore, serializeSecret } from './store';

/** One keychain service with one entry per account id; the part of @napi-rs/keyring used here. */
export interface KeychainBackend {
  /** Which keychain, in plain words: "macOS Keychain". */
  name: string;
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  /** Answers whether there was an entry. */
  delete(account: string): Promise<boolean>;
}

export function keychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service';
}

/**
 * The OS keychain through @napi-rs/keyring (macOS Keychain, Windows Credential Manager, the Secret
 * Service on Linux and FreeBSD), not yet probed. The native library is loaded here, on first use: a
 * platform without its prebuilt binary falls back like one without a keychain, and the desktop shell,
 * which keeps keys with Electron's safeStorage, never loads it.
 */
export async function openKeychain(o: { service?: string; platform?: NodeJS.Platform } = {}): Promise<KeychainBackend> {
  const { AsyncEntry } = await import('@napi-rs/keyring');
  const service = o.service ?? APP_NAME;
  const platform = o.platform ?? process.platform;
  // Left to itself the library falls back on Linux to the kernel keyring, which forgets every key at
  // logout or reboot: there only the Secret Service keeps them.
  const options = platform === 'linux' ? { linux: { store: 'secret-service' as const } } : undefined;
  const entry = (account: string) => new AsyncEntry(service, account, options);
  return {
    name: keychainName(platform),
    get: (account) => entry(account).getPassword(),
    set: (account, value) => entry(account).setPassword(value),
    delete: (account) => entry(account).deleteCredential(),
  };
}

/**
 * Writes, reads back and deletes an entry of its own: a keychain that cannot (no Secret Service, a
 * locked keychain, no session bus) throws here rather than at the first real key. The entry's name is
 * new each time, so two processes probing at once do not disturb each other.
 */
export async function probeKeychain(k: KeychainBackend, timeoutMs = 15_000): Promise<void> {
  const account = `probe-${randomUUID()}`;
  const value = randomBytes(16).toString('hex');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${k.name} did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
    timer.unref();
  });
  const probe = async () => {
    await k.set(account, value);
    try {
      if ((await k.get(account)) !== value) throw new Error(`the ${k.name} did not give back what was stored in it`);
    } finally {
      await k.delete(account).catch(() => undefined);
    }
  };
  try {
    await Promise.race([probe(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** API keys in the OS keychain: one entry per account id, its value the account's keys as JSON. */
export class KeychainSecrets implements SecretStore {
  readonly info: SecretStoreInfo;

  constructor(
    private readonly k: KeychainBackend,
    private readonly o: { afterSet?: () => Promise<void> } = {},
  ) {
    this.info = { kind: 'keychain', label: `OS keychain (${k.name})` };
  }

  async get(accountId: string): Promise<AccountSecret | null> {
    const value = await this.k.get(accountId);
    if (value === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
    const secret = parseSecret(parsed);
    if (!secret) {
      throw new Error(
        `The ${this.k.name} entry of account ${accountId} is not an API key this app saved: remove the account and add it again.`,
      );
    }
    return secret;
  }

  async set(accountId: string, secret: AccountSecret): Promise<void> {
    await this.k.set(accountId, serializeSecret(secret));
    await this.o.afterSet?.();
  }

  async delete(accountId: string): Promise<void> {
    await this.k.delete(accountId);
  }
}
