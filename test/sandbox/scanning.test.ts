import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICES, type InvoiceRecord } from '../../sandbox/domain/records';
import { scanServiceSchema, supplierQueryResultSchema } from '../../shared/schemas/detect';
import type { Party } from '../../shared/schemas/invoice';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const DAY = 86_400_000;

/** A received invoice put straight into the invoices table (the invoices group owns its upload). */
function receive(c: TestCompany, sender: Party, origin: InvoiceRecord['origin'], daysAgo: number): void {
  const id = randomUUID();
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  const file = { id, filename: 'a.xml', mimetype: 'application/xml', blob: `none-${id}`, sha256: '', size: 0 };
  sb.ctx.store.table<InvoiceRecord>(INVOICES).put({
    id,
    company_id: c.company_id,
    direction: 'RECEIVED',
    uuid: id,
    status: 'DELIVERED',
    number: id.slice(0, 8),
    reference: null,
    sender,
    recipient: null,
    received_at: at,
    created_at: at,
    date: at.slice(0, 10),
    date_due: null,
    source_format: origin === 'SCAN' ? null : 'PEPPOLBIS30',
    sum: 100,
    sum_tax: 24,
    currency: 'EUR',
    origin,
    destination: null,
    comment: null,
    files: [],
    actions: [],
    revision: 1,
    virtual_barcode: null,
    handled: false,
    seq: 1,
    internal: { original: file, image: null, attachments: [], upload_fields: {} },
  });
}

const urlencoded = (fields: [string, string][]) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('autoscan', () => {
  it('answers a documented empty state, then the saved configuration, and forgets it on DELETE', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const empty = {
      enabled: false,
      return_email_address: null,
      features: { line_items: false, attachments: false, other_documents: false },
    };
    expect(await (await sb.call('/v1/services/autoscan', { token })).json()).toMatchObject(empty);
    const put = await sb.call('/v1/services/autoscan', {
      token,
      method: 'PUT',
      json: { return_email_address: 'ap@example.com', features: { line_items: true } },
    });
    expect(put.status).toBe(200);
    const saved = {
      enabled: true,
      return_email_address: 'ap@example.com',
      features: { line_items: true, attachments: false, other_documents: false },
    };
    expect(await put.json()).toMatchObject(saved);
    expect(await (await sb.call('/v1/services/autoscan', { token })).json()).toMatchObject(saved);
    expect((await sb.call('/v1/services/autoscan', { token, method: 'DELETE' })).status).toBe(204);
    expect(await (await sb.call('/v1/services/autoscan', { token })).json()).toMatchObject(empty);
    expect((await sb.call('/v1/services/autoscan', { token, method: 'DELETE' })).status).toBe(204);
  });

  it('validates the body and answers 503 when the service is down (fault injection)', async () => {
    const token = await sb.token(await sb.company());
    const bodies = [
      {},
      { return_email_address: 'not-mail' },
      { return_email_address: 'a@b.fi', features: { teleport: true } },
      { return_email_address: 'a@b.fi', features: { line_items: 'yes' } },
    ];
    for (const json of bodies) {
      const res = await sb.call('/v1/services/autoscan', { token, method: 'PUT', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { details: string[] }).details.length).toBeGreaterThan(0);
    }
    await sb.call('/__sandbox/faults', {
      method: 'POST',
      json: { action: 'error', status: 503, path: '^/v1/services/autoscan$', times: 1 },
    });
    const down = await sb.call('/v1/services/autoscan', { token });
    expect(down.status).toBe(503);
    expect((await sb.call('/v1/services/autoscan', { token })).status).toBe(200);
  });

  it('needs company:read to read and company:write to change', async () => {
    const c = await sb.company();
    expect((await sb.call('/v1/services/autoscan', { token: await sb.token(c, 'lookup') })).status).toBe(403);
    const readOnly = await sb.token(c, 'global');
    expect((await sb.call('/v1/services/autoscan', { token: readOnly })).status).toBe(200);
    expect(
      (await sb.call('/v1/services/autoscan', { token: readOnly, method: 'PUT', json: { return_email_address: 'a@b.fi' } })).status,
    ).toBe(403);
    expect((await sb.call('/v1/services/scan', { token: readOnly, method: 'POST' })).status).toBe(403);
  });
});

describe('scan service', () => {
  it('opens the account from bracketed form fields, updates it with PUT (multipart) and deletes it', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const missing = await sb.call('/v1/services/scan', { token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
    const post = await sb.call('/v1/services/scan', {
      token,
      method: 'POST',
      ...urlencoded([
        ['return_address[email_address]', 'returns@example.fi'],
        ['return_address[postal_address][street_name]', 'Mannerheimintie 1'],
        ['return_address[postal_address][extra_lines][]', 'c/o Accounts'],
        ['return_address[postal_address][extra_lines][]', 'Floor 3'],
        ['return_address[postal_address][city]', 'Helsinki'],
        ['return_address[postal_address][post_code]', '00100'],
        ['return_address[postal_address][country_code]', 'fi'],
      ]),
    });
    expect(post.status).toBe(200);
    const opened = scanServiceSchema.parse(await post.json());
    expect(opened.return_address).toEqual({
      email_address: 'returns@example.fi',
      postal_address: {
        street_name: 'Mannerheimintie 1',
        extra_lines: ['c/o Accounts', 'Floor 3'],
        city: 'Helsinki',
        post_code: '00100',
        country_code: 'FI',
      },
    });
    expect(opened.scan_email_address).toMatch(/@/);
    const put = await sb.call('/v1/services/scan', {
      token,
      method: 'PUT',
      body: form(null, { 'return_address[postal_address][city]': 'Espoo', 'return_address[email_address]': '' }),
    });
    expect(put.status).toBe(200);
    const updated = scanServiceSchema.parse(await (await sb.call('/v1/services/scan', { token })).json());
    expect(updated.return_address.email_address).toBeNull();
    expect(updated.return_address.postal_address).toMatchObject({ city: 'Espoo', street_name: 'Mannerheimintie 1' });
    expect((await sb.call('/v1/services/scan', { token, method: 'DELETE' })).status).toBe(204);
    const gone = await sb.call('/v1/services/scan', { token, method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'not_found', message: 'Scan service account missing' });
  });

  it('opens an account with no fields at all, and refuses unknown fields, bad values and JSON', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    expect((await sb.call('/v1/services/scan', { token, method: 'POST' })).status).toBe(200);
    const cases: [string, string][][] = [
      [['return_address[email]', 'x@y.fi']],
      [['return_address[email_address]', 'nope']],
      [['return_address[postal_address][country_code]', 'Finland']],
      [['return_address[postal_address][post_code]', '!!']],
      [
        ['return_address[postal_address][city]', 'A'],
        ['return_address[postal_address][city]', 'B'],
      ],
      [
        ['return_address[postal_address][extra_lines][]', '1'],
        ['return_address[postal_address][extra_lines][]', '2'],
        ['return_address[postal_address][extra_lines][]', '3'],
        ['return_address[postal_address][extra_lines][]', '4'],
      ],
    ];
    for (const fields of cases) {
      const res = await sb.call('/v1/services/scan', { token, method: 'PUT', ...urlencoded(fields) });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(((await res.json()) as { details: string[] }).details[0]).toMatch(
        /return_address|postal_address|email_address|extra_lines|post_code|country_code/,
      );
    }
    expect((await sb.call('/v1/services/scan', { token, method: 'PUT', json: { return_address: {} } })).status).toBe(400);
  });
});

describe('suppliers', () => {
  it('lists the senders of recent received invoices once scanning is open; oldest_invoice_time at most one month back', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const paper: Party = { name: 'Paperi Oy', bid: '0737546-2', country: 'FI' };
    const both: Party = { name: 'Sekalainen Oy', bid: 'FI01120389', country: 'FI' };
    receive(c, paper, 'SCAN', 3);
    receive(c, paper, 'SCAN', 10);
    receive(c, both, 'SCAN', 5);
    receive(c, both, 'EXTERNAL', 6);
    receive(c, both, 'EXTERNAL', 7);
    receive(c, { name: 'Vanha Oy', bid: '2345678-1' }, 'SCAN', 45);
    const query = (json: unknown) => sb.call('/v1/company/suppliers/query', { token, method: 'POST', json });
    expect((await query({})).status).toBe(404);
    await sb.call('/v1/services/autoscan', { token, method: 'PUT', json: { return_email_address: 'ap@example.fi' } });
    const res = await query({});
    expect(res.status).toBe(201);
    const body = supplierQueryResultSchema.parse(await res.json());
    expect(body.suppliers.map((s) => [s.name, s.invoices, s.scanned_invoices, s.einvoices, s.notified])).toEqual([
      ['Sekalainen Oy', 3, 1, 2, false],
      ['Paperi Oy', 2, 2, 0, false],
    ]);
    const recent = supplierQueryResultSchema.parse(
      await (await query({ oldest_invoice_time: new Date(Date.now() - 8 * DAY).toISOString() })).json(),
    );
    expect(recent.suppliers.map((s) => s.invoices)).toEqual([3, 1]);
    const old = new Date(Date.now() - 33 * DAY).toISOString();
    for (const json of [
      { oldest_invoice_time: old },
      { oldest_invoice_time: 'last week' },
      { oldest_invoice_time: new Date(Date.now() + DAY).toISOString() },
      { include_notified: 'yes' },
      { extra: 1 },
    ]) {
      const bad = await query(json);
      expect(bad.status, JSON.stringify(json)).toBe(400);
    }
    expect((await query({ oldest_invoice_time: new Date(Date.now() - 27 * DAY).toISOString().slice(0, 10) })).status).toBe(201);
  });

  it('notifies suppliers (409 while the company has no e-mail in its settings), lists failures and hides notified ones', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    receive(c, { name: 'Paperi Oy', bid: '0737546-2', country: 'FI' }, 'SCAN', 2);
    await sb.call('/v1/services/scan', { token, method: 'POST' });
    const notify = (json: unknown) => sb.call('/v1/company/suppliers/notifications', { token, method: 'POST', json });
    const suppliers = [
      { name: 'Paperi Oy', business_id: '0737546-2', email: 'sales@paperi.example' },
      { name: 'No Contact Oy' },
      { email: 'who@example.com' },
    ];
    const missing = await notify({ suppliers });
    expect(missing.status).toBe(409);
    expect(await missing.json()).toMatchObject({
      message: expect.stringMatching(/Company data missing/),
      details: [expect.stringMatching(/email/)],
    });
    sb.ctx.store
      .table<{ id: string; sections: unknown }>('company_settings')
      .put({ id: c.company_id, sections: { details: { name: 'Test', email: 'ap@test.example' } } });
    for (const json of [{}, { suppliers: [] }, { suppliers: [{ email: 'nope' }] }, { suppliers: 'all' }])
      expect((await notify(json)).status).toBe(400);
    const res = await notify({ suppliers });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      notified: 1,
      failures: [
        { index: 1, name: 'No Contact Oy', business_id: null, reason: 'email or eia is required to reach the supplier' },
        { index: 2, name: null, business_id: null, reason: 'name or business_id is required to identify the supplier' },
      ],
    });
    const again = (await (await notify({ suppliers: [{ business_id: 'FI07375462', eia: '0216:003707375462' }] })).json()) as {
      failures: { reason: string }[];
    };
    expect(again.failures[0]?.reason).toMatch(/^already notified at /);
    const query = (json: unknown) => sb.call('/v1/company/suppliers/query', { token, method: 'POST', json });
    expect(supplierQueryResultSchema.parse(await (await query({})).json()).suppliers).toEqual([]);
    const all = supplierQueryResultSchema.parse(await (await query({ include_notified: true })).json());
    expect(all.suppliers[0]).toMatchObject({ name: 'Paperi Oy', notified: true, notified_at: expect.any(String) });
  });
});

describe('scan partner', () => {
  it('sets, reads and removes the scan partner of a company the caller manages', async () => {
    const c = await sb.company();
    const managed = await sb.company({ vendor_api_key: c.vendor_api_key });
    const stranger = await sb.company();
    const token = await sb.token(c, 'partner:scanpartner_scan_service');
    const path = '/v1/partner/scan_service/scanpartner';
    expect(await (await sb.call(`${path}?company_id=${managed.company_id}`, { token })).json()).toEqual({
      company_id: managed.company_id,
      scanpartner_email_address: null,
    });
    const post = (json: unknown) => sb.call(path, { token, method: 'POST', json });
    expect((await post({ company_id: managed.company_id, scanpartner_email_address: 'scan@partner.example' })).status).toBe(204);
    expect(await (await sb.call(`${path}?company_id=${managed.company_id}`, { token })).json()).toMatchObject({
      scanpartner_email_address: 'scan@partner.example',
    });
    for (const json of [
      { company_id: managed.company_id },
      { scanpartner_email_address: 'a@b.fi' },
      { company_id: managed.company_id, scanpartner_email_address: 'x' },
    ]) {
      expect((await post(json)).status).toBe(400);
    }
    expect((await post({ company_id: stranger.company_id, scanpartner_email_address: 'a@b.fi' })).status).toBe(404);
    expect((await sb.call(`${path}?company_id=${stranger.company_id}`, { token })).status).toBe(404);
    expect((await sb.call(path, { token })).status).toBe(400);
    expect((await sb.call(path, { token, method: 'DELETE' })).status).toBe(400);
    expect((await sb.call(`${path}?company_id=${managed.company_id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect(await (await sb.call(`${path}?company_id=${managed.company_id}`, { token })).json()).toMatchObject({
      scanpartner_email_address: null,
    });
    // The partner scope of its own: a company token's company:read and company:write are not it.
    expect((await sb.call(`${path}?company_id=${c.company_id}`, { token: await sb.token(c) })).status).toBe(403);
    expect((await sb.call(`${path}?company_id=${c.company_id}`, { token: await sb.token(c, 'lookup') })).status).toBe(403);
  });
});
