import { z } from 'zod';

export const receiverSchema = z.looseObject({
  eia: z.string(),
  identifier: z
    .looseObject({ scheme: z.string(), eaid_name: z.string().optional(), eaid_code: z.string().optional(), endpoint_id: z.string() })
    .optional(),
  network: z.string(),
  operator: z.string().nullable().optional(),
  document_types: z
    .array(
      z.looseObject({ document_type: z.string(), document_identifier: z.string().optional(), process_identifier: z.string().optional() }),
    )
    .optional(),
  participant: z
    .looseObject({
      id: z.string().nullable().optional(),
      name: z.string(),
      bid: z.string().nullable().optional(),
      country: z.string().nullable().optional(),
    })
    .optional(),
});
export type Receiver = z.infer<typeof receiverSchema>;

export const endpointLookupSchema = z.looseObject({
  business_id: z.string(),
  eia: z.string().nullable().optional(),
  operator: z.string().nullable().optional(),
  network: z.string().nullable().optional(),
  sending: z.array(z.string()).optional(),
});
export type EndpointLookup = z.infer<typeof endpointLookupSchema>;
export const companyLookupSchema = z.looseObject({ bid: z.string(), name: z.string(), country: z.string() });

/** GET /v1/lookup/consumers (Norwegian consumer registry): which routes reach the consumer. */
export const consumerLookupSchema = z.looseObject({
  efaktura_identifier: z.string().nullable().optional(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  routes: z.array(z.looseObject({ route: z.string(), available: z.boolean() })),
});
export type ConsumerLookup = z.infer<typeof consumerLookupSchema>;

export const sendingPartySchema = z.looseObject({ id: z.string(), identifier: z.string(), country: z.string() });
export const sendingPartyBodySchema = z.strictObject({
  identifier: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._-]{2,64}$/, 'must be an organisation number, VAT number or electronic address'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code (ISO 3166-1 alpha-2)'),
});
