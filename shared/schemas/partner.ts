import { z } from 'zod';

// The partner's lists over the companies linked to its vendor key (spec: Partner). The rows' fields are
// not shown by the spec; these are the sandbox's (sandbox/README.md), read tolerantly: unknown fields
// are kept, and a row needs only the company and the invoice it names.

const text = z.string().nullable().optional();

/** A received invoice of a linked company: its delivery action, CREATED until someone handles it. */
export const partnerInboundSchema = z.looseObject({
  company_id: z.string(),
  company_name: text,
  company_bid: text,
  invoice_id: z.string(),
  state: text,
  number: text,
  sender_name: text,
  happened_at: text,
});
export type PartnerInbound = z.infer<typeof partnerInboundSchema>;

/** A failed delivery of a linked company's sent invoice. */
export const partnerOutboundErrorSchema = z.looseObject({
  company_id: z.string(),
  company_name: text,
  company_bid: text,
  invoice_id: z.string(),
  number: text,
  recipient_name: text,
  status: text,
  error: text,
  channel: text,
  happened_at: text,
});
export type PartnerOutboundError = z.infer<typeof partnerOutboundErrorSchema>;

/** A company found by business id (GET /v1/partner/lookups/companies). */
export const partnerCompanySchema = z.looseObject({
  bid: z.string(),
  name: text,
  country: text,
  company_id: z.string(),
});
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

export const PARTNER_INBOUND_STATES = ['CREATED', 'HANDLED'] as const;
/** At most this many business ids per partner company lookup (spec: Limits). */
export const MAX_PARTNER_LOOKUP_IDS = 10;

// ---- Partner takeovers (spec: Partner, experimental). The spec names only "available company ids" and
// the status codes; the record's fields are the sandbox's (sandbox/README.md), read tolerantly.

/** The organisation number a takeover search asks for (`query`): what a business id looks like. */
export const takeoverQuerySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 .:_-]{2,64}$/, 'an organisation number, such as 1234567-8');

/** POST /v1/partner/takeovers. */
export const takeoverBodySchema = z.strictObject({ company_id: z.string().min(1).max(64) });

/**
 * One available company of GET /v1/partner/takeovers/companies: the spec says "company ids", so a bare
 * id is the answer to expect; an object naming the company is taken too.
 */
export const takeoverCompanySchema = z.union([
  z.string().min(1),
  z
    .looseObject({ company_id: z.string().min(1).optional(), id: z.string().min(1).optional(), name: text, bid: text, country: text })
    .refine((c) => c.company_id !== undefined || c.id !== undefined, 'a company id'),
]);
export type TakeoverCompany = z.infer<typeof takeoverCompanySchema>;

export const TAKEOVER_STATES = ['STARTED', 'COMPLETED', 'REVERTED'] as const;

/** A takeover as the service answers it (201 start, 200 complete): only its id is needed. */
export const takeoverSchema = z.looseObject({
  id: z.string().min(1),
  company_id: text,
  state: text,
  created_at: text,
  completed_at: text,
});
export type Takeover = z.infer<typeof takeoverSchema>;
