import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { tempDir } from '../support/temp';

interface Settings {
  [section: string]: Record<string, unknown> | undefined;
}
interface ErrorBody {
  code?: string;
  message: string;
  details?: string[];
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2Q==';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function api<T = unknown>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}, on = sb) {
  const res = await on.call(path, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const getSettings = (token: string, query = '', on = sb) =>
  api<Settings & { details?: Record<string, unknown>; code?: string }>(`/v1/company/settings${query}`, { token }, on);
const patch = (token: string, json: unknown, on = sb) => api<ErrorBody>('/v1/company/settings', { method: 'PATCH', token, json }, on);

/** The three required sections, valid. */
const required = (name = 'Saved Oy') => ({
  details: { name, email: 'billing@saved.example', website: 'https://saved.example' },
  address: { street_address: 'Aleksanterinkatu 1', post_code: '00100', post_office: 'Helsinki', city: 'Helsinki', country: 'FI' },
  invoice_notifications: {
    on_receiving: { enabled: true, how_to_send: 'OTHER_EMAIL', other_email: 'ap@saved.example' },
    on_send_errors: { to_user: false, to_emails: ['errors@saved.example'] },
  },
});

describe('GET /v1/company/settings', () => {
  it('builds the settings from the company on first access', async () => {
    const c = await sb.company({ name: 'Lazy Ab', country: 'SE', business_id: '556000-1111' });
    const token = await sb.token(c);
    const res = await getSettings(token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'address',
      'billing_details',
      'details',
      'email_reports',
      'invoice_notifications',
      'logos',
      'send_invoice_email',
      'send_invoice_general',
      'send_invoice_print',
    ]);
    expect(res.body.details).toEqual({ name: 'Lazy Ab', email: null, website: null });
    expect(res.body.address).toMatchObject({ country: 'SE', street_address: null });
    expect(res.body.logos).toEqual({ pdf: { content: null }, email_header: { content: null } });
    expect(res.body.email_reports).toEqual({ report_interval: 'off', email_reports: [] });
  });

  it('limits the answer to fields[] and refuses unknown section names', async () => {
    const token = await sb.token(await sb.company());
    const res = await getSettings(token, '?fields[]=details&fields[]=email_reports');
    expect(Object.keys(res.body).sort()).toEqual(['details', 'email_reports']);
    const bad = await getSettings(token, '?fields[]=details&fields[]=colours');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      "fields: 'colours' is not one of details, address, invoice_notifications, send_invoice_email, send_invoice_print, send_invoice_general, logos, email_reports, billing_details",
    ]);
  });
});

describe('PATCH /v1/company/settings', () => {
  it('saves every section and a later GET answers what was saved', async () => {
    const token = await sb.token(await sb.company());
    const body = {
      ...required(),
      send_invoice_email: {
        enabled: true,
        how_to_send: 'EMBEDDED',
        reminder_frequency: 14,
        content_data: { note_to_receiver: 'Thanks', contact: { email: 'c@saved.example', name: 'Cee', phone: '+358 1' } },
      },
      send_invoice_print: {
        enabled: true,
        attachment_print: true,
        marketing_page: false,
        use_own_pdf: true,
        letter_class: 'PRIORITY',
        color_scheme: 'COLOR',
      },
      send_invoice_general: { hold_multiple_recipients: true, stop_duplicate_numbers: false },
      email_reports: { report_interval: 'monthly', email_reports: ['r@saved.example'] },
      billing_details: {
        electronic_invoicing_details: { invoicing_eia: '003712345678', invoicing_operator: '003721291126' },
        invoicing_email: '',
        invoicing_post_code: '00100',
      },
      logos: { pdf: { content: JPEG }, email_header: { content: PNG } },
    };
    expect((await patch(token, body)).status).toBe(204);
    const saved = (await getSettings(token)).body;
    expect(saved.details).toEqual(body.details);
    expect(saved.address).toEqual(body.address);
    expect(saved.invoice_notifications).toEqual(body.invoice_notifications);
    expect(saved.send_invoice_email).toEqual(body.send_invoice_email);
    expect(saved.send_invoice_print).toEqual(body.send_invoice_print);
    expect(saved.email_reports).toEqual(body.email_reports);
    expect(saved.billing_details).toMatchObject({ ...body.billing_details, invoicing_street_address1: null });
    expect(saved.logos).toEqual({ pdf: { content: JPEG }, email_header: { content: PNG } });
  });

  it('keeps fields a section leaves out, turns off how_to_send with enabled false, and clears a logo with null', async () => {
    const token = await sb.token(await sb.company());
    expect(
      (
        await patch(token, {
          ...required(),
          send_invoice_email: { enabled: true, how_to_send: 'WITH_LINK', reminder_frequency: 3 },
          logos: { pdf: { content: PNG } },
        })
      ).status,
    ).toBe(204);
    expect(
      (await patch(token, { ...required('Renamed Oy'), send_invoice_email: { enabled: false }, logos: { pdf: { content: null } } })).status,
    ).toBe(204);
    const saved = (await getSettings(token)).body;
    expect(saved.details?.name).toBe('Renamed Oy');
    expect(saved.send_invoice_email).toMatchObject({ enabled: false, how_to_send: null, reminder_frequency: 3 });
    expect(saved.logos).toEqual({ pdf: { content: null }, email_header: { content: null } });
  });

  it('answers 400 invalid_parameters naming the three required sections', async () => {
    const token = await sb.token(await sb.company());
    const res = await patch(token, { email_reports: { report_interval: 'daily', email_reports: [] } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_parameters');
    expect(res.body.details).toEqual(['details: required', 'address: required', 'invoice_notifications: required']);
    const empty = await api<ErrorBody>('/v1/company/settings', { method: 'PATCH', token });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('invalid_parameters');
  });

  it('answers 400 invalid_parameters with one plain-words line per bad field', async () => {
    const token = await sb.token(await sb.company());
    const base = required();
    const res = await patch(token, {
      details: { name: '', email: 'nope', nickname: 'x' },
      address: { ...base.address, country: 'Finland' },
      invoice_notifications: {
        on_receiving: { enabled: true, how_to_send: 'OTHER_EMAIL' },
        on_send_errors: { to_user: 'yes', to_emails: ['ok@example.com', 'bad'] },
      },
      send_invoice_email: { enabled: false, how_to_send: 'EMBEDDED', reminder_frequency: 1.5 },
      send_invoice_print: { enabled: true, letter_class: 'PIGEON' },
      email_reports: { report_interval: 'hourly', email_reports: [] },
      logos: { email_header: { content: JPEG } },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_parameters');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        'details.name: must not be empty',
        'details.email: must be an e-mail address',
        'details.nickname: unknown field',
        'address.country: must be a 2-letter country code (ISO 3166-1 alpha-2)',
        'invoice_notifications.on_send_errors.to_user: must be true or false',
        'invoice_notifications.on_send_errors.to_emails.1: must be an e-mail address',
        'send_invoice_email.reminder_frequency: must be a number',
        'send_invoice_print.letter_class: must be one of ECONOMY, PRIORITY',
        'email_reports.report_interval: must be one of off, daily, weekly, monthly',
        'logos.email_header.content: must be a base64 PNG image',
      ]),
    );
    // Cross-field rules are reported once the fields themselves are well formed.
    const cross = await patch(token, {
      ...base,
      invoice_notifications: { ...base.invoice_notifications, on_receiving: { enabled: true, how_to_send: 'OTHER_EMAIL' } },
      send_invoice_email: { enabled: false, how_to_send: 'EMBEDDED' },
    });
    expect(cross.body.details).toEqual([
      'invoice_notifications.on_receiving.other_email: required when how_to_send is OTHER_EMAIL',
      'send_invoice_email.how_to_send: may be set only when enabled is true',
    ]);
    expect((await getSettings(token)).body.details?.name).not.toBe('');
  });
});

describe('settings access', () => {
  it('keeps each company to its own settings', async () => {
    const a = await sb.token(await sb.company({ name: 'Alpha Oy' }));
    const b = await sb.token(await sb.company({ name: 'Beta Oy' }));
    expect((await patch(a, required('Alpha Renamed Oy'))).status).toBe(204);
    expect((await getSettings(b)).body.details?.name).toBe('Beta Oy');
  });

  it('needs company:read to read and company:write to write', async () => {
    const c = await sb.company();
    const lookupOnly = await sb.token(c, 'lookup');
    const global = await sb.token(c, 'global');
    const denied = await getSettings(lookupOnly);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'forbidden', details: ['insufficient_scope', 'needs one of: company:read'] });
    expect((await getSettings(global)).status).toBe(200);
    const write = await patch(global, required());
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('forbidden');
    expect((await patch(await sb.token(c, 'company'), required())).status).toBe(204);
  });

  it('survives a restart of a persisted sandbox', async () => {
    const dir = tempDir('sandbox-settings-');
    const first = await startTestSandbox({ dataDir: dir });
    const c = await first.company();
    const token = await first.token(c);
    expect((await patch(token, { ...required('Persisted Oy'), logos: { pdf: { content: PNG } } }, first)).status).toBe(204);
    await first.close();
    const second = await startTestSandbox({ dataDir: dir });
    try {
      const saved = (await getSettings(token, '', second)).body;
      expect(saved.details?.name).toBe('Persisted Oy');
      expect(saved.logos).toMatchObject({ pdf: { content: PNG } });
    } finally {
      await second.close();
    }
  });
});
