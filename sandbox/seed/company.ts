import type { SandboxContext } from '../context';
import { registrationsOf } from '../domain/profile-records';
import { createRegistration, type EmitServiceEvent, setRegistrationStatus } from '../domain/profile-service';
import { patchSettings } from '../domain/settings-store';
import type { CompanyRecord } from '../model';
import { createSubscription, recordEvent } from '../routes/notifications';
import { addUser, ensureApiUser } from '../routes/users';

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A Finnish company as it looks after a year of use: settings filled in, registered for receiving
 * (VENDORNET and PEPPOL invoices active, PEPPOL orders pending, invoice responses failed), two users
 * beside the API user and one webhook subscription. Goes through the same domain functions as the
 * routes, so the seed obeys the same rules.
 */
export async function seedCompany(ctx: SandboxContext, company: CompanyRecord, random: () => number): Promise<void> {
  const domain = `${slug(company.name) || 'company'}.example`;
  const emit: EmitServiceEvent = (event, data) => recordEvent(ctx, company, event, data);

  patchSettings(ctx, company, {
    details: { name: company.name, email: `laskutus@${domain}`, website: `https://www.${domain}` },
    address: { street_address: 'Mannerheimintie 12 B', post_code: '00100', post_office: 'Helsinki', city: 'Helsinki', country: 'FI' },
    invoice_notifications: {
      on_receiving: { enabled: true, how_to_send: 'OTHER_EMAIL', other_email: `ostolaskut@${domain}` },
      on_send_errors: { to_user: true, to_emails: [`talous@${domain}`] },
    },
    send_invoice_email: {
      enabled: true,
      how_to_send: 'WITH_LINK',
      reminder_frequency: 7,
      content_data: {
        note_to_receiver: 'Kiitos tilauksestanne! Thank you for your order.',
        contact: { email: `laskutus@${domain}`, name: 'Laskutus / Billing', phone: '+358 9 123 4567' },
      },
    },
    send_invoice_print: {
      enabled: true,
      attachment_print: false,
      marketing_page: false,
      use_own_pdf: false,
      letter_class: 'ECONOMY',
      color_scheme: 'BLACK_AND_WHITE',
    },
    send_invoice_general: { hold_multiple_recipients: true, stop_duplicate_numbers: true },
    email_reports: { report_interval: 'weekly', email_reports: [`talous@${domain}`] },
    billing_details: {
      electronic_invoicing_details: { invoicing_eia: `0037${company.business_id.replace(/\D/g, '')}`, invoicing_operator: '003721291126' },
      invoicing_email: `laskutus@${domain}`,
      invoicing_street_address1: 'Mannerheimintie 12 B',
      invoicing_post_code: '00100',
      invoicing_post_office: 'Helsinki',
    },
  });

  ensureApiUser(ctx, company);
  addUser(ctx, company, {
    email: `maija.virtanen@${domain}`,
    first_name: 'Maija',
    last_name: 'Virtanen',
    phone: '+358 40 123 4567',
    user_role: 'admin',
  });
  addUser(ctx, company, {
    email: `juha.korhonen@${domain}`,
    first_name: 'Juha',
    last_name: 'Korhonen',
    user_role: 'user',
    notifications_disabled: true,
  });

  const secret = Math.floor(random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0');
  createSubscription(ctx, company, {
    destination_type: 'WEBHOOK',
    destination: `https://hooks.${domain}/einvoice?secret=${secret}`,
    events: ['DOCUMENTS.INVOICE.RECEIVED', 'DOCUMENTS.*.FAILED', 'NETWORKS.*'],
  });

  // PEPPOL first: the sandbox registers VENDORNET before it, as the service requires.
  const invoices = createRegistration(ctx, company, { network: 'PEPPOL', profiles: ['INVOICE_AND_CREDIT_NOTE'] }, emit);
  const vendornet = registrationsOf(ctx).find((r) => r.company_id === company.id && r.network === 'VENDORNET');
  if (vendornet) setRegistrationStatus(ctx, vendornet, 'active', undefined, emit);
  setRegistrationStatus(ctx, invoices, 'active', undefined, emit);
  createRegistration(ctx, company, { network: 'PEPPOL', profiles: ['ORDER'], profile_version: 'PEPPOLBIS30' }, emit);
  const responses = createRegistration(ctx, company, { network: 'PEPPOL', profiles: ['INVOICE_RESPONSE'] }, emit);
  setRegistrationStatus(
    ctx,
    responses,
    'error',
    'SMP registration rejected: the participant already has INVOICE_RESPONSE at another access point',
    emit,
  );
}
