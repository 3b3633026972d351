import type { FastifyInstance } from 'fastify';
import {
  type CollectionService,
  collectoraPatchBodySchema,
  collectoraPutBodySchema,
  collectorbPatchBodySchema,
  collectorbPutBodySchema,
  collectorcPutBodySchema,
} from '../../shared/schemas/receivables';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { type ServiceRow, serviceKey, servicesTable, serviceView } from '../domain/receivables-services';
import { ApiError, badRequest, conflict, notFound, parseOr400 } from '../http/errors';

const read = { anyOf: ['company:read'] };
const write = { anyOf: ['company:write'] };

/** Collection service onboarding on the base host (spec: "Receivables: service onboarding"). */
export function receivablesServiceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const table = servicesTable(ctx);
  const rowOf = (companyId: string, s: CollectionService) => table.get(serviceKey(companyId, s));
  /** The service as it stands, refused when the company never joined or has left it. */
  const joined = (companyId: string, s: CollectionService): ServiceRow => {
    const r = rowOf(companyId, s);
    if (!r || r.status === 'disabled') throw notFound(`The ${s} service for this company`);
    return r;
  };
  const save = (
    companyId: string,
    s: CollectionService,
    status: ServiceRow['status'],
    fields: Record<string, unknown>,
    extra: Partial<ServiceRow> = {},
  ): ServiceRow => {
    const now = ctx.nowIso();
    const before = rowOf(companyId, s);
    return table.put({
      id: serviceKey(companyId, s),
      company_id: companyId,
      service: s,
      status,
      fields,
      accountable_party: null,
      service_type: null,
      issued_client_code: null,
      client_code: null,
      ...extra,
      created_at: before && before.status !== 'disabled' ? before.created_at : now,
      updated_at: now,
    });
  };

  for (const path of ['/v2/services/collectora/receivables', '/v1/services/receivables']) {
    app.get(path, { preHandler: ctx.guard(read) }, async (req) => serviceView('collectora', rowOf(authOf(req).company.id, 'collectora')));

    // A PUT on an onboarded service replaces its details; the state stays what it was.
    app.put(path, { preHandler: ctx.guard(write) }, async (req) => {
      const { company } = authOf(req);
      const { accountable_party, service_type, ...fields } = parseOr400(collectoraPutBodySchema, req.body, 'invalid_parameters');
      const r = save(company.id, 'collectora', 'active', fields, {
        accountable_party: accountable_party ?? 'provider',
        service_type: service_type ?? 'full',
      });
      return serviceView('collectora', r);
    });

    app.patch(path, { preHandler: ctx.guard(write) }, async (req, reply) => {
      const { company } = authOf(req);
      const r = joined(company.id, 'collectora');
      const body = parseOr400(collectoraPatchBodySchema, req.body, 'invalid_parameters');
      table.update(r.id, (x) => {
        x.accountable_party = body.accountable_party ?? x.accountable_party;
        x.service_type = body.service_type ?? x.service_type;
        x.updated_at = ctx.nowIso();
      });
      return reply.code(204).send();
    });

    app.delete(path, { preHandler: ctx.guard(write) }, async (req, reply) => {
      const r = joined(authOf(req).company.id, 'collectora');
      table.update(r.id, (x) => {
        x.status = 'disabled';
        x.updated_at = ctx.nowIso();
      });
      return reply.code(204).send();
    });
  }

  app.get('/v2/services/receivables', { preHandler: ctx.guard(read) }, async (req) => {
    const id = authOf(req).company.id;
    return {
      collectora: serviceView('collectora', rowOf(id, 'collectora')),
      collectorb: serviceView('collectorb', rowOf(id, 'collectorb')),
      collectorc: serviceView('collectorc', rowOf(id, 'collectorc')),
    };
  });

  const B = '/v2/services/collectorb/receivables';
  app.get(B, { preHandler: ctx.guard(read) }, async (req) => serviceView('collectorb', rowOf(authOf(req).company.id, 'collectorb')));

  app.put(B, { preHandler: ctx.guard(write) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = parseOr400(collectorbPutBodySchema, req.body, 'invalid_parameters');
    const before = rowOf(company.id, 'collectorb');
    if (before && before.status !== 'disabled') {
      throw conflict('service_already_onboarded', 'The company has already joined this service', [`status: ${before.status}`]);
    }
    const existing = body.existing_agreement ?? false;
    const r = save(company.id, 'collectorb', existing ? 'active' : 'pending', { ...body, existing_agreement: existing });
    return reply.code(201).send(serviceView('collectorb', r));
  });

  app.patch(B, { preHandler: ctx.guard(write) }, async (req, reply) => {
    const { company } = authOf(req);
    const r = joined(company.id, 'collectorb');
    const { client_code } = parseOr400(collectorbPatchBodySchema, req.body, 'invalid_parameters');
    if (r.status === 'pending') {
      if (!r.issued_client_code) {
        throw conflict('contract_not_signed', 'The agency has not signed the contract yet, so it has issued no client code', [
          'client_code: wait for the agency to send you the client code after signing',
        ]);
      }
      if (client_code.toUpperCase() !== r.issued_client_code) {
        throw new ApiError(400, 'invalid_parameters', 'The client code is not the one the agency issued', [
          'client_code: does not match the code the agency issued',
        ]);
      }
    }
    table.update(r.id, (x) => {
      x.client_code = client_code.toUpperCase();
      x.status = 'active';
      x.updated_at = ctx.nowIso();
    });
    return reply.code(204).send();
  });

  app.delete(B, { preHandler: ctx.guard(write) }, async (req, reply) => {
    const r = joined(authOf(req).company.id, 'collectorb');
    table.update(r.id, (x) => {
      x.status = 'disabled';
      x.updated_at = ctx.nowIso();
    });
    return reply.code(204).send();
  });

  app.put('/v2/services/collectorc/receivables', { preHandler: ctx.guard(write) }, async (req, reply) => {
    const { company } = authOf(req);
    const body = parseOr400(collectorcPutBodySchema, req.body, 'invalid_parameters');
    return reply.code(201).send(serviceView('collectorc', save(company.id, 'collectorc', 'active', body)));
  });

  // ---- Admin: the agency signs collectorb's contract and issues the client code.
  app.post('/__sandbox/companies/:id/receivables/collectorb/contract', async (req) => {
    const id = (req.params as { id: string }).id;
    const r = rowOf(id, 'collectorb');
    if (r?.status !== 'pending') throw badRequest('Only a pending collectorb service waits for a contract');
    const code = `CB-${ctx.newId().slice(0, 8).toUpperCase()}`;
    table.update(r.id, (x) => {
      x.issued_client_code = code;
    });
    return { client_code: code };
  });
}
