import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AuthReason } from '../../shared/errors';
import { expandScopes } from '../../shared/scopes';
import { ApiError } from '../http/errors';
import type { CompanyRecord } from '../model';
import type { Table } from '../store';
import type { Claims, TokenService } from './tokens';

export interface AuthInfo {
  claims: Claims;
  company: CompanyRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo;
  }
}

export interface GuardOptions {
  /** The token must carry at least one of these scopes (after alias expansion). Empty: any valid token. */
  anyOf?: readonly string[];
  /** Refuse with 401 when the company is not verified (sending and receiving invoices). */
  verified?: boolean;
}

const MESSAGES: Record<AuthReason, string> = {
  token_missing: 'A bearer token is required: get one from POST /oauth2/token',
  token_invalid: 'The bearer token is not valid',
  token_expired: 'The bearer token has expired: request a new one',
  company_unverified: 'The company is not verified (company_state -1): complete company authorization before sending or receiving invoices',
  insufficient_scope: 'The token does not grant access to this resource; a new token with the same scopes will not help',
};

export function unauthorized(reason: Exclude<AuthReason, 'insufficient_scope'>): ApiError {
  const rfc = reason === 'company_unverified' ? '' : `, error="invalid_token", error_description="${reason}"`;
  return new ApiError(401, 'Unauthorized', MESSAGES[reason], [reason], {
    'WWW-Authenticate': `Bearer realm="einvoice-sandbox"${reason === 'token_missing' ? '' : rfc}`,
  });
}

export function forbiddenScope(needed: readonly string[]): ApiError {
  return new ApiError(403, 'forbidden', MESSAGES.insufficient_scope, ['insufficient_scope', `needs one of: ${needed.join(', ')}`], {
    'WWW-Authenticate': `Bearer realm="einvoice-sandbox", error="insufficient_scope", scope="${needed.join(' ')}"`,
  });
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : '';
}

/** Builds the preHandler that authenticates a request and checks scope and company state. */
export function makeGuard(tokens: TokenService, companies: Table<CompanyRecord>) {
  return (opts: GuardOptions = {}): preHandlerAsyncHookHandler =>
    async (req) => {
      const token = bearerToken(req);
      if (token === undefined) throw unauthorized('token_missing');
      if (token === '') throw unauthorized('token_invalid');
      const r = await tokens.verify(token, expandScopes);
      if (!r.ok) throw unauthorized(r.reason);
      const company = companies.get(r.claims.companyId);
      if (!company) throw unauthorized('token_invalid');
      if (opts.anyOf?.length && !opts.anyOf.some((s) => r.claims.scopes.has(s))) throw forbiddenScope(opts.anyOf);
      if (opts.verified && company.state === 'UNVERIFIED') throw unauthorized('company_unverified');
      req.auth = { claims: r.claims, company };
    };
}

/** The authenticated company of a guarded route. */
export function authOf(req: FastifyRequest): AuthInfo {
  if (!req.auth) throw unauthorized('token_missing');
  return req.auth;
}
