import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerBid, type ServiceLevel, serviceLevelPatchBodySchema } from '../../shared/schemas/receivables';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { serviceKey, servicesTable } from '../domain/receivables-services';
import { ApiError, invalidParameters, parseOr400 } from '../http/errors';
import { paginate, readPage } from '../http/paging';

const scope = { anyOf: ['receivables:assignments'] };

/** One row per company and customer that has a level other than the default. */
interface LevelRow {
  id: string;
  company_id: string;
  customer_bid: string;
  service_level: ServiceLevel;
  updated_at: string;
}

/** Business ids compare without spaces, hyphens and dots, as lookups do. */
const compact = (bid: string) => bid.replace(/[\s.-]/g, '').toUpperCase();

/**
 * Service levels on the receivables host (spec: "full collection service only"): the sandbox reads that
 * as an active collectora service of service_type full, the only service with a type; anything else is
 * 403. A customer never set is at `default`; the list holds only the customers set otherwise.
 */
export function receivablesLevelRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const levels = ctx.store.table<LevelRow>('receivables_service_levels');
  const fullService = (req: FastifyRequest): string => {
    const c = authOf(req).company.id;
    const s = servicesTable(ctx).get(serviceKey(c, 'collectora'));
    if (s?.status !== 'active' || (s.service_type ?? 'full') !== 'full') {
      throw new ApiError(403, 'forbidden', 'Service levels are part of the full collection service only', [
        s?.status === 'active' ? 'service_type: the company has the reduced service' : 'service: join the full collection service first',
      ]);
    }
    return c;
  };
  const bidOf = (req: FastifyRequest): string => {
    const raw = decodeURIComponent((req.params as Record<string, string>).customer_bid ?? '');
    const ok = customerBid.safeParse(raw);
    if (!ok.success) throw invalidParameters('The customer business id is not valid', [`customer_bid: ${ok.error.issues[0]?.message}`]);
    return ok.data;
  };
  const view = (bid: string, r: LevelRow | undefined) => ({
    customer_bid: r?.customer_bid ?? bid,
    service_level: r?.service_level ?? 'default',
    updated_at: r?.updated_at ?? null,
  });

  app.get('/v1/service_levels', { preHandler: ctx.guard(scope) }, async (req, reply) => {
    const c = fullService(req);
    const rows = levels.filter((r) => r.company_id === c).sort((a, b) => a.customer_bid.localeCompare(b.customer_bid));
    return paginate(rows, readPage(req.query as Record<string, unknown>, 20), req, reply).map((r) => view(r.customer_bid, r));
  });

  app.get('/v1/service_levels/:customer_bid', { preHandler: ctx.guard(scope) }, async (req) => {
    const c = fullService(req);
    const bid = bidOf(req);
    return view(bid, levels.get(`${c}:${compact(bid)}`));
  });

  // Setting `default` removes the customer from the list; the answer is the level as it now stands.
  app.patch('/v1/service_levels/:customer_bid', { preHandler: ctx.guard(scope) }, async (req) => {
    const c = fullService(req);
    const bid = bidOf(req);
    const body = parseOr400(serviceLevelPatchBodySchema, req.body, 'invalid_parameters');
    const id = `${c}:${compact(bid)}`;
    if (body.service_level === 'default') {
      levels.delete(id);
      return view(bid, undefined);
    }
    const before = levels.get(id);
    return view(
      bid,
      levels.put({
        id,
        company_id: c,
        customer_bid: before?.customer_bid ?? bid,
        service_level: body.service_level,
        updated_at: ctx.nowIso(),
      }),
    );
  });
}
