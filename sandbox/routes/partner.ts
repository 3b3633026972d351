import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { INVOICES, type InvoiceRecord } from '../domain/records';
import { ApiError, badRequest } from '../http/errors';
import { paginate, readPage } from '../http/paging';
import { enumParam, timeParam } from '../http/query';
import type { CompanyRecord } from '../model';
import { onlyParams } from './invoices-shared';

/** A received invoice of a linked company, as the partner's inbound delivery actions list it. */
export interface PartnerInboundRow {
  company_id: string;
  company_name: string;
  company_bid: string;
  invoice_id: string;
  state: 'CREATED' | 'HANDLED';
  number: string | null;
  sender_name: string | null;
  happened_at: string;
}

/** A failed delivery of a linked company's sent invoice: one row per ERROR action. */
export interface PartnerOutboundErrorRow {
  company_id: string;
  company_name: string;
  company_bid: string;
  invoice_id: string;
  number: string | null;
  recipient_name: string | null;
  status: string;
  error: string;
  channel: string | null;
  happened_at: string;
}

const STATES = ['CREATED', 'HANDLED'] as const;

/**
 * The companies a partner token reaches: those issued with the token's vendor key that were linked to
 * it (POST /v1/company/vendors). A token requested without the vendor key reaches none and is refused.
 */
function linkedCompanies(ctx: SandboxContext, req: FastifyRequest): Map<string, CompanyRecord> {
  const vendorKey = partnerVendorKey(req);
  const out = new Map<string, CompanyRecord>();
  for (const c of ctx.companies.values()) if (c.vendor_linked && c.vendor_api_key === vendorKey) out.set(c.id, c);
  return out;
}

/** The vendor key the caller's token was issued with: partner endpoints act for it, so a token without one is refused. */
export function partnerVendorKey(req: FastifyRequest): string {
  const { claims } = authOf(req);
  if (!claims.vendorKey) {
    throw new ApiError(403, 'forbidden', 'Partner endpoints need a token issued with the vendor API key', [
      'vendor_api_key_required',
      'request the token with vendor_api_key to act for the companies linked to it',
    ]);
  }
  return claims.vendorKey;
}

const companyOf = (c: CompanyRecord) => ({ company_id: c.id, company_name: c.name, company_bid: c.business_id });
/** Newest first; equal times by invoice id, so pages never overlap. */
const newestFirst = <T extends { happened_at: string; invoice_id: string }>(a: T, b: T) =>
  b.happened_at.localeCompare(a.happened_at) || a.invoice_id.localeCompare(b.invoice_id);

/** Partner: received invoices and failed sends of the companies linked to the caller's vendor key. */
export function partnerRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const invoices = ctx.store.table<InvoiceRecord>(INVOICES);
  const guard = { preHandler: ctx.guard({ anyOf: ['partner:invoice_delivery_actions'] }) };

  const inbound = async (req: FastifyRequest, reply: Parameters<typeof paginate>[3]) => {
    const q = onlyParams(req.query, ['state', 'page', 'per_page']);
    const state = enumParam(q, 'state', STATES);
    const page = readPage(q, 25);
    const companies = linkedCompanies(ctx, req);
    const rows: PartnerInboundRow[] = [];
    for (const r of invoices.values()) {
      const c = companies.get(r.company_id);
      if (!c || r.direction !== 'RECEIVED') continue;
      const s = r.handled ? 'HANDLED' : 'CREATED';
      if (state && s !== state) continue;
      rows.push({
        ...companyOf(c),
        invoice_id: r.id,
        state: s,
        number: r.number,
        sender_name: r.sender?.name ?? null,
        happened_at: r.received_at ?? r.created_at,
      });
    }
    return paginate(rows.sort(newestFirst), page, req, reply);
  };

  const outboundErrors = async (req: FastifyRequest, reply: Parameters<typeof paginate>[3]) => {
    const q = onlyParams(req.query, ['happened_after', 'happened_before', 'page', 'per_page']);
    const after = timeParam(q, 'happened_after');
    if (after === undefined) throw badRequest('happened_after is required', ['happened_after: required']);
    const before = timeParam(q, 'happened_before') ?? ctx.now();
    if (before < after)
      throw badRequest('happened_before is before happened_after', ['happened_before: must not be before happened_after']);
    const page = readPage(q, 25);
    const companies = linkedCompanies(ctx, req);
    const rows: PartnerOutboundErrorRow[] = [];
    for (const r of invoices.values()) {
      const c = companies.get(r.company_id);
      if (!c || r.direction !== 'SENT') continue;
      for (const a of r.actions) {
        const at = Date.parse(a.happened_at ?? '');
        if (a.type !== 'ERROR' || !(at >= after && at < before)) continue;
        rows.push({
          ...companyOf(c),
          invoice_id: r.id,
          number: r.number,
          recipient_name: r.recipient?.name ?? null,
          status: r.status,
          error: a.message ?? '',
          channel: a.channel ?? null,
          happened_at: new Date(at).toISOString(),
        });
      }
    }
    return paginate(rows.sort(newestFirst), page, req, reply);
  };

  // The spec names two paths for each list; they are the same list.
  app.get('/v1/partner/invoice_delivery_actions/inbound', guard, inbound);
  app.get('/v1/partner/invoice_events/received', guard, inbound);
  app.get('/v1/partner/invoice_delivery_actions/outbound_errors', guard, outboundErrors);
  app.get('/v1/partner/invoice_events/sent_errors', guard, outboundErrors);
}
