import {
  COLOR_SCHEMES,
  LETTER_CLASSES,
  ON_RECEIVING_HOW_TO_SEND,
  REPORT_INTERVALS,
  SEND_EMAIL_HOW_TO_SEND,
  SETTINGS_SECTIONS,
  type SettingsSection,
} from '../../shared/enums';
import type { FieldSpec } from './fields';

/** Every field of every section of the company settings (spec: Company settings). */
export const SETTINGS_FIELDS: Readonly<Record<SettingsSection, readonly FieldSpec[]>> = {
  details: [
    { path: 'details.name', kind: 'text' },
    { path: 'details.email', kind: 'email', nullable: true },
    { path: 'details.website', kind: 'text', nullable: true },
  ],
  address: [
    { path: 'address.street_address', kind: 'text', nullable: true },
    { path: 'address.post_code', kind: 'text', nullable: true },
    { path: 'address.post_office', kind: 'text', nullable: true },
    { path: 'address.city', kind: 'text', nullable: true },
    { path: 'address.country', kind: 'text' },
  ],
  invoice_notifications: [
    { path: 'invoice_notifications.on_receiving.enabled', kind: 'bool' },
    { path: 'invoice_notifications.on_receiving.how_to_send', kind: 'select', options: ON_RECEIVING_HOW_TO_SEND, nullable: true },
    { path: 'invoice_notifications.on_receiving.other_email', kind: 'email', nullable: true },
    { path: 'invoice_notifications.on_send_errors.to_user', kind: 'bool' },
    { path: 'invoice_notifications.on_send_errors.to_emails', kind: 'list' },
  ],
  send_invoice_email: [
    { path: 'send_invoice_email.enabled', kind: 'bool' },
    { path: 'send_invoice_email.how_to_send', kind: 'select', options: SEND_EMAIL_HOW_TO_SEND, nullable: true },
    { path: 'send_invoice_email.reminder_frequency', kind: 'number', nullable: true },
    { path: 'send_invoice_email.content_data.note_to_receiver', kind: 'textarea', nullable: true },
    { path: 'send_invoice_email.content_data.contact.email', kind: 'email', nullable: true },
    { path: 'send_invoice_email.content_data.contact.name', kind: 'text', nullable: true },
    { path: 'send_invoice_email.content_data.contact.phone', kind: 'text', nullable: true },
  ],
  send_invoice_print: [
    { path: 'send_invoice_print.enabled', kind: 'bool' },
    { path: 'send_invoice_print.attachment_print', kind: 'bool' },
    { path: 'send_invoice_print.marketing_page', kind: 'bool' },
    { path: 'send_invoice_print.use_own_pdf', kind: 'bool' },
    { path: 'send_invoice_print.letter_class', kind: 'select', options: LETTER_CLASSES, optional: true },
    { path: 'send_invoice_print.color_scheme', kind: 'select', options: COLOR_SCHEMES, optional: true },
  ],
  send_invoice_general: [
    { path: 'send_invoice_general.hold_multiple_recipients', kind: 'bool' },
    { path: 'send_invoice_general.stop_duplicate_numbers', kind: 'bool' },
  ],
  logos: [
    { path: 'logos.pdf.content', kind: 'image', nullable: true },
    { path: 'logos.email_header.content', kind: 'image', nullable: true },
  ],
  email_reports: [
    { path: 'email_reports.report_interval', kind: 'select', options: REPORT_INTERVALS },
    { path: 'email_reports.email_reports', kind: 'list' },
  ],
  billing_details: [
    { path: 'billing_details.electronic_invoicing_details.invoicing_eia', kind: 'text', nullable: true },
    { path: 'billing_details.electronic_invoicing_details.invoicing_operator', kind: 'text', nullable: true },
    { path: 'billing_details.invoicing_email', kind: 'email', nullable: true },
    { path: 'billing_details.invoicing_street_address1', kind: 'text', nullable: true },
    { path: 'billing_details.invoicing_street_address2', kind: 'text', nullable: true },
    { path: 'billing_details.invoicing_post_code', kind: 'text', nullable: true },
    { path: 'billing_details.invoicing_post_office', kind: 'text', nullable: true },
    { path: 'billing_details.billing_company_id', kind: 'text', nullable: true },
  ],
};

export const ALL_SETTINGS_FIELDS: readonly FieldSpec[] = SETTINGS_SECTIONS.flatMap((s) => SETTINGS_FIELDS[s]);

/** PATCH needs these three; the others are sent only when the service answered them. */
const REQUIRED_SECTIONS: readonly SettingsSection[] = ['details', 'address', 'invoice_notifications'];

/** The sections the form shows and saves for settings as answered (a section left out is not sent). */
export function sectionsOf(saved: Record<string, unknown>): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((s) => REQUIRED_SECTIONS.includes(s) || (typeof saved[s] === 'object' && saved[s] !== null));
}

/** Fields the service requires a value in (the rest may be left empty). */
export const REQUIRED_SETTINGS = new Set(['details.name', 'address.country']);
