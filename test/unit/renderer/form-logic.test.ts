import { describe, expect, it } from 'vitest';
import { agreementErrors } from '../../../renderer/forms/agreement';
import { bodyFrom, type FieldSpec, inputsFrom } from '../../../renderer/forms/fields';
import { profileDraftErrors } from '../../../renderer/forms/profile-rules';
import { ALL_SETTINGS_FIELDS } from '../../../renderer/forms/settings-fields';
import { serverFieldErrors, validate } from '../../../renderer/forms/validation';
import { createI18n } from '../../../renderer/i18n';
import { catalogs } from '../../../renderer/i18n/catalogs';
import { settingsPatchBodySchema } from '../../../shared/schemas/company';
import { rerouteEmailBodySchema, reroutePrintBodySchema } from '../../../shared/schemas/invoice';

const t = createI18n('en').t as (key: string, o?: Record<string, unknown>) => string;
const fi = createI18n('fi', catalogs).t as (key: string, o?: Record<string, unknown>) => string;

const SAVED = {
  details: { name: 'Demo Oy', email: null, website: null },
  address: { street_address: 'Katu 1', post_code: '00100', post_office: 'Helsinki', city: null, country: 'FI' },
  invoice_notifications: {
    on_receiving: { enabled: false, how_to_send: null, other_email: null },
    on_send_errors: { to_user: true, to_emails: [] },
  },
  send_invoice_email: {
    enabled: true,
    how_to_send: 'WITH_LINK',
    reminder_frequency: 7,
    content_data: { note_to_receiver: null, contact: { email: null, name: null, phone: null } },
  },
  send_invoice_print: {
    enabled: false,
    attachment_print: false,
    marketing_page: false,
    use_own_pdf: false,
    letter_class: 'ECONOMY',
    color_scheme: 'BLACK_AND_WHITE',
  },
  send_invoice_general: { hold_multiple_recipients: false, stop_duplicate_numbers: true },
  logos: { pdf: { content: null }, email_header: { content: null } },
  email_reports: { report_interval: 'weekly', email_reports: ['a@example.com', 'b@example.com'] },
  billing_details: {
    electronic_invoicing_details: { invoicing_eia: null, invoicing_operator: null },
    invoicing_email: null,
    invoicing_street_address1: null,
    invoicing_street_address2: null,
    invoicing_post_code: null,
    invoicing_post_office: null,
    billing_company_id: null,
  },
};

describe('form fields', () => {
  it('round-trips the saved settings through the inputs unchanged', () => {
    const inputs = inputsFrom(ALL_SETTINGS_FIELDS, SAVED);
    expect(inputs['email_reports.email_reports']).toBe('a@example.com, b@example.com');
    expect(inputs['send_invoice_email.reminder_frequency']).toBe('7');
    expect(inputs['details.email']).toBe('');
    expect(bodyFrom(ALL_SETTINGS_FIELDS, inputs)).toEqual(SAVED);
    expect(settingsPatchBodySchema.safeParse(bodyFrom(ALL_SETTINGS_FIELDS, inputs)).success).toBe(true);
  });

  it('reads numbers, lists and empties as the body needs them', () => {
    const specs: FieldSpec[] = [
      { path: 'a.n', kind: 'number', nullable: true },
      { path: 'a.list', kind: 'list' },
      { path: 'b', kind: 'text', optional: true },
      { path: 'c', kind: 'text' },
    ];
    expect(bodyFrom(specs, { 'a.n': '1,5', 'a.list': 'x@y.fi;  z@y.fi\nw@y.fi', b: '  ', c: '' }, { b: 'old', keep: 1 })).toEqual({
      a: { n: 1.5, list: ['x@y.fi', 'z@y.fi', 'w@y.fi'] },
      c: '',
      keep: 1,
    });
    expect(bodyFrom(specs, { 'a.n': '', 'a.list': '', b: 'x', c: 'y' })).toEqual({ a: { n: null, list: [] }, b: 'x', c: 'y' });
  });
});

describe('validation in the user language', () => {
  it('names each bad field with localized words and hints', () => {
    const body = {
      recipient_name: '',
      recipient_address1: 'Katu 1',
      recipient_post_code: '00100',
      recipient_post_office: 'Hki',
      recipient_country: 'fin',
    };
    expect(validate(reroutePrintBodySchema, body, t, { hints: { recipient_country: 'validation.country' } })).toEqual({
      recipient_name: 'Required.',
      recipient_country: 'A two-letter country code in capitals, such as FI, SE or NO.',
    });
    expect(validate(rerouteEmailBodySchema, { recipient_email: 'nope' }, fi)).toEqual({
      recipient_email: 'Pitää olla sähköpostiosoite, esimerkiksi nimi@example.com.',
    });
  });

  it('leaves cross-field rules to the service when asked', () => {
    const body = { ...SAVED, send_invoice_email: { ...SAVED.send_invoice_email, enabled: false } };
    expect(validate(settingsPatchBodySchema, body, t)).toEqual({ 'send_invoice_email.how_to_send': 'Not a valid value.' });
    expect(validate(settingsPatchBodySchema, body, t, { skipCustom: true })).toEqual({});
    const bad = { ...SAVED, address: { ...SAVED.address, country: 'Finland' }, details: { ...SAVED.details, name: '  ' } };
    expect(Object.keys(validate(settingsPatchBodySchema, bad, t, { skipCustom: true }))).toEqual(['details.name', 'address.country']);
  });

  it("places the service's 400 details at their fields and keeps the rest", () => {
    const view = {
      kind: 'invalid' as const,
      message: 'The request has invalid parameters',
      details: [
        'settings.send_invoice_email.how_to_send: may be set only when enabled is true',
        'something general',
        'a.b: x; a.c: unknown field',
      ],
    };
    expect(serverFieldErrors(view, ['settings.'])).toEqual({
      fields: { 'send_invoice_email.how_to_send': 'may be set only when enabled is true', 'a.b': 'x', 'a.c': 'unknown field' },
      rest: ['something general'],
    });
    expect(
      serverFieldErrors({ kind: 'invalid', message: 'x', fields: { 'body.recipient_email': 'must be an e-mail address' } }, ['body.'])
        .fields,
    ).toEqual({
      recipient_email: 'must be an e-mail address',
    });
  });
});

describe('profile and agreement rules', () => {
  it('asks for a version for document profiles and PEPPOLBIS30 for responses', () => {
    const base = { network: 'PEPPOL', profiles: ['ORDER'], profileVersion: '', scheme: '', endpointId: '' };
    expect(Object.keys(profileDraftErrors(base, t))).toEqual(['profileVersion']);
    expect(profileDraftErrors({ ...base, profileVersion: 'EHF30' }, t)).toEqual({});
    expect(profileDraftErrors({ ...base, profiles: ['INVOICE_RESPONSE'], profileVersion: 'EHF30' }, t).profileVersion).toContain(
      'PEPPOLBIS30',
    );
    expect(Object.keys(profileDraftErrors({ ...base, profiles: [], scheme: '21', endpointId: 'a b' }, t)).sort()).toEqual([
      'endpointId',
      'profiles',
      'scheme',
    ]);
  });

  it('checks the account number by MOD11 and the KID layout before sending', () => {
    const ok = {
      account_number: '1234.56.78903',
      kid_length: '10',
      reference_position: '3',
      payment_type_position: '',
      signer_email: 'signer@example.no',
      notification_by_print: false,
      notification_by_email: true,
    };
    expect(agreementErrors('create', ok, t)).toEqual({});
    expect(agreementErrors('create', { ...ok, account_number: '12345678901' }, t)).toEqual({
      account_number: 'An 11-digit Norwegian account number whose last digit checks out (MOD11).',
    });
    expect(agreementErrors('create', { ...ok, reference_position: '10' }, t)).toEqual({
      reference_position: 'Must come before the check digit: at most 9.',
    });
    expect(agreementErrors('update', { ...ok, payment_type_position: '3' }, t)).toEqual({
      payment_type_position: 'Must differ from the reference position.',
    });
  });
});
