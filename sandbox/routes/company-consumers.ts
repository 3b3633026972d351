import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSUMER_STATUSES, consumerAdminBodySchema } from '../../shared/schemas/company';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ByCompany, touch } from '../domain/lookup-index';
import { nonEmpty, parsePlain } from '../domain/settings-issues';
import { notFound } from '../http/errors';
import { paginate, readPage } from '../http/paging';
import { enumArrayParam, stringParam } from '../http/query';

export const CONSUMERS = 'company_consumers';

export interface ConsumerRecord {
  id: string;
  company_id: string;
  name: string;
  phone_number: string | null;
  customer_number: string | null;
  reference_number: string | null;
  status: (typeof CONSUMER_STATUSES)[number];
  created_at: string;
}

const publicConsumer = ({ company_id: _c, ...rest }: ConsumerRecord) => rest;

/**
 * The deprecated consumer listings (GET /v1/company/consumers and /v1/services/b2cno/consumers, one
 * handler). The list is empty unless the admin route adds consumers.
 */
export function companyConsumerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const consumers = ctx.store.table<ConsumerRecord>(CONSUMERS);
  const consumersOf = new ByCompany<ConsumerRecord>(ctx, CONSUMERS);

  const list = async (req: FastifyRequest, reply: FastifyReply) => {
    const { company } = authOf(req);
    const q = req.query as Record<string, unknown>;
    const text = stringParam(q, 'query')?.trim().toLowerCase();
    const statuses = nonEmpty(enumArrayParam(q, 'status', CONSUMER_STATUSES));
    const page = readPage(q, 10);
    const digits = text?.replace(/[\s+()-]/g, '');
    const hit = (c: ConsumerRecord) =>
      !text ||
      c.name.toLowerCase().includes(text) ||
      [c.phone_number, c.customer_number, c.reference_number].some(
        (v) => v !== null && (v.toLowerCase().includes(text) || (!!digits && v.replace(/[\s+()-]/g, '').includes(digits))),
      );
    const items = consumersOf.of(company.id).filter((c) => (!statuses || statuses.includes(c.status)) && hit(c));
    reply.header('Deprecation', 'true');
    return paginate(items, page, req, reply).map(publicConsumer);
  };
  const read = { preHandler: ctx.guard({ anyOf: ['company:read'] }) };
  app.get('/v1/company/consumers', read, list);
  app.get('/v1/services/b2cno/consumers', read, list);

  app.post('/__sandbox/companies/:id/consumers', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    if (!ctx.companies.has(id)) throw notFound('Company');
    const body = parsePlain(consumerAdminBodySchema, req.body);
    const rec = consumers.put({
      id: ctx.newId(),
      company_id: id,
      name: body.name,
      phone_number: body.phone_number ?? null,
      customer_number: body.customer_number ?? null,
      reference_number: body.reference_number ?? null,
      status: body.status ?? 'ACTIVE',
      created_at: ctx.nowIso(),
    });
    touch(ctx, CONSUMERS);
    return reply.code(201).send(publicConsumer(rec));
  });
}
