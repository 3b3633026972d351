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
