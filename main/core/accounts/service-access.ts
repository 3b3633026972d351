import type { Environment } from '../../../shared/enums';
import { SANDBOX_KEY_HEADER } from '../../../shared/sandbox-key';
import { type Credentials, createApi, resolveHosts, type ServiceHosts } from '../api';

/** What says where an account is served: its environment and the address it was given, if any. */
export interface ServiceTarget {
  environment: Environment;
  baseUrl: string | null;
}

/** Where an account's requests go and what each carries: what its API is made with. */
export interface ServiceReach {
  hosts: ServiceHosts;
  headers: Record<string, string> | undefined;
  licenseData: string;
  now: () => number;
}

/** The embedded sandbox's start and stop, handed in by open-app.ts: it listens only while an account needs it. */
export interface EmbeddedSandboxManager {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A Sandbox account without an address of its own: the embedded sandbox serves it. */
export const onEmbeddedSandbox = (a: ServiceTarget) => a.environment === 'sandbox' && !a.baseUrl;

/**
 * How this engine reaches the service for an account: the one place an account's address is resolved
 * (its own, or the embedded sandbox's while that listens), with the headers that address needs and
 * who the app says it is. The sync, the checks of new credentials and the "verify" of the form all ask here.
 */
export class ServiceAccess {
  private embeddedUrl: string | null;
  private embeddedKey: string | null;
  private manager: EmbeddedSandboxManager | null = null;

  constructor(
    private readonly o: {
      env: NodeJS.ProcessEnv;
      licenseData: string;
      now: () => number;
      embeddedSandboxUrl?: string | null;
      embeddedSandboxKey?: string | null;
    },
  ) {
    this.embeddedUrl = o.embeddedSandboxUrl ?? null;
    this.embeddedKey = o.embeddedSandboxKey ?? null;
  }

  /** Where the embedded sandbox listens, when it runs. */
  get embeddedSandboxUrl(): string | null {
    return this.embeddedUrl;
  }

  get licenseData(): string {
    return this.o.licenseData;
  }

  useEmbeddedSandbox(url: string | null, key: string | null = null): void {
    this.embeddedUrl = url;
    this.embeddedKey = key;
  }

  manageEmbeddedSandbox(m: EmbeddedSandboxManager): void {
    this.manager = m;
  }

  /** Starts the embedded sandbox now, if it is managed and not running (a sandbox account is being added or checked). */
  async ensureEmbeddedSandbox(): Promise<void> {
    if (!this.embeddedUrl) await this.manager?.start();
  }

  /** Stops the embedded sandbox once no account is served by it (issue 39). */
  async releaseEmbeddedSandbox(accounts: readonly ServiceTarget[]): Promise<void> {
    if (!accounts.some(onEmbeddedSandbox)) await this.manager?.stop();
  }

  /** The address of the account's service: its own, else the embedded sandbox's for a Sandbox account. */
  urlOf(t: ServiceTarget): string | null {
    return t.baseUrl ?? (t.environment === 'sandbox' ? this.embeddedUrl : null);
  }

  /** The headers a request to `url` needs: the embedded sandbox's key for its address, none for any other. */
  headersFor(url: string | null): Record<string, string> | undefined {
    const key = this.embeddedKey;
    return url && key && url === this.embeddedUrl ? { [SANDBOX_KEY_HEADER]: key } : undefined;
  }

  /** Resolves the account's hosts (throws EnvironmentError when its address is not configured). */
  reach(t: ServiceTarget): ServiceReach {
    const url = this.urlOf(t);
    return {
      hosts: resolveHosts(t.environment, url, this.o.env),
      headers: this.headersFor(url),
      licenseData: this.o.licenseData,
      now: this.o.now,
    };
  }

  /**
   * Asks the service for a token with these credentials, the one check that it takes them (adding an
   * account, its "verify", a vendor key), on an API of its own that is closed after. Answers the scopes
   * granted and, with `companyName`, the company's name (a courtesy: a token that may not read
   * /oauth2/current still verifies the keys).
   */
  async checkCredentials(
    t: ServiceTarget,
    credentials: Credentials,
    o: { companyName?: boolean } = {},
  ): Promise<{ companyName: string | null; scopes: string[] }> {
    if (onEmbeddedSandbox(t)) await this.ensureEmbeddedSandbox();
    const api = createApi({ ...this.reach(t), credentials });
    try {
      await api.tokens.token();
      const current = o.companyName ? await api.company.current().catch(() => null) : null;
      return { companyName: current?.company.name ?? null, scopes: [...api.tokens.scopes].sort() };
    } finally {
      await api.close();
    }
  }
}
