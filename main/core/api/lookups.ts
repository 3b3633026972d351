import { z } from 'zod';
import { consumerLookupSchema, endpointLookupSchema, receiverSchema } from '../../../shared/schemas/lookup';
import type { ServiceClient } from './client';
import { type PageInfo, pageInfo } from './paging';

/** At most this many business ids per endpoint lookup (spec: Limits). */
export const MAX_LOOKUP_IDS = 10;

export interface ReceiverQuery {
  network: string[];
  eia?: string;
  bid?: string;
  name?: string;
  country?: string[];
  document_type?: string[];
  allow_eia_variants?: boolean;
  page?: number;
  per_page?: number;
}

export interface ConsumerQuery {
  ssn?: string;
  date_of_birth?: string;
  phone_number?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  postal_code?: string;
  city?: string;
  reference_number?: string;
  efaktura_identifier?: string;
  routes?: string[];
}

/** Lookups: receivers in the networks, e-invoice endpoints by business id, Norwegian consumers. */
export function lookupsApi(client: ServiceClient) {
  return {
    async receivers(q: ReceiverQuery, signal?: AbortSignal) {
      const { data, headers } = await client.json(
        { method: 'GET', path: '/v1/lookup/receivers', query: { ...q }, signal },
        z.array(receiverSchema),
      );
      return { items: data, page: pageInfo(headers) as PageInfo };
    },
    async endpoints(q: { business_ids: string[]; sending?: string[]; country?: string }, signal?: AbortSignal) {
      if (q.business_ids.length > MAX_LOOKUP_IDS) throw new RangeError(`At most ${MAX_LOOKUP_IDS} business ids per lookup`);
      return (await client.json({ method: 'GET', path: '/v1/lookup/endpoints', query: { ...q }, signal }, z.array(endpointLookupSchema)))
        .data;
    },
    async consumer(q: ConsumerQuery, signal?: AbortSignal) {
      return (await client.json({ method: 'GET', path: '/v1/lookup/consumers', query: { ...q }, signal }, consumerLookupSchema)).data;
    },
  };
}

export type LookupsApi = ReturnType<typeof lookupsApi>;
