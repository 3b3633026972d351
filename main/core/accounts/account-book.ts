import { resolve } from 'node:path';
import type { Environment } from '../../../shared/enums';
import type { InboxLayout } from '../../../shared/inbox-layout';
import { ServiceError } from '../api/errors';
import type { Store } from '../store';
import type { Account, AccountPatch } from '../store/accounts';
import { ensureLayout } from '../sync/layout';
import { claimRoot } from '../sync/root-guard';
import { checkName, checkNewAccount, checkRoot } from './account-checks';
import type { AccountKeys } from './account-keys';
import { AccountInputError } from './input-error';
import { changesOf } from './restart';
import type { ServiceAccess, ServiceTarget } from './service-access';

export interface NewAccountInput {
  name: string;
  environment: Environment;
  url?: string | null;
  companyId: string;
  root: string;
  apiKey: string;
  vendorApiKey?: string | null;
  pollIntervalS?: number;
  markHandled?: boolean;
  /** Default: by year and month (NEW_ACCOUNT_INBOX_LAYOUT). */
  inboxLayout?: InboxLayout;
}

/** Credentials to look at before any account has them (the add-account form's "verify"). */
export type CredentialsInput = Pick<NewAccountInput, 'environment' | 'url' | 'companyId' | 'apiKey' | 'vendorApiKey'>;

/** The account the embedded sandbox's demo company becomes (the CLI, the web host and the shell alike). */
export const DEMO_ACCOUNT_NAME = 'Demo (sandbox)';

/** What the embedded sandbox tells of its demo company. */
export interface DemoCompany {
  company_id: string;
  api_key: string;
  name: string;
}

/** What a change of an account needs of its sync: the engine's runners. */
export interface AccountRunners {
  /** Stops the account's sync if it runs (its work in flight finished or put back in the queue); answers whether it ran. */
  stop(accountId: string): Promise<boolean>;
  /** Starts the account's sync, when the engine syncs. */
  startIfSyncing(account: Account): Promise<void>;
  /** Wakes the account's sync to look at itself again (paused or not). */
  kick(accountId: string): void;
}

const targetOf = (input: CredentialsInput): ServiceTarget => ({ environment: input.environment, baseUrl: input.url ?? null });

/**
 * Every change of an account, checked once here for every host (the bridge and the CLI only parse
 * their input): adding it, with its keys, changing it (and whether its sync restarts), its vendor key,
 * removing it.
 */
/** An account's vendor API key (linking, VENDOR_WEBHOOK, partner work); `get` answers null for one added without. */
export interface VendorKeys {
  get(accountId: string): Promise<string | null>;
  /** Whether there is one, without reading the key again once it is known. */
  has(accountId: string): Promise<boolean>;
  /** Gives an account added without a vendor API key its key, once the service issues a token with it. */
  set(accountId: string, vendorApiKey: string): Promise<void>;
}

export class AccountBook {
  constructor(
    private readonly o: {
      store: Store;
      keys: AccountKeys;
      access: ServiceAccess;
      runners: AccountRunners;
      dataDir: string;
      /** Told of a root just chosen (added or changed), after its marker: the sync doctor looks at it. */
      onRootChosen?: (account: Account) => Promise<void>;
    },
  ) {}

  /** The account with this id; a plain Error naming it when there is none. */
  get(accountId: string): Account {
    const account = this.o.store.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    return account;
  }

  /** The account's vendor API key (linking, VENDOR_WEBHOOK), or null when it was added without one. */
  vendorKeys(): VendorKeys {
    return {
      get: (id) => this.vendorApiKey(id),
      has: (id) => this.hasVendorApiKey(id),
      set: (id, key) => this.setVendorApiKey(id, key),
    };
  }

  async vendorApiKey(accountId: string): Promise<string | null> {
    const account = this.o.store.accounts.get(accountId);
    return account ? this.o.keys.vendorApiKey(account) : null;
  }

  /** Whether the account has a vendor API key, without reading the key again once it is known (only the engine sets keys). */
  async hasVendorApiKey(accountId: string): Promise<boolean> {
    const account = this.o.store.accounts.get(accountId);
    return account ? this.o.keys.hasVendorApiKey(account) : false;
  }

  /** Whether the service takes these credentials; answers the company's name and the scopes its token has. */
  verify(input: CredentialsInput): Promise<{ companyName: string | null; scopes: string[] }> {
    return this.o.access.checkCredentials(targetOf(input), input, { companyName: true });
  }

  /** The input checked, then, when `verify`, that the service accepts the credentials, before anything is saved. */
  async add(input: NewAccountInput, verify = true): Promise<Account> {
    const { store, keys, access } = this.o;
    const name = checkNewAccount(store.accounts, input);
    const target = targetOf(input);
    if (target.baseUrl === null && target.environment === 'sandbox') await access.ensureEmbeddedSandbox();
    // An address that cannot be resolved is refused even unverified: the account could never sync.
    access.reach(target);
    if (verify) await access.checkCredentials(target, input);
    await ensureLayout(input.root);
    const account = store.accounts.create({
      name,
      environment: input.environment,
      baseUrl: target.baseUrl,
      companyId: input.companyId,
      root: input.root,
      pollIntervalS: input.pollIntervalS,
      markHandled: input.markHandled,
      inboxLayout: input.inboxLayout,
    });
    try {
      await keys.keep(account, { apiKey: input.apiKey, vendorApiKey: input.vendorApiKey ?? null });
    } catch (e) {
      // No account without its key: a keychain that refuses leaves nothing half-made behind.
      store.accounts.remove(account.id);
      throw e;
    }
    // The root's marker, now that the account has its id (sync/root-guard.ts); should this write fail,
    // the first pass writes it, or says why it cannot.
    await claimRoot(store, account).catch(() => undefined);
    await this.o.onRootChosen?.(account);
    await this.o.runners.startIfSyncing(account);
    return account;
  }

  /** The embedded sandbox's demo company as "Demo (sandbox)", syncing into the data folder's Demo/; the existing one when added before. */
  async addDemo(demo: DemoCompany): Promise<Account> {
    const existing = this.o.store.accounts.getByName(DEMO_ACCOUNT_NAME);
    if (existing) return existing;
    return this.add({
      name: DEMO_ACCOUNT_NAME,
      environment: 'sandbox',
      url: null,
      companyId: demo.company_id,
      // Full even when the data folder was given relative (`--data ./dir`), like every account's folder.
      root: resolve(this.o.dataDir, 'Demo'),
      apiKey: demo.api_key,
    });
  }

  /**
   * Changes an account: only what differs is written. A change its running sync read when it started
   * (restart.ts) stops it (its work in flight finished or put back in the queue) and starts it again, so
   * a new folder, interval or handled-marking takes effect now; pausing only wakes it.
   */
  async update(id: string, patch: AccountPatch): Promise<Account> {
    const { store, runners } = this.o;
    const before = store.accounts.get(id);
    if (!before) throw new Error(`No account ${id}`);
    const checked = { ...patch };
    if (patch.name !== undefined) checked.name = checkName(store.accounts, patch.name, id);
    if (patch.root !== undefined) checkRoot(store.accounts, patch.root, id);
    const { changes, restart } = changesOf(before, checked);
    if (Object.keys(changes).length === 0) return before;
    if (!restart) {
      const after = store.accounts.update(id, changes) ?? before;
      runners.kick(id);
      return after;
    }
    if (changes.root) await ensureLayout(changes.root);
    const wasRunning = await runners.stop(id);
    const after = store.accounts.update(id, changes) ?? before;
    // A folder the user chose is the account's from now on: its marker is written (else at the first pass).
    if (changes.root) {
      await claimRoot(store, after).catch(() => undefined);
      await this.o.onRootChosen?.(after);
    }
    if (wasRunning) await runners.startIfSyncing(after);
    return after;
  }

  /**
   * Gives an account added without a vendor API key its key: the service must issue a token with it
   * (a wrong key is refused there) before it is kept beside the API key in the secret store. The
   * account's runner is made again, so its next token carries the key.
   */
  async setVendorApiKey(accountId: string, vendorApiKey: string): Promise<void> {
    const { store, keys, access, runners } = this.o;
    const account = store.accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    const key = vendorApiKey.trim();
    if (!key) throw new AccountInputError('The vendor API key is empty', 'vendorApiKey', 'the vendor API key is required');
    const secret = await keys.read(account);
    if (!secret) throw new Error(`The API key of "${account.name}" is missing: add the account again`);
    try {
      await access.checkCredentials(account, { companyId: account.companyId, apiKey: secret.apiKey, vendorApiKey: key });
    } catch (e) {
      // The API key works (the account syncs with it), so a refused token means the vendor key is not this company's.
      if (e instanceof ServiceError && e.status === 401) {
        throw new AccountInputError(
          'The service did not accept this vendor API key',
          'vendorApiKey',
          'not the vendor API key of this company',
        );
      }
      throw e;
    }
    await keys.keep(account, { apiKey: secret.apiKey, vendorApiKey: key });
    if (await runners.stop(account.id)) await runners.startIfSyncing(account);
  }

  /** Removes the account, its keys and its mirror; the embedded sandbox stops when no account uses it any more. */
  async remove(account: Account): Promise<Account> {
    const { store, keys, access, runners } = this.o;
    await runners.stop(account.id);
    store.accounts.remove(account.id);
    await keys.forget(account);
    await access.releaseEmbeddedSandbox(store.accounts.list());
    return account;
  }
}
