import type { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { ServiceHosts } from './environments';
import { describeStatus, ServiceError } from './errors';
import type { Multipart } from './multipart';
import { DEFAULT_RETRY, parseRetryAfter, type RetryOptions, retryPolicy } from './retry';
import type { TokenManager } from './token-manager';
import type { FormData, RawResponse, Transport } from './transport';

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  host?: keyof ServiceHosts;
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: FormData;
  /** A form already encoded in one buffer (uploads: multipart.ts). */
  multipart?: Multipart;
  /**
   * Whether the call may be repeated after a failure whose outcome is unknown. GET, PUT, PATCH and
   * DELETE are; a POST is only when it carries its own idempotency key (invoice uuid, transmission_id).
   */
  idempotent?: boolean;
  accept?: string;
  signal?: AbortSignal;
}

export interface CallResult {
  status: number;
  headers: RawResponse['headers'];
  body: Buffer;
}

export interface ServiceClientOptions {
  transport: Transport;
  hosts: ServiceHosts;
  tokens: TokenManager;
  now: () => number;
  /**
   * A clock that only moves forward (performance.now): the service's time is carried on from its last
   * Date with it, so a wall clock set right (or wrong) between two answers cannot skew it.
   */
  monotonic?: () => number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
}

/** The service's `Date` header as epoch ms, or null when it is absent or not a date. */
export function serviceDateOf(headers: RawResponse['headers']): number | null {
  const raw = [headers.date].flat()[0];
  const ms = raw ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Authorized calls to the service: bearer token from the token manager, one renewal and retry when
 * the token has expired, backoff with jitter on `retry` failures for idempotent calls, and every
 * failure turned into a ServiceError of one of three kinds.
 */
export class ServiceClient {
  private readonly policy;
  private readonly monotonic: () => number;
  /** The Date of the service's last answer, and the monotonic time it came. */
  private lastDate: { serviceMs: number; seenAt: number } | null = null;
  constructor(private readonly opts: ServiceClientOptions) {
    this.policy = retryPolicy({ ...DEFAULT_RETRY, ...opts.retry });
    this.monotonic = opts.monotonic ?? (() => performance.now());
  }

  get grantedScopes(): ReadonlySet<string> {
    return this.opts.tokens.scopes;
  }

  /**
   * The service's time now, from the Date of its last answer (null before one carried a Date), carried
   * on with the monotonic clock. A Date names whole seconds, so the last millisecond of its second is
   * taken: at most a second ahead of the service (which a time window's overlap covers), behind it only
   * by the answer's way here, so what the service stamped before it answered falls inside a window ending now.
   */
  serviceNow(): number | null {
    return this.lastDate && this.lastDate.serviceMs + (this.monotonic() - this.lastDate.seenAt);
  }

  async call(o: CallOptions): Promise<CallResult> {
    const idempotent = o.idempotent ?? o.method !== 'POST';
    const once = () => this.callRenewingToken(o);
    return idempotent ? this.policy.execute(once, o.signal) : once();
  }

  /** A JSON answer parsed with a (loose) schema: unknown fields are kept. */
  async json<S extends z.ZodType>(o: CallOptions, schema: S): Promise<{ data: z.infer<S>; headers: CallResult['headers'] }> {
    const res = await this.call({ accept: 'application/json', ...o });
    let raw: unknown;
    try {
      raw = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new ServiceError('retry', `The service answered ${o.method} ${o.path} with something that is not JSON`, res.status, 'garbled');
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ServiceError(
        'retry',
        `The service's answer to ${o.method} ${o.path} has an unexpected shape (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`,
        res.status,
        'unexpected_shape',
      );
    }
    return { data: parsed.data, headers: res.headers };
  }

  private async callRenewingToken(o: CallOptions): Promise<CallResult> {
    const token = await this.opts.tokens.token(o.signal);
    try {
      return await this.send(o, token);
    } catch (err) {
      if (err instanceof ServiceError && err.status === 401 && err.reason !== 'company_unverified') {
        // An expired or revoked token: renew once. A second 401 is the user's to fix.
        this.opts.tokens.invalidate(token);
        const fresh = await this.opts.tokens.token(o.signal);
        try {
          return await this.send(o, fresh);
        } catch (again) {
          if (again instanceof ServiceError && again.status === 401) {
            // The real service's 401 may say no more than `auth_unauthorized` (real-service-facts F3): a
            // fresh token did not help, so the company's own authorization state tells an unverified company.
            if (o.path !== UNVERIFIED_PROBE && (await this.unverified(fresh, o.signal))) throw unverifiedError(again);
            throw new ServiceError('user', again.message, 401, again.code, again.details);
          }
          throw again;
        }
      }
      throw err;
    }
  }

  /** Whether GET /v1/company/authorization says the company is not verified (false when it cannot say). */
  private async unverified(token: string, signal?: AbortSignal): Promise<boolean> {
    try {
      const res = await this.send({ method: 'GET', path: UNVERIFIED_PROBE, accept: 'application/json', signal }, token);
      const state = (JSON.parse(res.body.toString('utf8')) as { company_state?: unknown }).company_state;
      return state === 'UNVERIFIED' || state === -1 || state === '-1';
    } catch {
      return false;
    }
  }

  private async send(o: CallOptions, token: string): Promise<CallResult> {
    const url = new URL(o.path, this.opts.hosts[o.host ?? 'base_url']);
    appendQuery(url, o.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: o.accept ?? '*/*',
      'user-agent': this.opts.userAgent ?? 'einvoice-sync',
    };
    let body: string | Buffer | FormData | undefined;
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form) {
      body = o.form;
    } else if (o.multipart) {
      headers['content-type'] = o.multipart.contentType;
      body = o.multipart.body;
    }
    const res = await this.opts.transport.send({ method: o.method, url, headers, body, signal: o.signal });
    const serviceMs = serviceDateOf(res.headers);
    if (serviceMs !== null) this.lastDate = { serviceMs: serviceMs + 999, seenAt: this.monotonic() };
    if (res.status >= 200 && res.status < 300) return res;
    throw this.failure(res, o);
  }

  private failure(res: RawResponse, o: CallOptions): ServiceError {
    let parsed: z.infer<typeof errorBodySchema> = {};
    try {
      const r = errorBodySchema.safeParse(JSON.parse(res.body.toString('utf8')));
      if (r.success) parsed = r.data;
    } catch {
      // Error pages that are not JSON: the status alone decides.
    }
    const s = res.status;
    const details = parsed.details ?? [];
    const message = describeStatus(s, parsed.message);
    const retryAfter = parseRetryAfter(res.headers['retry-after'], this.opts.now());
    if (s === 401) {
      const reason = details[0] ?? wwwAuthenticateReason(res.headers['www-authenticate']);
      const text = reason === 'company_unverified' ? UNVERIFIED_TEXT : message;
      return new ServiceError(
        reason === 'company_unverified' ? 'user' : 'retry',
        text,
        s,
        parsed.code ?? 'Unauthorized',
        reason ? [reason, ...details.slice(1)] : details,
      );
    }
    if (s === 403) {
      return new ServiceError('user', `${message} (${o.method} ${o.path})`, s, parsed.code ?? 'forbidden', details);
    }
    if (s === 408 || s === 429 || s >= 500) return new ServiceError('retry', message, s, parsed.code ?? null, details, retryAfter);
    return new ServiceError('skip', message, s, parsed.code ?? null, details);
  }
}

const UNVERIFIED_PROBE = '/v1/company/authorization';
const UNVERIFIED_TEXT =
  'The company is not verified yet: complete company authorization (KYC) with the service before sending or receiving invoices';

function unverifiedError(e: ServiceError): ServiceError {
  return new ServiceError('user', UNVERIFIED_TEXT, 401, e.code, [
    'company_unverified',
    ...(e.details ?? []).filter((d) => d !== 'company_unverified'),
  ]);
}

function wwwAuthenticateReason(h: string | string[] | undefined): string | undefined {
  const v = Array.isArray(h) ? h.join(',') : (h ?? '');
  const m = /error_description="([^"]+)"/.exec(v);
  if (m) return m[1];
  return /error="invalid_token"/.test(v) ? 'token_invalid' : undefined;
}

/** Arrays go as `name[]=a&name[]=b` (unshown-parts.md, wire conventions). */
export function appendQuery(url: URL, query: Record<string, QueryValue> | undefined): void {
  if (!query) return;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) url.searchParams.append(`${k}[]`, x);
    else url.searchParams.set(k, String(v));
  }
}
