import { z } from 'zod';
import {
  MAX_PARTNER_LOOKUP_IDS,
  type PartnerCompany,
  type PartnerInbound,
  type PartnerOutboundError,
  partnerCompanySchema,
  partnerInboundSchema,
  partnerOutboundErrorSchema,
} from '../../../shared/schemas/partner';
import type { ServiceClient } from './client';
import { type PageInfo, pageInfo } from './paging';

/** What a partner token asks for; a company token issued with the vendor API key can carry them. */
export const PARTNER_SCOPE = 'partner:invoice_delivery_actions partner:lookups';

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
