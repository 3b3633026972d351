import type { FastifyInstance } from 'fastify';
import { NETWORKS, REGISTRATION_STATUSES } from '../../shared/enums';
import {
  extensionsBodySchema,
  registrationCreateBodySchema,
  registrationPatchBodySchema,
  registrationStatusBodySchema,
  scanNetworkSettingsSchema,
} from '../../shared/schemas/company';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ByCompany, touch } from '../domain/lookup-index';
import {
  REGISTRATIONS,
  type RegistrationRecord,
  registrationsOf,
  toPublicRegistration,
  toPublicRegistrationDetail,
} from '../domain/profile-records';
import { canonicalNetwork, checkExtension } from '../domain/profile-rules';
import { createRegistration, deleteRegistration, type EmitServiceEvent, setRegistrationStatus } from '../domain/profile-service';
import { nonEmpty, parsePlain } from '../domain/settings-issues';
import { deepMerge } from '../domain/settings-store';
import { badRequest, notFound } from '../http/errors';
import { enumArrayParam } from '../http/query';
import type { CompanyRecord } from '../model';
import { recordEvent } from './notifications';

/** Network registrations (spec: Company profiles and settings, Network registration). */
export function companyProfileRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const table = registrationsOf(ctx);
  const byCompany = new ByCompany<RegistrationRecord>(ctx, REGISTRATIONS);
  const read = { preHandler: ctx.guard({ anyOf: ['company:read'] }) };
  const write = { preHandler: ctx.guard({ anyOf: ['company:write'] }) };
  const emitFor =
    (company: CompanyRecord): EmitServiceEvent =>
    (event, data) =>
      recordEvent(ctx, company, event, data);
  const own = (company: CompanyRecord, id: string): RegistrationRecord => {
    const r = table.get(id);
    if (!r || r.company_id !== company.id) throw notFound('Registration');
    return r;
  };

  app.get('/v1/company/profiles', read, async (req) => {
    const { company } = authOf(req);
    const q = req.query as Record<string, unknown>;
    const networks = nonEmpty(enumArrayParam(q, 'network', NETWORKS)?.map(canonicalNetwork));
    const statuses = nonEmpty(enumArrayParam(q, 'status', REGISTRATION_STATUSES));
    return byCompany
      .of(company.id)
      .filter((r) => (!networks || networks.includes(r.network)) && (!statuses || statuses.includes(r.status)))
      .map(toPublicRegistration);
  });

  app.post('/v1/company/profiles', write, async (req, reply) => {
    const { company } = authOf(req);
    const body = parsePlain(registrationCreateBodySchema, req.body);
    const rec = createRegistration(ctx, company, body, emitFor(company));
    return reply.code(201).send(toPublicRegistrationDetail(rec));
  });

  app.get('/v1/company/profiles/:id', read, async (req) => {
    const { company } = authOf(req);
    return toPublicRegistrationDetail(own(company, (req.params as { id: string }).id));
  });

  app.patch('/v1/company/profiles/:id', write, async (req, reply) => {
    const { company } = authOf(req);
    const rec = own(company, (req.params as { id: string }).id);
    const body = parsePlain(registrationPatchBodySchema, req.body);
    if (rec.network !== 'SCAN')
      throw badRequest('network_settings apply to SCAN registrations only', ['network_settings: only for network SCAN']);
    const merged = deepMerge(
      rec.network_settings ?? {},
      parsePlain(scanNetworkSettingsSchema, body.network_settings, { prefix: ['network_settings'] }),
    );
    table.update(rec.id, (r) => {
      r.network_settings = merged;
      r.updated_at = ctx.nowIso();
    });
    touch(ctx, REGISTRATIONS);
    return reply.code(204).send();
  });

  app.delete('/v1/company/profiles/:id', write, async (req, reply) => {
    const { company } = authOf(req);
    deleteRegistration(ctx, own(company, (req.params as { id: string }).id), emitFor(company));
    return reply.code(204).send();
  });

  app.put('/v1/company/profiles/:id/extensions', write, async (req) => {
    const { company } = authOf(req);
    const rec = own(company, (req.params as { id: string }).id);
    const body = parsePlain(extensionsBodySchema, req.body);
    if (!rec.profiles.includes(body.profile_name)) {
      throw badRequest('profile_name is not a profile of this registration', [
        `profile_name: '${body.profile_name}' is not one of ${rec.profiles.join(', ')}`,
      ]);
    }
    const extensions = [...new Set(body.extensions)];
    for (const ext of extensions) checkExtension(company, rec.network, body.profile_name, ext);
    const updated = table.update(rec.id, (r) => {
      if (extensions.length) r.extensions = { ...r.extensions, [body.profile_name]: extensions };
      else {
        const { [body.profile_name]: _dropped, ...rest } = r.extensions;
        r.extensions = rest;
      }
      r.updated_at = ctx.nowIso();
    });
    touch(ctx, REGISTRATIONS);
    return toPublicRegistrationDetail(updated ?? rec);
  });

  app.post('/__sandbox/profiles/:id/status', async (req) => {
    const rec = table.get((req.params as { id: string }).id);
    const company = rec ? ctx.companies.get(rec.company_id) : undefined;
    if (!rec || !company) throw notFound('Registration');
    const body = parsePlain(registrationStatusBodySchema, req.body);
    return toPublicRegistrationDetail(setRegistrationStatus(ctx, rec, body.status, body.message, emitFor(company)));
  });
}
