import { z } from 'zod';
import {
  MAX_PARTNER_LOOKUP_IDS,
  type PartnerCompany,
  type PartnerInbound,
  type PartnerOutboundError,
  partnerCompanySchema,
  partnerInboundSchema,
  partnerOutboundErrorSchema,
  type Takeover,
  takeoverCompanySchema,
  takeoverSchema,
} from '../../../shared/schemas/partner';
import type { ServiceClient } from './client';
import { type PageInfo, pageInfo } from './paging';

/** What a partner token asks for; a company token issued with the vendor API key can carry them. */
export const PARTNER_SCOPE = 'partner:invoice_delivery_actions partner:lookups';
/** Takeovers get a token of their own: a partner allowed the lists but not takeovers keeps its lists. */
export const TAKEOVER_SCOPE = 'partner:takeovers';

export interface Page<T> {
  items: T[];
  page: PageInfo;
}

/**
 * The partner's view over the companies linked to the account's vendor key. Each list has two paths
 * in the spec that answer the same; the app uses the delivery-actions family.
 */
export function partnerApi(client: ServiceClient) {
  return {
    async inbound(
      q: { state?: 'CREATED' | 'HANDLED'; page?: number; per_page?: number },
      signal?: AbortSignal,
    ): Promise<Page<PartnerInbound>> {
      const { data, headers } = await client.json(
        { method: 'GET', path: '/v1/partner/invoice_delivery_actions/inbound', query: { ...q }, signal },
        z.array(partnerInboundSchema),
      );
      return { items: data, page: pageInfo(headers) };
    },
    async outboundErrors(
      q: { happened_after: string; happened_before?: string; page?: number; per_page?: number },
      signal?: AbortSignal,
    ): Promise<Page<PartnerOutboundError>> {
      const { data, headers } = await client.json(
        { method: 'GET', path: '/v1/partner/invoice_delivery_actions/outbound_errors', query: { ...q }, signal },
        z.array(partnerOutboundErrorSchema),
      );
      return { items: data, page: pageInfo(headers) };
    },
    async companies(q: { bids: string[]; country: string }, signal?: AbortSignal): Promise<PartnerCompany[]> {
      if (q.bids.length > MAX_PARTNER_LOOKUP_IDS) throw new RangeError(`At most ${MAX_PARTNER_LOOKUP_IDS} business ids per lookup`);
      return (
        await client.json({ method: 'GET', path: '/v1/partner/lookups/companies', query: { ...q }, signal }, z.array(partnerCompanySchema))
      ).data;
    },
  };
}

export type PartnerApi = ReturnType<typeof partnerApi>;

/** An available company of a takeover search; the spec promises only its id. */
export interface AvailableCompany {
  companyId: string;
  name: string | null;
  bid: string | null;
  country: string | null;
}

const safeId = (id: string) => encodeURIComponent(id);

/**
 * Partner takeovers (experimental): the company's service relationship moves to the partner's vendor
 * key. Start and complete are never repeated on their own (POSTs without a key of their own); a revert
 * (DELETE) may be.
 */
export function takeoverApi(client: ServiceClient) {
  return {
    async available(organisationNumber: string, signal?: AbortSignal): Promise<AvailableCompany[]> {
      const { data } = await client.json(
        { method: 'GET', path: '/v1/partner/takeovers/companies', query: { query: organisationNumber }, signal },
        z.array(takeoverCompanySchema),
      );
      return data.map((c) =>
        typeof c === 'string'
          ? { companyId: c, name: null, bid: null, country: null }
          : { companyId: c.company_id ?? c.id ?? '', name: c.name ?? null, bid: c.bid ?? null, country: c.country ?? null },
      );
    },
    async start(companyId: string, signal?: AbortSignal): Promise<Takeover> {
      return (await client.json({ method: 'POST', path: '/v1/partner/takeovers', json: { company_id: companyId }, signal }, takeoverSchema))
        .data;
    },
    /** 200 with the takeover; an answer without a body still means it is complete. */
    async complete(takeoverId: string, signal?: AbortSignal): Promise<Takeover> {
      const res = await client.call({
        method: 'POST',
        path: `/v1/partner/takeovers/${safeId(takeoverId)}/complete`,
        accept: 'application/json',
        signal,
      });
      try {
        const parsed = takeoverSchema.safeParse(JSON.parse(res.body.toString('utf8')));
        if (parsed.success) return parsed.data;
      } catch {
        // no JSON: the status said it
      }
      return { id: takeoverId, state: 'COMPLETED' };
    },
    async revert(takeoverId: string, signal?: AbortSignal): Promise<void> {
      await client.call({ method: 'DELETE', path: `/v1/partner/takeovers/${safeId(takeoverId)}`, signal });
    },
  };
}
export type TakeoverApi = ReturnType<typeof takeoverApi>;
