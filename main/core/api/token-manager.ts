import { tokenResponseSchema } from '../../../shared/schemas/common';
import { expandScopes, parseScopeString } from '../../../shared/scopes';
import { describeStatus, ServiceError } from './errors';
import type { Transport } from './transport';

export interface Credentials {
  companyId: string;
  apiKey: string;
  vendorApiKey?: string | null;
}

export interface TokenManagerOptions {
  transport: Transport;
  baseUrl: string;
  credentials: Credentials;
  /** Scopes to ask for; the service may grant fewer. */
  scope: string;
  licenseData?: string;
  now: () => number;
}

interface Held {
  token: string;
  expiresAt: number;
  refreshAt: number;
  scopes: Set<string>;
}

/**
 * Holds the account's bearer token: one token request at a time, renewed ahead of expiry (a tenth of
 * its lifetime, at most five minutes early), and dropped when the service says it has expired.
 */
export class TokenManager {
  private held: Held | null = null;
  private inflight: Promise<Held> | null = null;

  constructor(private readonly opts: TokenManagerOptions) {}

  async token(signal?: AbortSignal): Promise<string> {
    const now = this.opts.now();
    if (this.held && now < this.held.refreshAt) return this.held.token;
    if (this.held && now < this.held.expiresAt) {
      // Still valid: renew in the background and answer the current one.
      void this.renew(signal).catch(() => undefined);
      return this.held.token;
    }
    return (await this.renew(signal)).token;
  }

  /** The scopes granted with the current token, aliases expanded (empty before the first one). */
  get scopes(): ReadonlySet<string> {
    return this.held?.scopes ?? new Set();
  }

  /** Forget a token the service refused, unless a newer one already replaced it. */
  invalidate(token: string): void {
    if (this.held?.token === token) this.held = null;
  }

  private renew(signal?: AbortSignal): Promise<Held> {
    this.inflight ??= this.fetchToken(signal).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /**
   * A token for the scopes asked; when the service refuses the scope list (`invalid_scope`: it knows
   * other names, or the company may not have one), a token of the company's default scopes instead,
   * so that what the company may do still works; `scopes` then says what was granted.
   */
  private async fetchToken(signal?: AbortSignal): Promise<Held> {
    try {
      return await this.fetchTokenFor(this.opts.scope, signal);
    } catch (e) {
      if (!(this.opts.scope && e instanceof ServiceError && e.code === 'invalid_scope')) throw e;
      return this.fetchTokenFor(undefined, signal);
    }
  }

  private async fetchTokenFor(scope: string | undefined, signal?: AbortSignal): Promise<Held> {
    const { credentials, licenseData } = this.opts;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.companyId,
      client_secret: credentials.apiKey,
    });
    if (scope) form.set('scope', scope);
    if (credentials.vendorApiKey) form.set('vendor_api_key', credentials.vendorApiKey);
    if (licenseData) form.set('license_data', licenseData);
    const started = this.opts.now();
    const res = await this.opts.transport.send({
      method: 'POST',
      url: new URL('/oauth2/token', this.opts.baseUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal,
    });
    if (res.status !== 200) throw tokenError(res.status, res.body);
    let parsed: ReturnType<typeof tokenResponseSchema.safeParse>;
    try {
      parsed = tokenResponseSchema.safeParse(JSON.parse(res.body.toString('utf8')));
    } catch {
      throw new ServiceError('retry', 'The service answered the token request with something that is not JSON', 200, 'garbled');
    }
    if (!parsed.success) throw new ServiceError('retry', 'The token answer lacks access_token or expires_in', 200, 'garbled');
    const lifetimeMs = parsed.data.expires_in * 1000;
    const early = Math.min(lifetimeMs / 10, 5 * 60_000);
    this.held = {
      token: parsed.data.access_token,
      expiresAt: started + lifetimeMs,
      refreshAt: started + lifetimeMs - early,
      scopes: expandScopes(parseScopeString(parsed.data.scope)),
    };
    return this.held;
  }
}

function tokenError(status: number, body: Buffer): ServiceError {
  let code: string | null = null;
  let message: string | undefined;
  try {
    const b = JSON.parse(body.toString('utf8')) as { code?: string; error?: string; message?: string; error_description?: string };
    code = b.code ?? b.error ?? null;
    message = b.message ?? b.error_description;
  } catch {
    // not JSON: the status says enough
  }
  // The spec's OAuth name, and the real service's (real-service-facts F5, its status not known).
  if (status === 401 || code === 'invalid_client' || code === 'invalid_credentials') {
    return new ServiceError(
      'user',
      'The company UUID or API key was not accepted: check them in the account settings',
      status,
      code ?? 'invalid_client',
    );
  }
  if (code === 'invalid_scope') {
    return new ServiceError('user', `The service did not grant the scopes this app needs${message ? `: ${message}` : ''}`, status, code);
  }
  if (status === 429 || status >= 500) return new ServiceError('retry', describeStatus(status, message), status, code);
  return new ServiceError('user', `The token request was refused: ${describeStatus(status, message)}`, status, code);
}
