import type { AccountSecret, SecretStore, SecretStoreInfo } from '../core/secrets';

/** The part of Electron's safeStorage used here (tests hand in a fake that really encrypts). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which keyring backs the encryption. */
  getSelectedStorageBackend?(): string;
}

/** The part of electron-store used here. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The keychain cannot protect a key here: the plain message says what to do instead. */
export class KeychainUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeychainUnavailableError';
  }
}

const KEY = 'secrets';

/** What the desktop shell's store is, for the UI's "where are the API keys". */
export const SAFE_STORAGE_INFO: SecretStoreInfo = { kind: 'electron-safe-storage', label: 'OS keychain (Electron safeStorage)' };

export interface KeychainSecretsOptions {
  safeStorage: SafeStorageLike;
  store: KeyValueStore;
  platform?: NodeJS.Platform;
  /**
   * Linux without a keyring falls back to "basic_text", which encrypts with a password built into
   * Chromium: as good as plain text. Keys are refused there unless this is set (test machines).
   */
  allowBasicText?: boolean;
  /** Told every key that passes through, so the logs can scrub it. */
  onSecret?: (value: string) => void;
}

/**
 * API keys encrypted with the OS keychain (safeStorage: DPAPI on Windows, Keychain on macOS, the
 * Secret Service or KWallet on Linux) and kept as base64 ciphertext in electron-store. No key is ever
 * written in plain text: when encryption is not available, storing a key is refused.
 */
export class KeychainSecrets implements SecretStore {
  readonly info = SAFE_STORAGE_INFO;

  constructor(private readonly o: KeychainSecretsOptions) {}

  /** Why keys cannot be stored here, in plain words, or null when they can. */
  problem(): string | null {
    if (!this.o.safeStorage.isEncryptionAvailable()) {
      return "API keys cannot be saved: this computer's keychain is not available to the app. Unlock or set up the system keychain and try again, or use the headless mode (npm run headless), which can keep keys in a file encrypted with a passphrase of yours.";
    }
    const platform = this.o.platform ?? process.platform;
    if (platform === 'linux' && !this.o.allowBasicText && this.o.safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
      return 'API keys cannot be saved: no keyring (GNOME Keyring or KWallet) is running, so they would be stored as good as in plain text. Start a keyring and restart the app, or use the headless mode (npm run headless), which can keep keys in a file encrypted with a passphrase of yours.';
    }
    return null;
  }

  private all(): Record<string, string> {
    const raw = this.o.store.get(KEY);
    if (typeof raw !== 'object' || raw === null) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  async get(accountId: string): Promise<AccountSecret | null> {
    const sealed = this.all()[accountId];
    if (sealed === undefined) return null;
    let secret: AccountSecret;
    try {
      const parsed: unknown = JSON.parse(this.o.safeStorage.decryptString(Buffer.from(sealed, 'base64')));
      const s = parsed as Partial<AccountSecret>;
      if (typeof s?.apiKey !== 'string') throw new Error('not a key');
      secret = { apiKey: s.apiKey, vendorApiKey: typeof s.vendorApiKey === 'string' ? s.vendorApiKey : null };
    } catch {
      throw new KeychainUnavailableError(
        "The account's API key cannot be read with this computer's keychain (was the data folder copied from another computer or user?). Remove the account and add it again.",
      );
    }
    this.o.onSecret?.(secret.apiKey);
    if (secret.vendorApiKey) this.o.onSecret?.(secret.vendorApiKey);
    return secret;
  }

  async set(accountId: string, secret: AccountSecret): Promise<void> {
    const problem = this.problem();
    if (problem) throw new KeychainUnavailableError(problem);
    this.o.onSecret?.(secret.apiKey);
    if (secret.vendorApiKey) this.o.onSecret?.(secret.vendorApiKey);
    const sealed = this.o.safeStorage
      .encryptString(JSON.stringify({ apiKey: secret.apiKey, vendorApiKey: secret.vendorApiKey ?? null }))
      .toString('base64');
    this.o.store.set(KEY, { ...this.all(), [accountId]: sealed });
  }

  async delete(accountId: string): Promise<void> {
    const { [accountId]: _gone, ...rest } = this.all();
    this.o.store.set(KEY, rest);
  }
}
