import { z } from 'zod';
import { countryCode, email } from './common';

/**
 * Collection and reminder (receivables) services: onboarding on the base host, assignments on the
 * receivables host. The spec names the request fields; the records' fields are "not shown", so the
 * answers are parsed tolerantly (sandbox/README.md, "Receivables", lists what the sandbox answers).
 */

export const COLLECTION_SERVICES = ['collectora', 'collectorb', 'collectorc'] as const;
export type CollectionService = (typeof COLLECTION_SERVICES)[number];
export const SERVICE_STATUSES = ['none', 'pending', 'active', 'disabled'] as const;
export const ACCOUNTABLE_PARTIES = ['provider', 'company'] as const;
export const SERVICE_TYPES = ['full', 'reduced'] as const;
export const COLLECTION_TYPES = ['reminder', 'collection', 'reminder_and_collection'] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
export const ASSIGNMENT_STATUSES = ['pending', 'ok', 'error'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
/** The event types of the spec's receivables webhook table. */
export const ASSIGNMENT_EVENT_TYPES = [
  'paid',
  'credit_note',
  'credit_loss',
  'close',
  'partially_close',
  'collection_started',
  'reminder_sent',
  'second_reminder_sent',
  'second_demand_sent',
  'legal_collection_started',
  'payment_plan',
] as const;
export type AssignmentEventType = (typeof ASSIGNMENT_EVENT_TYPES)[number];
/** What the company itself may record on an assignment (money it was paid directly, a credit, closing). */
export const COMPANY_EVENT_TYPES = ['paid', 'credit_note', 'credit_loss', 'close'] as const;

/** IBAN: two letters, two check digits, up to 30 letters and digits; the MOD 97 check must give 1. */
export function isValidIban(raw: string): boolean {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

const iban = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().refine(isValidIban, 'is not a valid IBAN (the check digits do not match)'));
const bic = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 letters and digits');
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{5,20}$/, 'must be a phone number (digits, spaces, + and -)');
const text = (max: number) => z.string().trim().min(1).max(max);

export const addressSchema = z.strictObject({
  street: text(200),
  postal_code: text(20),
  city: text(100),
  country: countryCode,
});
export type Address = z.infer<typeof addressSchema>;

/** PUT /v2/services/collectora/receivables and /v1/services/receivables. */
export const collectoraPutBodySchema = z.strictObject({
  iban,
  bic,
  bank: text(100),
  contact_person: text(200),
  contact_email: email,
  customer_service_email: email,
  contact_phone_number: phone,
  billing_address: addressSchema,
  customer_service_phone_number: phone.optional(),
  authorization_email: email.optional(),
  accountable_party: z.enum(ACCOUNTABLE_PARTIES).optional(),
  service_type: z.enum(SERVICE_TYPES).optional(),
  postal_address: addressSchema.optional(),
});
export type CollectoraPutBody = z.input<typeof collectoraPutBodySchema>;

/** PATCH of the same paths: the accountable party and the service type may change. */
export const collectoraPatchBodySchema = z
  .strictObject({ accountable_party: z.enum(ACCOUNTABLE_PARTIES).optional(), service_type: z.enum(SERVICE_TYPES).optional() })
  .refine((b) => b.accountable_party !== undefined || b.service_type !== undefined, 'give accountable_party, service_type or both');
export type CollectoraPatchBody = z.input<typeof collectoraPatchBodySchema>;

export const collectorbPutBodySchema = z.strictObject({
  agreement_contact_phone: phone,
  agreement_contact_name: text(200),
  agreement_contact_email: email,
  details: z.record(z.string(), z.unknown()).optional(),
  existing_agreement: z.boolean().optional(),
});
export type CollectorbPutBody = z.input<typeof collectorbPutBodySchema>;

export const clientCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/, 'must be the client code the agency gave you (4 to 32 letters, digits or -)');
export const collectorbPatchBodySchema = z.strictObject({ client_code: clientCode });

export const collectorcPutBodySchema = z.strictObject({ agreement_contact_email: email });
export type CollectorcPutBody = z.input<typeof collectorcPutBodySchema>;

/** One service's state; the status walks none -> pending/active -> disabled (spec: Collection service onboarding). */
export const serviceStateSchema = z.looseObject({
  service: z.string(),
  status: z.enum(SERVICE_STATUSES).or(z.string()),
  accountable_party: z.string().nullable().optional(),
  service_type: z.string().nullable().optional(),
  contact_email: z.string().nullable().optional(),
  agreement_contact_email: z.string().nullable().optional(),
  client_code: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type ServiceState = z.infer<typeof serviceStateSchema>;

export const combinedServicesSchema = z.looseObject({
  collectora: serviceStateSchema,
  collectorb: serviceStateSchema,
  collectorc: serviceStateSchema,
});
export type CombinedServices = z.infer<typeof combinedServicesSchema>;

const money = z.number().positive().max(1e12);
export const amountsSchema = z
  .strictObject({
    principal: money,
    interest: z.number().min(0).max(1e12).optional(),
    fees: z.number().min(0).max(1e12).optional(),
  })
  .describe('amounts');
export type Amounts = z.infer<typeof amountsSchema>;

/** POST /v1/invoices/{id}/assignment (spec: Receivables, Limits). */
export const assignmentCreateBodySchema = z
  .strictObject({
    collection_type: z.enum(COLLECTION_TYPES),
    collectable_amount: money.optional(),
    amounts: amountsSchema.optional(),
    payer_identifiers: z.array(text(40)).max(10).optional(),
    payer_ssns: z.array(text(20)).max(10).optional(),
    industry_specific_options: z.record(z.string(), z.unknown()).optional(),
    assignment_summary: z.string().trim().min(2).max(64).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.collectable_amount !== undefined && b.amounts !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'give either collectable_amount or amounts, not both' });
    }
  });
export type AssignmentCreateBody = z.input<typeof assignmentCreateBodySchema>;

/** GET /v1|v2/invoices/{id}/assignment: the status, a reason when pending or error, a link when ok. */
export const invoiceAssignmentSchema = z.looseObject({
  status: z.enum(ASSIGNMENT_STATUSES).or(z.string()),
  reason: z.string().nullable().optional(),
  link: z.string().nullable().optional(),
  assignment_id: z.string().nullable().optional(),
});
export type InvoiceAssignment = z.infer<typeof invoiceAssignmentSchema>;

export const assignmentSchema = z.looseObject({
  id: z.string(),
  invoice_id: z.string().nullable().optional(),
  invoice_number: z.string().nullable().optional(),
  status: z.string(),
  phase: z.string().nullable().optional(),
  closed: z.boolean().optional(),
  collection_type: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  collectable_amount: z.number().nullable().optional(),
  paid_amount: z.number().nullable().optional(),
  open_amount: z.number().nullable().optional(),
  payer_name: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  unseen_events: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string().nullable().optional(),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export const assignmentListSchema = z.array(assignmentSchema);

/** An event as the webhook's event_data carries it, with its own id and whether the company saw it. */
export const assignmentEventSchema = z.looseObject({
  id: z.string(),
  assignment_id: z.string(),
  event_type: z.string(),
  party_id: z.string().nullable().optional(),
  happened_at: z.string(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  seen: z.boolean().optional(),
});
export type AssignmentEvent = z.infer<typeof assignmentEventSchema>;
export const assignmentEventListSchema = z.array(assignmentEventSchema);

export const assignmentEventBodySchema = z.strictObject({
  event_type: z.enum(COMPANY_EVENT_TYPES),
  happened_at: z.iso.datetime({ offset: true }).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AssignmentEventBody = z.input<typeof assignmentEventBodySchema>;

export const assignmentOverviewSchema = z.looseObject({
  total: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  unseen_events: z.number().int(),
  by_status: z.record(z.string(), z.number().int()).optional(),
  amounts: z.array(z.looseObject({ currency: z.string(), collectable: z.number(), paid: z.number(), open: z.number() })).optional(),
});
export type AssignmentOverview = z.infer<typeof assignmentOverviewSchema>;

export const messageSchema = z.looseObject({
  id: z.string(),
  thread_id: z.string(),
  assignment_id: z.string().nullable().optional(),
  sender: z.string(),
  body: z.string(),
  created_at: z.string(),
  seen: z.boolean().optional(),
});
export type AssignmentMessage = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);
export const messageBodySchema = z.strictObject({ body: z.string().trim().min(1).max(4000) });

export const threadSchema = z.looseObject({
  id: z.string(),
  assignment_id: z.string().nullable().optional(),
  subject: z.string().nullable().optional(),
  status: z.string(),
  unseen_messages: z.number().int().optional(),
  updated_at: z.string(),
});
export const threadListSchema = z.array(threadSchema);
export const threadPatchBodySchema = z.strictObject({ status: z.enum(['open', 'closed']) });

/**
 * Service levels of a payer (customer) on the full collection service. The spec names premium, vip and
 * service_bypass as the non-default levels; `default` is the sandbox's name for the rest (sandbox/README.md).
 */
export const SERVICE_LEVELS = ['default', 'premium', 'vip', 'service_bypass'] as const;
export type ServiceLevel = (typeof SERVICE_LEVELS)[number];
/** A customer's business id as lookups take it: 2 to 64 letters, digits or ` .:_-`. */
export const customerBid = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 .:_-]{2,64}$/, 'a business id of 2 to 64 letters, digits, spaces or .:_-');
export const serviceLevelSchema = z.looseObject({
  customer_bid: z.string(),
  service_level: z.enum(SERVICE_LEVELS).or(z.string()),
  updated_at: z.string().nullable().optional(),
});
export type ServiceLevelRecord = z.infer<typeof serviceLevelSchema>;
export const serviceLevelListSchema = z.array(serviceLevelSchema);
export const serviceLevelPatchBodySchema = z.strictObject({ service_level: z.enum(SERVICE_LEVELS) });
export type ServiceLevelPatchBody = z.input<typeof serviceLevelPatchBodySchema>;

/**
 * POST /v2/invoices/{id}/assignment/collectorc: the spec shows no body. The sandbox takes the body of
 * POST /v1/invoices/{id}/assignment, so one form serves both; the assignment goes to collectorc.
 */
export const collectorcAssignmentBodySchema = assignmentCreateBodySchema;

/**
 * Where an assignment is sent: `first-active` by POST /v1/invoices/{id}/assignment, which the service
 * gives to the company's first active service; `collectorc` by that service's own v2 route.
 */
export const COLLECTION_AGENCIES = ['first-active', 'collectorc'] as const;
export type CollectionAgency = (typeof COLLECTION_AGENCIES)[number];
