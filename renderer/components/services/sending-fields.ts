import { OPTION_LANGUAGES, OPTION_VALUES, VALIDATION_MODES } from '../../../shared/schemas/sending-options';

/** A group of a folder's options: its legend (`sending.<id>` or `sendingOptions.<id>`) and its fields. */
export type OptionGroup = readonly [id: string, keys: readonly string[]];

export interface FolderLayout {
  /** What most folders set: shown open. */
  basic: readonly OptionGroup[];
  /** The rest, folded in "More options" (open by itself when one of them has a value). */
  advanced: readonly OptionGroup[];
}

/** Outbox/Invoices: the checks, the file and how it is delivered first; the rest folded. */
export const INVOICE_LAYOUT: FolderLayout = {
  basic: [
    ['checks', ['validation']],
    ['delivery', ['format', 'lang', 'disabled_routes']],
    ['print', ['print_settings[letter_class]', 'print_settings[color]']],
  ],
  advanced: [
    ['recipient', ['recipient_eia', 'recipient_operator', 'recipient_email']],
    [
      'consumers',
      [
        'recipient_type',
        'route_order',
        'recipient_phone_number',
        'recipient_date_of_birth',
        'recipient_ssn',
        'recipient_efaktura_id',
        'b2cno_document_type',
        'payment_instruction_identifier',
      ],
    ],
    [
      'special',
      [
        'prevent_routing',
        'sender_comment',
        'email_settings[xml_format]',
        'print_settings[prevent_digital_post]',
        'print_settings[print_own_image]',
        'print_settings[allow_mailbox_fi]',
      ],
    ],
  ],
};

/** A document type's folder: the service needs the recipient and its operator (from the file or here). */
export const DOCUMENT_LAYOUT: FolderLayout = {
  basic: [
    ['checks', ['validation']],
    ['recipient', ['recipient_name', 'recipient_country', 'recipient_eia', 'recipient_operator']],
  ],
  advanced: [['sender', ['sender_name', 'sender_country', 'sender_eia', 'external_id']]],
};

/** Legends of the groups the older catalog (`sending.*`) has not got. */
export const NEW_GROUPS = new Set(['special']);

/**
 * The options chosen from a list: the values the service takes, and where their names are in the
 * catalog (`<names>.<value>`). One value: a select; `many`: a checkbox each.
 */
export const CHOICES: Record<string, { values: readonly string[]; names: string; many?: boolean }> = {
  validation: { values: VALIDATION_MODES, names: 'sending.validationModes' },
  format: { values: OPTION_VALUES.format, names: 'sendingValues.format' },
  lang: { values: OPTION_LANGUAGES, names: 'sendingValues.lang' },
  recipient_type: { values: OPTION_VALUES.recipient_type, names: 'sendingValues.recipientType' },
  disabled_routes: { values: OPTION_VALUES.disabled_routes, names: 'sendingValues.routes', many: true },
  'print_settings[letter_class]': { values: OPTION_VALUES['print_settings[letter_class]'], names: 'sendingValues.letterClass' },
  'email_settings[xml_format]': { values: OPTION_VALUES['email_settings[xml_format]'], names: 'sendingValues.xmlFormat' },
};

export const FIELD_TYPES: Record<string, 'email' | 'date' | 'tel'> = {
  recipient_email: 'email',
  recipient_date_of_birth: 'date',
  recipient_phone_number: 'tel',
};
