import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizationAdminBodySchema, authorizationBodySchema, departmentBodySchema } from '../../shared/schemas/company';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ByCompany, touch } from '../domain/lookup-index';
import { registrationsOf } from '../domain/profile-records';
import { createRegistration } from '../domain/profile-service';
import { parsePlain } from '../domain/settings-issues';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import { readMultipart } from '../http/multipart';
import type { CompanyRecord } from '../model';
import { recordEvent } from './notifications';

const AUTH_REQUESTS = 'company_authorization_requests';
const DEPARTMENTS = 'company_departments';

interface AuthRequestRecord {
  id: string;
  locale: string;
  options: string | null;
  sent_at: string;
}

interface DepartmentRecord {
  id: string;
  company_id: string;
  name: string;
  bid: string;
  id_type: string;
  eaid: string;
  no_vat: boolean;
  created_at: string;
}

const authorizationOf = (c: CompanyRecord) => ({ auth_state: c.auth_state, auth_email: c.auth_email, company_state: c.state });
/** The link answers which key, without giving the secret away. */
const vendorLinkOf = (c: CompanyRecord) => ({
  linked: c.vendor_linked,
  vendor: c.vendor_linked ? `${c.vendor_api_key.slice(0, 3)}…${c.vendor_api_key.slice(-4)}` : null,
});
const publicDepartment = ({ company_id: _c, ...d }: DepartmentRecord) => d;

/** Departments take form fields (urlencoded or multipart); JSON is accepted too. Booleans arrive as text. */
async function formBody(req: FastifyRequest): Promise<Record<string, unknown>> {
  let raw: Record<string, unknown> = {};
  if (req.isMultipart()) {
    const body = await readMultipart(req);
    for (const [k, v] of body.fields) raw[k] = v.length === 1 ? v[0] : v;
  } else if (typeof req.body === 'object' && req.body !== null) raw = { ...(req.body as Record<string, unknown>) };
  if (raw.no_vat === 'true' || raw.no_vat === '1') raw.no_vat = true;
  else if (raw.no_vat === 'false' || raw.no_vat === '0' || raw.no_vat === '') raw.no_vat = false;
  return raw;
}

/** Authorization (KYC), vendor key link, keep_active and departments. */
export function companyAccountRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const requests = ctx.store.table<AuthRequestRecord>(AUTH_REQUESTS);
  const departments = ctx.store.table<DepartmentRecord>(DEPARTMENTS);
  const departmentsOf = new ByCompany<DepartmentRecord>(ctx, DEPARTMENTS);
  const read = { preHandler: ctx.guard({ anyOf: ['company:read'] }) };
  const write = { preHandler: ctx.guard({ anyOf: ['company:write'] }) };

  app.get('/v1/company/authorization', read, async (req) => authorizationOf(authOf(req).company));

  app.post('/v1/company/authorization', write, async (req) => {
    const { company } = authOf(req);
    const body = parsePlain(authorizationBodySchema, req.body);
    if (company.auth_state === 'SIGNED') {
      throw badRequest('The authorization is already signed', ['auth_state: SIGNED; no new signing request is needed']);
    }
    requests.put({ id: company.id, locale: body.locale, options: body.options ?? null, sent_at: ctx.nowIso() });
    const updated = ctx.companies.update(company.id, (c) => {
      c.auth_state = 'SENT';
      c.auth_email = body.auth_email;
    });
    return authorizationOf(updated ?? company);
  });

  // Simulates the signer and the KYC decision; company_state is what the invoice routes' 401 reads.
  app.post('/__sandbox/companies/:id/authorization', async (req) => {
    const id = (req.params as { id: string }).id;
    const body = parsePlain(authorizationAdminBodySchema, req.body);
    const before = ctx.companies.get(id);
    if (!before) throw notFound('Company');
    const previousState = before.state;
    const c = ctx.companies.update(id, (r) => {
      if (body.auth_state) r.auth_state = body.auth_state;
      if (body.company_state) r.state = body.company_state;
    });
    if (!c) throw notFound('Company');
    if (c.state !== previousState) recordEvent(ctx, c, `COMPANIES.AUTHORIZATION.${c.state}`, { state: c.state });
    // Spec: BANK is requested automatically when a Finnish company completes authorization.
    const hasBank = registrationsOf(ctx).find((r) => r.company_id === c.id && r.network === 'BANK');
    if (c.state === 'VERIFIED' && previousState !== 'VERIFIED' && c.country === 'FI' && !hasBank) {
      try {
        createRegistration(ctx, c, { network: 'BANK' }, (event, data) => recordEvent(ctx, c, event, data));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        req.log.info({ err: err.message }, 'automatic BANK registration skipped');
      }
    }
    return authorizationOf(c);
  });

  app.get('/v1/company/vendors', read, async (req) => vendorLinkOf(authOf(req).company));

  app.post('/v1/company/vendors', write, async (req, reply) => {
    const { company, claims } = authOf(req);
    if (!claims.vendorKey) {
      throw new ApiError(403, 'forbidden', 'Linking needs a token issued with the vendor API key', [
        'vendor_api_key_required',
        'request the token with vendor_api_key to link the company to that vendor',
      ]);
    }
    const c = ctx.companies.update(company.id, (r) => {
      r.vendor_linked = true;
    });
    return reply.code(201).send(vendorLinkOf(c ?? company));
  });

  app.delete('/v1/company/vendors', write, async (req, reply) => {
    const { company } = authOf(req);
    ctx.companies.update(company.id, (r) => {
      r.vendor_linked = false;
    });
    return reply.code(204).send();
  });

  app.post('/v1/company/keep_active', write, async (req, reply) => {
    const { company } = authOf(req);
    const c = ctx.companies.update(company.id, (r) => {
      r.keep_active_at = ctx.nowIso();
    });
    return reply.code(201).send({ company_id: company.id, keep_active_at: c?.keep_active_at ?? null });
  });

  app.get('/v1/company/departments', read, async (req) => {
    const { company } = authOf(req);
    return departmentsOf.of(company.id).map(publicDepartment);
  });

  app.post('/v1/company/departments', write, async (req, reply) => {
    const { company } = authOf(req);
    const body = parsePlain(departmentBodySchema, await formBody(req));
    const eaid = body.eaid.toUpperCase();
    const clash = departmentsOf.of(company.id).find((d) => d.id_type === body.id_type && d.eaid.toUpperCase() === eaid);
    if (clash) throw conflict(undefined, 'A department with that electronic address exists', [`eaid: used by department ${clash.id}`]);
    const rec = departments.put({
      id: ctx.newId(),
      company_id: company.id,
      name: body.name,
      bid: body.bid,
      id_type: body.id_type,
      eaid: body.eaid,
      no_vat: body.no_vat ?? false,
      created_at: ctx.nowIso(),
    });
    touch(ctx, DEPARTMENTS);
    return reply.code(201).send(publicDepartment(rec));
  });
}
