import type { SecretStoreInfo } from '../../../shared/bridge/views';

export interface AccountSecret {
  apiKey: string;
  vendorApiKey?: string | null;
}

/**
 * Where an account's API keys live: the OS keychain (the desktop shell's safeStorage; KeychainSecrets
 * in the command line and headless mode), or, where no keychain is available, EncryptedSecretFile.
 * openSecretStore chooses. The engine never writes a key anywhere else and never logs one.
 */
export interface SecretStore {
  get(accountId: string): Promise<AccountSecret | null>;
  set(accountId: string, secret: AccountSecret): Promise<void>;
  delete(accountId: string): Promise<void>;
  /** What this store is, for `status` and the UI; a store that does not say is taken for memory. */
  readonly info?: SecretStoreInfo;
  /** Gets now what reading a key will need (a passphrase), so that a prompt comes before other output. */
  unlock?(): Promise<void>;
}

export const MEMORY_STORE_INFO: SecretStoreInfo = { kind: 'memory', label: 'memory only (forgotten when the app stops)' };

/** What a store is, for `status` and the UI. */
export const infoOf = (store: SecretStore): SecretStoreInfo => store.info ?? MEMORY_STORE_INFO;

/** Keys in memory only (tests, and the embedded demo sandbox whose keys are not secret). */
export class MemorySecrets implements SecretStore {
  readonly info = MEMORY_STORE_INFO;
  private readonly map = new Map<string, AccountSecret>();
  async get(id: string) {
    return this.map.get(id) ?? null;
  }
  async set(id: string, s: AccountSecret) {
    this.map.set(id, s);
  }
  async delete(id: string) {
    this.map.delete(id);
  }
}

/** A secret as stored: both fields checked, so a damaged entry is never taken for a key. */
export function parseSecret(value: unknown): AccountSecret | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Partial<AccountSecret>;
  if (typeof s.apiKey !== 'string' || s.apiKey === '') return null;
  return { apiKey: s.apiKey, vendorApiKey: typeof s.vendorApiKey === 'string' ? s.vendorApiKey : null };
}

/** The one form a secret is stored in. */
export const serializeSecret = (s: AccountSecret): string => JSON.stringify({ apiKey: s.apiKey, vendorApiKey: s.vendorApiKey ?? null });

export const sameSecret = (a: AccountSecret | null, b: AccountSecret): boolean =>
  a !== null && a.apiKey === b.apiKey && (a.vendorApiKey ?? null) === (b.vendorApiKey ?? null);
