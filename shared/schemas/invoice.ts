import { z } from 'zod';
import { DIRECTIONS, INVOICE_ACTION_CHANNELS, INVOICE_ACTION_TYPES, INVOICE_EVENT_STATES, INVOICE_STATUSES } from '../enums';
import { countryCode, email } from './common';

export const partySchema = z.looseObject({
  eia: z.string().nullable().optional(),
  bid: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  vat: z.string().nullable().optional(),
  operator: z.string().nullable().optional(),
});
export type Party = z.infer<typeof partySchema>;

export const invoiceFileSchema = z.looseObject({
  id: z.string(),
  filename: z.string(),
  type: z.string().nullable().optional(),
  mimetype: z.string().nullable().optional(),
  href: z.string().nullable().optional(),
});
export type InvoiceFile = z.infer<typeof invoiceFileSchema>;

export const invoiceActionSchema = z.looseObject({
  type: z.enum(INVOICE_ACTION_TYPES).or(z.string()),
  channel: z.enum(INVOICE_ACTION_CHANNELS).or(z.string()).nullable().optional(),
  message: z.string().nullable().optional(),
  happened_at: z.string(),
});
export type InvoiceAction = z.infer<typeof invoiceActionSchema>;

/** The invoice record; only id is sure to be there when `fields` limits the response. */
export const invoiceSchema = z.looseObject({
  id: z.string(),
  uuid: z.string().nullable().optional(),
  direction: z.enum(DIRECTIONS).or(z.string()).optional(),
  status: z.enum(INVOICE_STATUSES).or(z.string()).optional(),
  reference: z.string().nullable().optional(),
  number: z.string().nullable().optional(),
  sender: partySchema.nullable().optional(),
  recipient: partySchema.nullable().optional(),
  received_at: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  date: z.string().nullable().optional(),
  date_due: z.string().nullable().optional(),
  source_format: z.string().nullable().optional(),
  sum: z.number().nullable().optional(),
  sum_tax: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  origin: z.string().nullable().optional(),
  destination: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
  files: z.array(invoiceFileSchema).optional(),
  actions: z.array(invoiceActionSchema).optional(),
  revision: z.number().nullable().optional(),
  virtual_barcode: z.string().nullable().optional(),
  handled: z.boolean().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

export const invoiceEventsBodySchema = z.object({ state: z.enum(INVOICE_EVENT_STATES) });

export const rerouteEinvoiceBodySchema = z.object({
  recipient_eia: z.string().min(1, 'recipient_eia is required'),
  recipient_operator: z.string().min(1, 'recipient_operator is required'),
});
export const rerouteEmailBodySchema = z.object({ recipient_email: email });
export const reroutePrintBodySchema = z.object({
  recipient_name: z.string().min(1),
  recipient_address1: z.string().min(1),
  recipient_address2: z.string().optional(),
  recipient_post_code: z.string().min(1),
  recipient_post_office: z.string().min(1),
  recipient_state: z.string().optional(),
  recipient_country: countryCode,
});
export type RerouteEinvoiceBody = z.infer<typeof rerouteEinvoiceBodySchema>;
export type RerouteEmailBody = z.infer<typeof rerouteEmailBodySchema>;
export type ReroutePrintBody = z.infer<typeof reroutePrintBodySchema>;

/** Text form fields of POST /v1/invoices (besides `file`), as the multipart carries them. */
export const INVOICE_UPLOAD_FIELDS = [
  'format',
  'recipient_type',
  'recipient_eia',
  'recipient_email',
  'recipient_operator',
  'disabled_routes',
  'sender_comment',
  'uuid',
  'lang',
  'route_order',
  'recipient_phone_number',
  'recipient_date_of_birth',
  'recipient_ssn',
  'recipient_efaktura_id',
  'b2cno_document_type',
  'payment_instruction_identifier',
  'print_settings[color]',
  'print_settings[letter_class]',
  'print_settings[prevent_digital_post]',
  'print_settings[print_own_image]',
  'print_settings[allow_mailbox_fi]',
  'prevent_routing',
  'email_settings[xml_format]',
] as const;
/** Fields that may repeat (arrays): sent as `name[]` or repeated `name`. */
export const INVOICE_UPLOAD_ARRAY_FIELDS = ['disabled_routes', 'route_order'] as const;
