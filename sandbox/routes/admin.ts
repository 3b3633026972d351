import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMPANY_STATES } from '../../shared/enums';
import { REPEATED_UUID_ANSWERS, type SandboxContext } from '../context';
import { faultRuleSchema } from '../faults';
import { notFound, parseOr400 } from '../http/errors';
import type { CompanyRecord } from '../model';
import { PROFILES } from '../profile-real';
import { TOKEN_REQUESTS, type TokenRequestRecord } from './auth';

/** Scopes a sandbox company may be granted unless the admin call narrows them. */
export const DEFAULT_ALLOWED_SCOPES = [
  'eui',
  'global',
  'company',
  'validate',
  'billing:reports',
  'fi_bank_message:send',
  'fi_bank_message:receive',
  'partner:lookups',
  'partner:invoice_delivery_actions',
  'partner:takeovers',
  'partner:scanpartner_scan_service',
];

const companyBodySchema = z.object({
  name: z.string().min(1).max(200),
  country: z.string().regex(/^[A-Z]{2}$/, 'country must be a 2-letter code'),
  business_id: z.string().min(1).max(40),
  state: z.enum(COMPANY_STATES).optional(),
  vat: z.string().optional(),
  /** Reuse a vendor key issued earlier, so that one partner reaches many companies. */
  vendor_api_key: z.string().optional(),
  /** Narrow the scopes this company may be granted (for scope tests). */
  allowed_scopes: z.array(z.string()).optional(),
});

const configBodySchema = z.object({
  token_lifetime_s: z.number().int().min(1).max(86_400).optional(),
  analysis_delay_ms: z.number().int().min(0).max(3_600_000).optional(),
  repeated_uuid: z.enum(REPEATED_UUID_ANSWERS).optional(),
  list_uuids: z.boolean().optional(),
  profile: z.enum(PROFILES).optional(),
});

const secret = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export function createCompany(ctx: SandboxContext, input: z.infer<typeof companyBodySchema>): CompanyRecord {
  const company: CompanyRecord = {
    id: ctx.newId(),
    name: input.name,
    country: input.country,
    business_id: input.business_id,
    vat: input.vat ?? null,
    state: input.state ?? 'VERIFIED',
    auth_state: input.state === 'UNVERIFIED' ? 'NONE' : 'SIGNED',
    auth_email: null,
    api_key: secret('sk'),
    vendor_api_key: input.vendor_api_key ?? secret('vk'),
    vendor_linked: false,
    allowed_scopes: input.allowed_scopes ?? DEFAULT_ALLOWED_SCOPES,
    created_at: ctx.nowIso(),
    keep_active_at: null,
    user_id: ctx.newId(),
  };
  return ctx.companies.put(company);
}

/** The admin API under /__sandbox/, for tests and demos; documented in sandbox/README.md. */
export function adminRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/__sandbox/companies', async (req, reply) => {
    const c = createCompany(ctx, parseOr400(companyBodySchema, req.body));
    return reply.code(201).send({ company_id: c.id, api_key: c.api_key, vendor_api_key: c.vendor_api_key });
  });

  app.get('/__sandbox/companies', async () =>
    [...ctx.companies.values()].map((c) => ({
      company_id: c.id,
      name: c.name,
      country: c.country,
      business_id: c.business_id,
      state: c.state,
    })),
  );

  app.patch('/__sandbox/companies/:id', async (req) => {
    const id = (req.params as { id: string }).id;
    const body = parseOr400(
      z.object({ state: z.enum(COMPANY_STATES).optional(), allowed_scopes: z.array(z.string()).optional() }),
      req.body,
    );
    const c = ctx.companies.update(id, (c) => {
      if (body.state) c.state = body.state;
      if (body.allowed_scopes) c.allowed_scopes = body.allowed_scopes;
    });
    if (!c) throw notFound('Company');
    return { company_id: c.id, state: c.state, allowed_scopes: c.allowed_scopes };
  });

  app.get('/__sandbox/companies/:id/uploads', async (req) => {
    const id = (req.params as { id: string }).id;
    if (!ctx.companies.has(id)) throw notFound('Company');
    return ctx.uploads
      .filter((u) => u.company_id === id)
      .map((u) => ({
        kind: u.kind,
        id: u.remote_id,
        uuid: u.uuid,
        transmission_id: u.transmission_id,
        filename: u.filename,
        sha256: u.sha256,
        attempts: u.attempts,
      }));
  });

  // What each token request of a company carried (scope, license_data), oldest first: proof of what a client says it is.
  app.get('/__sandbox/companies/:id/token-requests', async (req) => {
    const id = (req.params as { id: string }).id;
    if (!ctx.companies.has(id)) throw notFound('Company');
    return ctx.store
      .table<TokenRequestRecord>(TOKEN_REQUESTS)
      .filter((r) => r.company_id === id)
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(({ id: _id, company_id: _c, ...r }) => r);
  });

  app.get('/__sandbox/faults', async () => ctx.faults.list());
  app.post('/__sandbox/faults', async (req, reply) => reply.code(201).send(ctx.faults.add(parseOr400(faultRuleSchema, req.body))));
  app.put('/__sandbox/faults', async (req) => {
    const rules = parseOr400(z.array(faultRuleSchema), req.body);
    ctx.faults.clear();
    return rules.map((r) => ctx.faults.add(r));
  });
  app.delete('/__sandbox/faults', async (_req, reply) => {
    ctx.faults.clear();
    return reply.code(204).send();
  });

  const config = () => ({
    token_lifetime_s: ctx.config.tokenLifetimeSec,
    analysis_delay_ms: ctx.config.analysisDelayMs,
    repeated_uuid: ctx.config.repeatedUuid,
    list_uuids: ctx.config.listUuids,
    profile: ctx.config.profile,
  });
  app.get('/__sandbox/config', async () => config());
  app.patch('/__sandbox/config', async (req) => {
    const body = parseOr400(configBodySchema, req.body);
    if (body.token_lifetime_s !== undefined) ctx.config.tokenLifetimeSec = body.token_lifetime_s;
    if (body.analysis_delay_ms !== undefined) ctx.config.analysisDelayMs = body.analysis_delay_ms;
    if (body.repeated_uuid !== undefined) ctx.config.repeatedUuid = body.repeated_uuid;
    if (body.list_uuids !== undefined) ctx.config.listUuids = body.list_uuids;
    if (body.profile !== undefined) {
      ctx.config.profile = body.profile;
      // The real sent list shows no uuid; an explicit list_uuids in the same call still wins.
      if (body.list_uuids === undefined) ctx.config.listUuids = body.profile !== 'real';
    }
    return config();
  });

  // Tests move the sandbox's time on instead of sleeping: a token expires, a PENDING analysis finishes.
  app.get('/__sandbox/clock', async () => ({ now: ctx.nowIso(), offset_ms: ctx.clock.offsetMs }));
  app.post('/__sandbox/clock', async (req) => {
    const { advance_ms } = parseOr400(
      z.object({
        advance_ms: z
          .number()
          .int()
          .min(0)
          .max(366 * 24 * 3600_000),
      }),
      req.body,
    );
    ctx.clock.advance(advance_ms);
    return { now: ctx.nowIso(), offset_ms: ctx.clock.offsetMs };
  });

  app.post('/__sandbox/reset', async (_req, reply) => {
    ctx.faults.clear();
    ctx.store.reset(['keys']);
    return reply.code(204).send();
  });
}
