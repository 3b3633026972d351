import { z } from 'zod';
import { CONSUMER_ROUTES, DOCUMENT_TYPES, INVOICE_ROUTES, LETTER_CLASSES, RECIPIENT_TYPES, UPLOAD_FORMATS } from '../enums';
import { invoiceUploadFields, XML_RETURN_FORMATS } from './invoice';

/**
 * Per-folder sending options (stored per account and outbox folder). For invoices they are form fields
 * of POST /v1/invoices; for documents, the recipient and sender fields of POST /v1/documents. The
 * renderer explains each one (renderer/i18n/<lang>/services.ts, `sending.fields.<name>`).
 */
export const INVOICE_OPTION_FIELDS = [
  'format',
  'lang',
  'prevent_routing',
  'disabled_routes',
  'route_order',
  'sender_comment',
  'recipient_type',
  'recipient_eia',
  'recipient_email',
  'recipient_operator',
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
  'email_settings[xml_format]',
] as const;

export const DOCUMENT_OPTION_FIELDS = [
  'recipient_name',
  'recipient_country',
  'recipient_eia',
  'recipient_operator',
  'sender_name',
  'sender_country',
  'sender_eia',
  'external_id',
] as const;

/** The fields that are yes/no; the rest are text, or lists for the two route fields. */
export const BOOLEAN_OPTION_FIELDS = [
  'prevent_routing',
  'print_settings[color]',
  'print_settings[prevent_digital_post]',
  'print_settings[print_own_image]',
  'print_settings[allow_mailbox_fi]',
] as const;
export const LIST_OPTION_FIELDS = ['disabled_routes', 'route_order'] as const;

/** Defined once, in shared/enums.ts: the folder options, the upload and the sandbox take the same values. */
export { CONSUMER_ROUTES, DEPRECATED_CONSUMER_ROUTES as DEPRECATED_ROUTES, INVOICE_ROUTES, RECIPIENT_TYPES } from '../enums';

/** The options whose values the service names: the UI offers exactly these, and the upload takes exactly these. */
export const OPTION_VALUES = {
  format: UPLOAD_FORMATS,
  recipient_type: RECIPIENT_TYPES,
  disabled_routes: INVOICE_ROUTES,
  route_order: CONSUMER_ROUTES,
  'print_settings[letter_class]': LETTER_CLASSES,
  'email_settings[xml_format]': XML_RETURN_FORMATS,
} as const satisfies Partial<Record<(typeof INVOICE_OPTION_FIELDS)[number], readonly string[]>>;
export type ValuedOption = keyof typeof OPTION_VALUES;

/**
 * The languages offered for the generated PDF and the recipient's e-mail. The spec takes a two-letter
 * code without naming them; these are the ones the upload's check names, and any other two-letter
 * code already saved stays as it is.
 */
export const OPTION_LANGUAGES = ['fi', 'sv', 'en', 'no', 'da'] as const;

/** An outbox folder options can be set for: the invoices folder or a document type folder. */
export const OPTION_FOLDER = /^Outbox\/(?:Invoices|Documents\/([A-Z_]+))$/;
export const OPTION_FOLDER_HINT = 'Outbox/Invoices or Outbox/Documents/<TYPE>';

/**
 * What keeps a folder from having sending options, in plain words, or null when it may: the one rule
 * the bridge's input, the CLI and the engine apply. A document folder is named by its type, as the
 * Settings page offers them (any but UNKNOWN, which nobody sends).
 */
export function optionFolderProblem(folder: string): string | null {
  const m = OPTION_FOLDER.exec(folder);
  if (!m)
    return `${JSON.stringify(folder)} is not an Outbox folder: sending options are kept for ${OPTION_FOLDER_HINT}, such as Outbox/Documents/ORDER`;
  const type = m[1];
  if (type !== undefined && (type === 'UNKNOWN' || !(DOCUMENT_TYPES as readonly string[]).includes(type)))
    return `${type} in ${folder} is not a document type: name the folder by its type, such as Outbox/Documents/ORDER`;
  return null;
}

export const optionFolderSchema = z.string().superRefine((folder, ctx) => {
  const problem = optionFolderProblem(folder);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * Options the app itself acts on, never sent to the service: `validation` says what the hot folder
 * does with the official rules before a file is queued (block: a file breaking a fatal rule is held
 * back in Failed/; warn: sent, its report kept; off). Default: block for invoices, off for documents.
 */
export const VALIDATION_MODES = ['block', 'warn', 'off'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];
export const LOCAL_OPTION_FIELDS = ['validation'] as const;

export const fieldsOfFolder = (folder: string): readonly string[] => [
  ...(folder === 'Outbox/Invoices' ? INVOICE_OPTION_FIELDS : DOCUMENT_OPTION_FIELDS),
  ...LOCAL_OPTION_FIELDS,
];

const text = z.string().trim().max(500);
const country = z.string().regex(/^[A-Z]{2}$/, 'a 2-letter country code such as FI');

/**
 * Field -> check of its value, beyond its kind (text, yes/no, list). An invoice folder's fields are
 * checked by the upload's own field schemas (shared/schemas/invoice.ts), so a folder can never be saved
 * with a value the upload refuses; the yes/no fields are booleans here and form strings there.
 */
const uploadChecks = Object.fromEntries(
  INVOICE_OPTION_FIELDS.filter((f) => !(BOOLEAN_OPTION_FIELDS as readonly string[]).includes(f)).map((f) => [f, invoiceUploadFields[f]]),
) as Partial<Record<string, z.ZodType>>;
const DOCUMENT_CHECKS: Partial<Record<string, z.ZodType>> = {
  recipient_eia: z.string().regex(/^[A-Za-z0-9:._-]{2,100}$/, 'an e-invoice address such as 0192:123456789 or 003712345678'),
  recipient_country: country,
  sender_country: country,
};
const checkOf = (folder: string, field: string): z.ZodType | undefined =>
  field === 'validation'
    ? z.enum(VALIDATION_MODES, { message: 'block, warn or off' })
    : folder === 'Outbox/Invoices'
      ? uploadChecks[field]
      : DOCUMENT_CHECKS[field];

export type SendingOptions = Record<string, string | boolean | string[]>;

/** Checks a folder's options: known fields only, each of its kind; an empty text or list is left out. */
export function checkSendingOptions(
  folder: string,
  options: Record<string, unknown>,
): { options: SendingOptions; fields: Record<string, string> } {
  const allowed = fieldsOfFolder(folder);
  const out: SendingOptions = {};
  const fields: Record<string, string> = {};
  for (const [key, raw] of Object.entries(options)) {
    if (!allowed.includes(key)) {
      fields[key] = 'not an option of this folder';
      continue;
    }
    if (raw === undefined || raw === null || raw === '') continue;
    const isBool = (BOOLEAN_OPTION_FIELDS as readonly string[]).includes(key);
    const isList = (LIST_OPTION_FIELDS as readonly string[]).includes(key);
    const kind = isBool ? z.boolean() : isList ? z.array(text.min(1)).max(20) : text;
    const parsed = kind.safeParse(raw);
    if (!parsed.success) {
      fields[key] = isBool ? 'yes or no' : isList ? 'a list of names' : 'text of at most 500 characters';
      continue;
    }
    const value = parsed.data as string | boolean | string[];
    if (Array.isArray(value) && value.length === 0) continue;
    const check = checkOf(folder, key)?.safeParse(value);
    if (check && !check.success) {
      fields[key] = check.error.issues[0]?.message ?? 'not valid';
      continue;
    }
    out[key] = value;
  }
  if (out.route_order && out.recipient_type !== 'consumer') fields.route_order = 'route order needs recipient type consumer';
  return { options: out, fields };
}

export const sendingOptionsInputSchema = z.object({
  folder: optionFolderSchema,
  options: z.record(z.string().max(60), z.unknown()),
});

/** One folder's options as the Settings page shows them. */
export interface FolderOptionsView {
  folder: string;
  fields: readonly string[];
  options: SendingOptions;
}
