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
    /** Which of these identifiers (at most 10) are registered sending parties of the company. */
    async sendingParties(q: { identifiers: string[]; country?: string }, signal?: AbortSignal): Promise<SendingParty[]> {
      if (q.identifiers.length > MAX_LOOKUP_IDS) throw new RangeError(`At most ${MAX_LOOKUP_IDS} identifiers per lookup`);
      return (
        await client.json({ method: 'GET', path: '/v1/data/sending_parties', query: { ...q }, signal }, z.array(sendingPartyAnswerSchema))
      ).data;
    },
    /**
     * Registers a sending party. The answer is "not shown" by the spec: a record when the body is one,
     * else null (the status said it worked). A POST without a key of its own is never repeated.
     */
    async registerSendingParty(body: { identifier: string; country: string }, signal?: AbortSignal): Promise<SendingParty | null> {
      const res = await client.call({ method: 'POST', path: '/v1/data/sending_parties', json: body, accept: 'application/json', signal });
      try {
        const parsed = sendingPartyAnswerSchema.safeParse(JSON.parse(res.body.toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}

/** A sending party as answered; only the identifier is needed (the rest of the shape is not shown). */
const sendingPartyAnswerSchema = z.looseObject({
  id: z.string().nullable().optional(),
  identifier: z.string(),
  country: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type SendingParty = z.infer<typeof sendingPartyAnswerSchema>;

export type LookupsApi = ReturnType<typeof lookupsApi>;
