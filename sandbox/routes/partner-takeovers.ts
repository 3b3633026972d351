import type { FastifyInstance, FastifyRequest } from 'fastify';
import { takeoverBodySchema, takeoverQuerySchema } from '../../shared/schemas/partner';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { compactId } from '../domain/profile-identifiers';
import { badRequest, conflict, notFound, parseOr400 } from '../http/errors';
import { onlyParams } from './invoices-shared';
import { partnerVendorKey } from './partner';

export const TAKEOVERS = 'partner_takeovers';

type TakeoverState = 'STARTED' | 'COMPLETED' | 'REVERTED';

interface TakeoverRecord {
  id: string;
  company_id: string;
  /** The partner's vendor key: the company's service relationship moves to it on completion. */
  vendor_api_key: string;
  state: TakeoverState;
  created_at: string;
  completed_at: string | null;
  reverted_at: string | null;
  /** Where the company was before completion, so that a revert can put it back. */
  previous: { vendor_api_key: string; vendor_linked: boolean } | null;
}

const view = ({ vendor_api_key: _k, previous: _p, ...rest }: TakeoverRecord) => rest;

/**
 * Partner takeovers (experimental): a partner moves a company's service relationship to its own
 * vendor key. Start reserves the company, complete moves it (it is then one of the partner's linked
 * companies), and a revert cancels a started takeover or moves a completed one back.
 */
export function partnerTakeoverRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const takeovers = ctx.store.table<TakeoverRecord>(TAKEOVERS);
  const guard = { preHandler: ctx.guard({ anyOf: ['partner:takeovers'] }) };
  const openOn = (companyId: string) => takeovers.find((t) => t.company_id === companyId && t.state === 'STARTED');
  /** The caller's own takeover; another partner's is as unknown as a made-up id. */
  const ownTakeover = (req: FastifyRequest, key: string): TakeoverRecord => {
    const t = takeovers.get((req.params as { takeover_id: string }).takeover_id);
    if (!t || t.vendor_api_key !== key) throw notFound('Takeover');
    return t;
  };

  app.get('/v1/partner/takeovers/companies', guard, async (req) => {
    const key = partnerVendorKey(req);
    const q = onlyParams(req.query, ['query']);
    const raw = typeof q.query === 'string' ? q.query : '';
    if (!raw.trim()) throw badRequest('query is required', ['query: required (an organisation number)']);
    const parsed = takeoverQuerySchema.safeParse(raw);
    if (!parsed.success) throw badRequest('Invalid query', ['query: must be an organisation number']);
    const wanted = compactId(parsed.data);
    const self = authOf(req).company.id;
    const out: string[] = [];
    for (const c of ctx.companies.values()) {
      if (compactId(c.business_id) !== wanted || c.id === self) continue;
      if (c.vendor_linked && c.vendor_api_key === key) continue; // already this partner's
      if (openOn(c.id)) continue; // reserved by a takeover under way
      out.push(c.id);
    }
    return out.sort();
  });

  app.post('/v1/partner/takeovers', guard, async (req, reply) => {
    const key = partnerVendorKey(req);
    const body = parseOr400(takeoverBodySchema, req.body);
    const target = ctx.companies.get(body.company_id);
    if (!target || target.id === authOf(req).company.id) throw notFound('Company');
    if (target.vendor_linked && target.vendor_api_key === key) {
      throw conflict(undefined, 'The company is already served by this partner', ['company_id: already linked to your vendor key']);
    }
    const open = openOn(target.id);
    // The same partner starting again (an answer it lost) gets the takeover under way, not a second one.
    if (open && open.vendor_api_key === key) return reply.code(201).send(view(open));
    if (open) throw conflict(undefined, 'Another takeover of this company is under way', ['company_id: a takeover is under way']);
    const rec = takeovers.put({
      id: ctx.newId(),
      company_id: target.id,
      vendor_api_key: key,
      state: 'STARTED',
      created_at: ctx.nowIso(),
      completed_at: null,
      reverted_at: null,
      previous: null,
    });
    return reply.code(201).send(view(rec));
  });

  app.post('/v1/partner/takeovers/:takeover_id/complete', guard, async (req) => {
    const key = partnerVendorKey(req);
    const t = ownTakeover(req, key);
    if (t.state === 'COMPLETED') return view(t);
    if (t.state === 'REVERTED') throw conflict(undefined, 'The takeover was reverted', ['takeover_id: reverted; start a new one']);
    const company = ctx.companies.get(t.company_id);
    if (!company) throw notFound('Company');
    const previous = { vendor_api_key: company.vendor_api_key, vendor_linked: company.vendor_linked };
    ctx.companies.update(company.id, (c) => {
      c.vendor_api_key = key;
      c.vendor_linked = true;
    });
    const done = takeovers.update(t.id, (r) => {
      r.state = 'COMPLETED';
      r.completed_at = ctx.nowIso();
      r.previous = previous;
    });
    return view(done ?? t);
  });

  app.delete('/v1/partner/takeovers/:takeover_id', guard, async (req, reply) => {
    const key = partnerVendorKey(req);
    const t = ownTakeover(req, key);
    if (t.state === 'COMPLETED') {
      const company = ctx.companies.get(t.company_id);
      // Moving back a company another partner has since taken would take it from them.
      if (!company || company.vendor_api_key !== key) {
        throw conflict(undefined, 'The company is no longer served by this partner', ['takeover_id: the company has moved on']);
      }
      const previous = t.previous;
      if (previous) {
        ctx.companies.update(company.id, (c) => {
          c.vendor_api_key = previous.vendor_api_key;
          c.vendor_linked = previous.vendor_linked;
        });
      }
    }
    if (t.state !== 'REVERTED') {
      takeovers.update(t.id, (r) => {
        r.state = 'REVERTED';
        r.reverted_at = ctx.nowIso();
      });
    }
    return reply.code(204).send();
  });
}
