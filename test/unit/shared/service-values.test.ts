import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../renderer/i18n/catalogs';
import * as enums from '../../../shared/enums';
import { invoiceUploadFieldsSchema } from '../../../shared/schemas/invoice';
import { BOOLEAN_OPTION_FIELDS, checkSendingOptions, INVOICE_OPTION_FIELDS } from '../../../shared/schemas/sending-options';

// Issue 38, item 1: the UI offered values the service refuses (recipient_type `business`, route_order
// `avtalegiro` and `einvoice`), and a folder saved with one sent every file to Failed/. The folder
// options, the upload schema the sandbox checks with, and the UI's choices now take the same values.

/** Every value any list of ours names, and the ones the UI used to offer: each must be taken by both or by neither. */
const CANDIDATES = [
  ...new Set([
    ...Object.values(enums).flatMap((v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])),
    'business',
    'company',
    'avtalegiro',
    'einvoice',
    'FINVOICE',
    'economy',
  ]),
];
const ENUM_FIELDS = [
  'format',
  'recipient_type',
  'route_order',
  'disabled_routes',
  'print_settings[letter_class]',
  'email_settings[xml_format]',
];
const LISTS = new Set(['route_order', 'disabled_routes']);

describe('the values the service names', () => {
  it('are taken by a folder option exactly when the upload takes them', () => {
    const disagree: string[] = [];
    for (const field of ENUM_FIELDS) {
      expect(INVOICE_OPTION_FIELDS).toContain(field);
      for (const v of CANDIDATES) {
        const value = LISTS.has(field) ? [v] : v;
        const consumer = field === 'route_order' ? { recipient_type: 'consumer' } : {};
        const folder = Object.keys(checkSendingOptions('Outbox/Invoices', { ...consumer, [field]: value }).fields).length === 0;
        const upload = invoiceUploadFieldsSchema.safeParse({ ...consumer, [field]: value }).success;
        if (folder !== upload)
          disagree.push(`${field}=${v}: folder ${folder ? 'takes' : 'refuses'}, upload ${upload ? 'takes' : 'refuses'}`);
      }
    }
    expect(disagree).toEqual([]);
  });

  it('refuse what the UI used to offer', () => {
    for (const [field, v] of [
      ['recipient_type', 'business'],
      ['route_order', ['avtalegiro']],
      ['format', 'FINVOICE'],
    ] as const)
      expect(Object.keys(checkSendingOptions('Outbox/Invoices', { recipient_type: 'consumer', [field]: v }).fields)).toContain(field);
  });

  it('each have a label in every language, so every value the upload takes can be chosen', () => {
    const groups: [string, readonly string[]][] = [
      ['format', enums.UPLOAD_FORMATS],
      ['recipientType', enums.RECIPIENT_TYPES],
      ['routes', enums.INVOICE_ROUTES],
      ['routeOrder', enums.CONSUMER_ROUTES],
      ['letterClass', enums.LETTER_CLASSES],
    ];
    for (const [lang, catalog] of Object.entries(catalogs)) {
      const labels = (catalog as unknown as { sendingValues: Record<string, Record<string, string>> }).sendingValues;
      for (const [group, values] of groups) for (const v of values) expect(labels[group]?.[v], `${lang} ${group}.${v}`).toBeTruthy();
    }
  });

  it('leave free text only where the upload takes free text', () => {
    const text = INVOICE_OPTION_FIELDS.filter((f) => !ENUM_FIELDS.includes(f) && !(BOOLEAN_OPTION_FIELDS as readonly string[]).includes(f));
    expect(text).toEqual([
      'lang',
      'sender_comment',
      'recipient_eia',
      'recipient_email',
      'recipient_operator',
      'recipient_phone_number',
      'recipient_date_of_birth',
      'recipient_ssn',
      'recipient_efaktura_id',
      'b2cno_document_type',
      'payment_instruction_identifier',
    ]);
  });
});
