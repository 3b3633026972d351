import { z } from 'zod';
import {
  CONSUMER_ROUTES,
  DIRECTIONS,
  INVOICE_ACTION_CHANNELS,
  INVOICE_ACTION_TYPES,
  INVOICE_EVENT_STATES,
  INVOICE_ROUTES,
  INVOICE_STATUSES,
  LETTER_CLASSES,
  RECIPIENT_TYPES,
  type RETURN_FORMATS,
  UPLOAD_FORMATS,
} from '../enums';
import { countryCode, email, isoDate } from './common';

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

export const invoiceEventsBodySchema = z.strictObject({ state: z.enum(INVOICE_EVENT_STATES) });

export const rerouteEinvoiceBodySchema = z.strictObject({
  recipient_eia: z.string().trim().min(1, 'recipient_eia is required'),
  recipient_operator: z.string().trim().min(1, 'recipient_operator is required'),
});
export const rerouteEmailBodySchema = z.strictObject({ recipient_email: email });
export const reroutePrintBodySchema = z.strictObject({
  recipient_name: z.string().trim().min(1),
  recipient_address1: z.string().trim().min(1),
  recipient_address2: z.string().optional(),
  recipient_post_code: z.string().trim().min(1),
  recipient_post_office: z.string().trim().min(1),
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

/** Re-exported where the upload schema names them; defined once in shared/enums.ts. */
export { CONSUMER_ROUTES, INVOICE_ROUTES, RECIPIENT_TYPES as INVOICE_RECIPIENT_TYPES };
/** The XML formats an invoice can be fetched in (and `email_settings[xml_format]` can name). */
export const XML_RETURN_FORMATS = [
  'VISMAXML60',
  'PEPPOLBIS30',
  'SIUBL20',
  'VISMAUBL30',
  'FINVOICE30',
  'TEAPPS30',
  'OIOUBL21',
] as const satisfies readonly (typeof RETURN_FORMATS)[number][];
export type XmlReturnFormat = (typeof XML_RETURN_FORMATS)[number];

const formBool = z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1');

/**
 * The text fields of POST /v1/invoices as one object (arrays for `disabled_routes` and `route_order`,
 * blank fields left out). Unknown fields are refused so a misspelt field does not pass unnoticed.
 */
export const invoiceUploadFields = {
  format: z.enum(UPLOAD_FORMATS).optional(),
  recipient_type: z.enum(RECIPIENT_TYPES).optional(),
  recipient_eia: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{1,99}$/, 'must be an e-invoice address such as 0192:123456789 or 003712345678')
    .optional(),
  recipient_email: email.optional(),
  recipient_operator: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,49}$/, 'must be an operator code such as a BIC or 003721291126')
    .optional(),
  disabled_routes: z.array(z.enum(INVOICE_ROUTES)).optional(),
  sender_comment: z.string().max(2000, 'at most 2000 characters').optional(),
  uuid: z.uuid('must be a UUID such as 0d5b4a0e-3c5b-4f5e-9c1a-2b7e8f9a0b1c').optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'must be a two-letter language code such as fi, sv, en, no or da')
    .optional(),
  route_order: z.array(z.enum(CONSUMER_ROUTES)).optional(),
  recipient_phone_number: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be in international format, such as +4791234567')
    .optional(),
  recipient_date_of_birth: isoDate.optional(),
  recipient_ssn: z
    .string()
    .regex(/^[0-9]{6,8}[-+A-Za-z]?[0-9]{3,4}[0-9A-Za-z]?$/, 'must be a social security number such as 131052-308T or 01017012345')
    .optional(),
  recipient_efaktura_id: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an eFaktura id (letters, digits and dashes)')
    .optional(),
  b2cno_document_type: z.string().max(50).optional(),
  payment_instruction_identifier: z.string().max(35).optional(),
  'print_settings[color]': formBool.optional(),
  'print_settings[letter_class]': z.enum(LETTER_CLASSES).optional(),
  'print_settings[prevent_digital_post]': formBool.optional(),
  'print_settings[print_own_image]': formBool.optional(),
  'print_settings[allow_mailbox_fi]': formBool.optional(),
  prevent_routing: formBool.optional(),
  'email_settings[xml_format]': z.enum(XML_RETURN_FORMATS).optional(),
};

/** The upload's text fields as the service checks them; a folder's sending options are checked by these too. */
export const invoiceUploadFieldsSchema = z.strictObject(invoiceUploadFields).superRefine((v, ctx) => {
  if (v.route_order?.length && v.recipient_type !== 'consumer') {
    ctx.addIssue({ code: 'custom', path: ['route_order'], message: 'only with recipient_type=consumer' });
  }
  if (v.recipient_date_of_birth && v.recipient_date_of_birth > new Date().toISOString().slice(0, 10)) {
    ctx.addIssue({ code: 'custom', path: ['recipient_date_of_birth'], message: 'must not be in the future' });
  }
});
export type InvoiceUploadFields = z.infer<typeof invoiceUploadFieldsSchema>;

/** Reasons a user may report a received invoice for (GET /v1/invoices/reports/definitions; sandbox choice). */
export const INVOICE_REPORT_REASONS = ['FRAUD', 'SPAM', 'UNKNOWN_SENDER', 'WRONG_RECIPIENT', 'CHANGED_BANK_ACCOUNT', 'OTHER'] as const;
export type InvoiceReportReason = (typeof INVOICE_REPORT_REASONS)[number];

export const invoiceReportBodySchema = z.strictObject({
  reason: z.array(z.enum(INVOICE_REPORT_REASONS)).min(1, 'give at least one reason'),
  contact_email: email,
  description: z.string().max(2000, 'at most 2000 characters').optional(),
});
export type InvoiceReportBody = z.infer<typeof invoiceReportBodySchema>;

export const invoiceReportSchema = z.looseObject({
  id: z.string(),
  invoice_id: z.string(),
  reason: z.array(z.string()),
  contact_email: z.string(),
  description: z.string().nullable().optional(),
  created_at: z.string(),
});
export type InvoiceReport = z.infer<typeof invoiceReportSchema>;

/** A reason the service offers for a report; its texts in one language, with translations when the service gives them. */
export const invoiceReportDefinitionSchema = z.looseObject({
  reason: z.string(),
  title: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  titles: z.array(z.looseObject({ lang: z.string(), text: z.string() })).optional(),
  descriptions: z.array(z.looseObject({ lang: z.string(), text: z.string() })).optional(),
});
export type InvoiceReportDefinition = z.infer<typeof invoiceReportDefinitionSchema>;

/**
 * National-network invoice responses (sandbox choice, after the Peppol Invoice Response codes of
 * UNCL 4343), in their fixed order; RE and PD are final, UQ, CA and RE need a reason.
 */
export const NATIONALNET_RESPONSES = ['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD'] as const;
export type NationalnetResponse = (typeof NATIONALNET_RESPONSES)[number];
export const NATIONALNET_RESPONSE_RULES: Readonly<
  Record<NationalnetResponse, { rank: number; final: boolean; reason: boolean; name: string }>
> = {
  AB: { rank: 1, final: false, reason: false, name: 'Message acknowledgement' },
  IP: { rank: 2, final: false, reason: false, name: 'In process' },
  UQ: { rank: 3, final: false, reason: true, name: 'Under query' },
  CA: { rank: 4, final: false, reason: true, name: 'Conditionally accepted' },
  RE: { rank: 5, final: true, reason: true, name: 'Rejected' },
  AP: { rank: 5, final: false, reason: false, name: 'Accepted' },
  PD: { rank: 6, final: true, reason: false, name: 'Paid' },
};
export const nationalnetResponseBodySchema = z.strictObject({
  response: z.enum(NATIONALNET_RESPONSES),
  reason: z.string().trim().min(1).max(1000).optional(),
});
export type NationalnetResponseBody = z.input<typeof nationalnetResponseBodySchema>;

/** The responses that may follow `last` (none yet: null) in the fixed order; none after a final one. */
export function nextNationalnetResponses(last: NationalnetResponse | null): NationalnetResponse[] {
  if (last && NATIONALNET_RESPONSE_RULES[last].final) return [];
  const after = last ? NATIONALNET_RESPONSE_RULES[last].rank : 0;
  return NATIONALNET_RESPONSES.filter((r) => NATIONALNET_RESPONSE_RULES[r].rank > after);
}

/** The 200 answer (not shown in the spec; the sandbox's): the response recorded, and every one so far. */
const nationalnetEntrySchema = z.looseObject({
  response: z.enum(NATIONALNET_RESPONSES),
  reason: z.string().nullable().optional(),
  created_at: z.string().optional(),
});
export const nationalnetAnswerSchema = nationalnetEntrySchema.extend({
  invoice_id: z.string().optional(),
  final: z.boolean().optional(),
  responses: z.array(nationalnetEntrySchema).optional(),
});
export type NationalnetAnswer = z.infer<typeof nationalnetAnswerSchema>;
