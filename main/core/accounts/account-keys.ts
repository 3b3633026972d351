import { join } from 'node:path';
import type { Logger } from '../log';
import type { AccountSecret, SecretStore } from '../secrets';
import { LocalSandboxSecrets } from '../secrets/local-sandbox';
import type { Store } from '../store';
import type { Account } from '../store/accounts';
import { rememberKeys } from '../sync/health';
import { onEmbeddedSandbox } from './service-access';

/**
 * Where an account's keys are kept: the host's store (the OS keychain, or the encrypted file), but
 * for accounts on the embedded sandbox, whose keys open a stand-in on this computer that keeps the
 * same keys in its own folder: those stay beside it, so the demo needs no keychain or passphrase.
 */
export class AccountKeys {
  private localSandbox: LocalSandboxSecrets | null = null;
  /** Whether each account has a vendor key, once read: the Partner page's list must not ask the keychain 200 times. */
  private readonly vendorKeyKnown = new Map<string, boolean>();

  constructor(private readonly o: { secrets: SecretStore; dataDir: string; store: Store; log: Logger }) {}

  private storeOf(account: Account): SecretStore {
    if (!onEmbeddedSandbox(account)) return this.o.secrets;
    this.localSandbox ??= new LocalSandboxSecrets(join(this.o.dataDir, 'sandbox', 'account-keys.json'));
    return this.localSandbox;
  }

  read(account: Account): Promise<AccountSecret | null> {
    return this.storeOf(account).get(account.id);
  }

  async keep(account: Account, secret: AccountSecret): Promise<void> {
    await this.storeOf(account).set(account.id, secret);
    this.vendorKeyKnown.set(account.id, Boolean(secret.vendorApiKey));
  }

  async forget(account: Account): Promise<void> {
    this.vendorKeyKnown.delete(account.id);
    await this.storeOf(account).delete(account.id);
  }

  /** The account's vendor API key (linking, VENDOR_WEBHOOK), or null when it was added without one. */
  async vendorApiKey(account: Account): Promise<string | null> {
    const key = (await this.read(account))?.vendorApiKey || null;
    this.vendorKeyKnown.set(account.id, key !== null);
    return key;
  }

  /** Whether the account has a vendor API key, without reading the key again once it is known (only the engine sets keys). */
  async hasVendorApiKey(account: Account): Promise<boolean> {
    return this.vendorKeyKnown.get(account.id) ?? (await this.vendorApiKey(account)) !== null;
  }

  /**
   * The keys the account's sync runs with. Whether they could be read is kept where every view of the
   * account's health reads it; nothing of the account can sync until they can.
   */
  async forSync(account: Account): Promise<AccountSecret> {
    let secret: AccountSecret | null;
    try {
      secret = await this.read(account);
      if (!secret && this.storeOf(account) !== this.o.secrets) {
        // An embedded-sandbox account added before its keys were kept apart: its key moves beside the sandbox.
        secret = await this.o.secrets.get(account.id);
        if (secret) await this.storeOf(account).set(account.id, secret);
      }
    } catch (e) {
      // The key store refused (no passphrase, a locked keychain).
      this.keysProblem(account, { reason: 'store', detail: (e as Error).message });
      throw e;
    }
    if (!secret) {
      const detail = `The API key of "${account.name}" is missing: add the account again`;
      this.keysProblem(account, { reason: 'missing', detail });
      throw new Error(detail);
    }
    this.keysProblem(account, null);
    return secret;
  }

  /** Kept without failing: a full data disk must not stop the runner's making. */
  private keysProblem(account: Account, problem: Parameters<typeof rememberKeys>[2]): void {
    try {
      rememberKeys(this.o.store, account.id, problem);
    } catch (e) {
      this.o.log.warn('could not keep whether the API key could be read', { account: account.name, error: (e as Error).message });
    }
  }
}
