import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { licenseDataSchema } from '../../shared/schemas/common';
import { DEFAULT_SCOPES, expandScopes, isKnownScope, parseScopeString } from '../../shared/scopes';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ApiError, badRequest, notFound } from '../http/errors';
import { booleanParam, stringParam } from '../http/query';

const tokenBodySchema = z.object({
  grant_type: z.string(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scope: z.string().optional(),
  vendor_api_key: z.string().optional(),
  license_data: z.string().optional(),
});

export const TOKEN_REQUESTS = 'token_requests';

/** What a client sent with a token request its credentials passed (GET /__sandbox/token-requests). */
export interface TokenRequestRecord {
  id: string;
  company_id: string;
  at: string;
  scope: string | null;
  /** Whether a vendor key was sent; the key itself is not kept. */
  vendor_api_key: boolean;
  /** The license_data string exactly as it came. */
  license_data: string | null;
}

/** OAuth2 errors keep the one error shape; `code` carries the RFC 6749 error name. */
const oauthError = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** Authentication and common endpoints. */
export function authRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const tokenRequests = ctx.store.table<TokenRequestRecord>(TOKEN_REQUESTS);
  app.post('/oauth2/token', async (req) => {
    const body = readTokenBody(req.body, req.headers.authorization);
    if (body.grant_type !== 'client_credentials') {
      throw oauthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
    }
    if (!body.client_id || !body.client_secret) throw oauthError(401, 'invalid_client', 'client_id and client_secret are required');
    const company = ctx.companies.get(body.client_id);
    if (!company || company.api_key !== body.client_secret) {
      throw oauthError(401, 'invalid_client', 'Unknown company UUID or wrong API key');
    }
    if (body.vendor_api_key !== undefined && body.vendor_api_key !== company.vendor_api_key) {
      throw oauthError(401, 'invalid_client', 'The vendor API key is not valid for this company');
    }
    tokenRequests.put({
      id: ctx.newId(),
      company_id: company.id,
      at: ctx.nowIso(),
      scope: body.scope ?? null,
      vendor_api_key: body.vendor_api_key !== undefined,
      license_data: body.license_data ?? null,
    });
    if (body.license_data !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.license_data);
      } catch {
        throw oauthError(400, 'invalid_request', 'license_data must be a JSON string');
      }
      if (!licenseDataSchema.safeParse(parsed).success) throw oauthError(400, 'invalid_request', 'license_data has the wrong shape');
    }
    const requested = body.scope !== undefined ? parseScopeString(body.scope) : [...DEFAULT_SCOPES];
    const unknown = requested.filter((s) => !isKnownScope(s));
    if (unknown.length) throw oauthError(400, 'invalid_scope', `Unknown scope: ${unknown.join(', ')}`);
    const allowed = expandScopes(company.allowed_scopes);
    // Grant the intersection: an alias the company has in full stays an alias, otherwise its allowed parts.
    const granted = [
      ...new Set(
        requested.flatMap((s) => {
          const parts = [...expandScopes([s])].filter((x) => x !== s);
          if (allowed.has(s) || (parts.length > 0 && parts.every((x) => allowed.has(x)))) return [s];
          return parts.filter((x) => allowed.has(x));
        }),
      ),
    ];
    if (granted.length === 0) throw oauthError(400, 'invalid_scope', 'None of the requested scopes is available to this company');
    const lifetime = ctx.config.tokenLifetimeSec;
    const access_token = await ctx.tokens.issue(company.id, granted, body.vendor_api_key ?? null, lifetime);
    return { access_token, token_type: 'bearer', expires_in: lifetime, scope: granted.join(' ') };
  });

  app.get('/oauth2/current', { preHandler: ctx.guard() }, async (req) => {
    const { company, claims } = authOf(req);
    return {
      user: { id: company.user_id, first_name: 'Sandbox', last_name: 'User', email: `user@${company.business_id}.example` },
      company: { id: company.id, bid: company.business_id, name: company.name, country: company.country, vat: company.vat },
      scopes: [...claims.scopes].sort(),
    };
  });

  app.get('/status/authenticated', { preHandler: ctx.guard() }, async (req) => {
    const { claims } = authOf(req);
    return { client_id: claims.clientId, expires_at: new Date(claims.exp * 1000).toISOString() };
  });

  app.get('/v1/jwk', { preHandler: ctx.guard() }, async () => [ctx.tokens.jwk]);

  app.get('/status', async (req) => {
    const q = req.query as Record<string, unknown>;
    const long = booleanParam(q, 'long') ?? false;
    const auth = stringParam(q, 'auth');
    const base = { status: 'ok', time: ctx.nowIso() };
    if (!long) return base;
    return {
      ...base,
      services: { api: 'ok', receivables: 'ok', validator: 'ok', bling: 'ok' },
      auth: auth ?? null,
      environment: 'sandbox',
    };
  });

  const odp = ctx.store.table<{ id: string; trusted: boolean; updated_at: string }>('odp_companies');
  const odpId = (raw: string) => {
    if (!/^\d{1,18}$/.test(raw)) throw badRequest('id must be an integer', ['id: must be an integer']);
    return raw;
  };
  app.get('/odp/companies/:id', { preHandler: ctx.guard({ anyOf: ['company:read'] }) }, async (req) => {
    const id = odpId((req.params as { id: string }).id);
    const rec = odp.get(id);
    if (!rec) throw notFound('Company record');
    return rec;
  });
  app.patch('/odp/companies/:id', { preHandler: ctx.guard({ anyOf: ['company:write'] }) }, async (req, reply) => {
    const id = odpId((req.params as { id: string }).id);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const raw = body.trusted;
    const trusted = raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : undefined;
    if (trusted === undefined) throw badRequest('trusted is required', ['trusted: must be true or false']);
    odp.put({ id, trusted, updated_at: ctx.nowIso() });
    return reply.code(204).send();
  });
}

/** The token endpoint takes form fields; client credentials may also come as HTTP Basic. */
function readTokenBody(raw: unknown, authorization: string | undefined) {
  const body = typeof raw === 'object' && raw !== null ? { ...(raw as Record<string, unknown>) } : {};
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i > 0) {
      body.client_id ??= decodeURIComponent(decoded.slice(0, i));
      body.client_secret ??= decodeURIComponent(decoded.slice(i + 1));
    }
  }
  const r = tokenBodySchema.safeParse(body);
  if (!r.success) throw oauthError(400, 'invalid_request', 'grant_type is required and every field is a string');
  return r.data;
}
