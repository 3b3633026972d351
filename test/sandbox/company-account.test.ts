import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

interface ErrorBody {
  code?: string;
  message: string;
  details?: string[];
}
type Obj = Record<string, unknown>;

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function api<T = Obj & ErrorBody>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const res = await sb.call(path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** A token issued with the company's vendor API key, as a partner integration would hold. */
async function vendorToken(c: TestCompany): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: c.company_id,
    client_secret: c.api_key,
    vendor_api_key: c.vendor_api_key,
    scope: 'company',
  });
  const res = await sb.call('/oauth2/token', { method: 'POST', body });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('company authorization', () => {
  it('answers the state, sends a signing request (SENT) and refuses a body without auth_email and locale', async () => {
    const c = await sb.company({ state: 'UNVERIFIED' });
    const token = await sb.token(c);
    expect((await api('/v1/company/authorization', { token })).body).toEqual({
      auth_state: 'NONE',
      auth_email: null,
      company_state: 'UNVERIFIED',
    });

    const empty = await api('/v1/company/authorization', { method: 'POST', token, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBeUndefined();
    expect(empty.body.details).toEqual(['auth_email: required', 'locale: required']);
    const badOptions = await api('/v1/company/authorization', {
      method: 'POST',
      token,
      json: { auth_email: 'ceo@example.com', locale: 'fi', options: '{kyc' },
    });
    expect(badOptions.status).toBe(400);
    expect(badOptions.body.details).toEqual(['options: must be a JSON object as a string']);

    const sent = await api('/v1/company/authorization', {
      method: 'POST',
      token,
      json: { auth_email: 'ceo@example.com', locale: 'fi', options: '{"kyc":"done"}' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ auth_state: 'SENT', auth_email: 'ceo@example.com', company_state: 'UNVERIFIED' });
    expect((await api('/v1/company/authorization', { token })).body).toMatchObject({ auth_state: 'SENT' });
  });

  it('simulates signing through the admin route: company state, its event and the automatic BANK registration', async () => {
    const c = await sb.company({ state: 'UNVERIFIED' });
    const token = await sb.token(c);
    const signed = await api(`/__sandbox/companies/${c.company_id}/authorization`, {
      method: 'POST',
      json: { auth_state: 'SIGNED', company_state: 'VERIFIED' },
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ auth_state: 'SIGNED', company_state: 'VERIFIED' });
    const listed = (await api<{ company_id: string; state: string }[]>('/__sandbox/companies')).body.find(
      (x) => x.company_id === c.company_id,
    );
    expect(listed?.state).toBe('VERIFIED');
    const regs = (await api<{ network: string; status: string }[]>('/v1/company/profiles', { token })).body;
    expect(regs).toEqual([expect.objectContaining({ network: 'BANK', status: 'pending' })]);
    const events = (await api<{ event: string; event_data?: Obj }[]>(`/__sandbox/companies/${c.company_id}/notification_events`)).body;
    expect(events.map((e) => e.event)).toEqual(['COMPANIES.AUTHORIZATION.VERIFIED', 'NETWORKS.BANK.CREATED']);
    expect(events[0]?.event_data).toEqual({ state: 'VERIFIED' });

    const again = await api('/v1/company/authorization', { method: 'POST', token, json: { auth_email: 'x@example.com', locale: 'en' } });
    expect(again.status).toBe(400);

    const back = await api(`/__sandbox/companies/${c.company_id}/authorization`, { method: 'POST', json: { company_state: 'UNVERIFIED' } });
    expect(back.body).toMatchObject({ company_state: 'UNVERIFIED' });
    expect(
      (await api(`/__sandbox/companies/${c.company_id}/authorization`, { method: 'POST', json: { company_state: 'MAYBE' } })).status,
    ).toBe(400);
    expect((await api('/__sandbox/companies/nope/authorization', { method: 'POST', json: {} })).status).toBe(404);
  });
});

describe('vendor link and keep_active', () => {
  it('links only with a token issued with the vendor API key, and unlinks', async () => {
    const c = await sb.company();
    const plain = await sb.token(c);
    expect((await api('/v1/company/vendors', { token: plain })).body).toEqual({ linked: false, vendor: null });
    const refused = await api('/v1/company/vendors', { method: 'POST', token: plain });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', details: ['vendor_api_key_required', expect.any(String)] });

    const partner = await vendorToken(c);
    const linked = await api('/v1/company/vendors', { method: 'POST', token: partner });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ linked: true });
    expect(String(linked.body.vendor)).toMatch(new RegExp(`${c.vendor_api_key.slice(-4)}$`));
    expect(String(linked.body.vendor)).not.toContain(c.vendor_api_key);
    expect((await api('/v1/company/vendors', { token: plain })).body).toMatchObject({ linked: true });
    expect((await api('/v1/company/vendors', { method: 'DELETE', token: plain })).status).toBe(204);
    expect((await api('/v1/company/vendors', { token: plain })).body).toEqual({ linked: false, vendor: null });
    expect((await api('/v1/company/vendors', { method: 'DELETE', token: await sb.token(c, 'global') })).status).toBe(403);
  });

  it('marks the company active with 201', async () => {
    const c = await sb.company();
    const res = await api('/v1/company/keep_active', { method: 'POST', token: await sb.token(c) });
    expect(res.status).toBe(201);
    expect(res.body.company_id).toBe(c.company_id);
    expect(Date.parse(String(res.body.keep_active_at))).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('departments (experimental)', () => {
  it('creates from form fields (urlencoded, multipart or JSON) with 201 and lists per company', async () => {
    const token = await sb.token(await sb.company());
    const urlencoded = await api('/v1/company/departments', {
      method: 'POST',
      token,
      body: new URLSearchParams({ name: 'Sales', bid: '1234567-8', id_type: '0216', eaid: '003712345678001', no_vat: 'true' }),
    });
    expect(urlencoded.status).toBe(201);
    expect(urlencoded.body).toMatchObject({ name: 'Sales', bid: '1234567-8', id_type: '0216', eaid: '003712345678001', no_vat: true });
    expect(urlencoded.body).not.toHaveProperty('company_id');
    const multipart = await api('/v1/company/departments', {
      method: 'POST',
      token,
      body: form(null, { name: 'Purchasing', bid: '1234567-8', id_type: '0216', eaid: '003712345678002' }),
    });
    expect(multipart.status).toBe(201);
    expect(multipart.body.no_vat).toBe(false);
    const json = await api('/v1/company/departments', {
      method: 'POST',
      token,
      json: { name: 'Logistics', bid: 'FI12345678', id_type: 'GLN', eaid: '6417000000003' },
    });
    expect(json.status).toBe(201);
    const listed = (await api<{ name: string }[]>('/v1/company/departments', { token })).body;
    expect(listed.map((d) => d.name)).toEqual(['Sales', 'Purchasing', 'Logistics']);
    expect((await api<unknown[]>('/v1/company/departments', { token: await sb.token(await sb.company()) })).body).toEqual([]);
  });

  it('validates the name length and the required fields, and refuses a duplicate address with 409', async () => {
    const token = await sb.token(await sb.company());
    const short = await api('/v1/company/departments', {
      method: 'POST',
      token,
      json: { name: 'IT', bid: '1234567-8', id_type: '0216', eaid: '0037123' },
    });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual(['name: must be at least 3 characters']);
    const missing = await api('/v1/company/departments', {
      method: 'POST',
      token,
      body: new URLSearchParams({ name: 'Finance', no_vat: 'perhaps' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual(['bid: required', 'id_type: required', 'eaid: required', 'no_vat: must be true or false']);
    const body = { name: 'Finance', bid: '1234567-8', id_type: '0216', eaid: '003712345678009' };
    expect((await api('/v1/company/departments', { method: 'POST', token, json: body })).status).toBe(201);
    const dup = await api('/v1/company/departments', { method: 'POST', token, json: { ...body, name: 'Finance 2' } });
    expect(dup.status).toBe(409);
    expect(dup.body.details?.[0]).toMatch(/^eaid: used by department /);
  });
});

describe('consumers (deprecated listings)', () => {
  it('lists an empty page, then filters consumers by query and status on both paths with paging headers', async () => {
    const c = await sb.company({ country: 'NO', business_id: '923456789' });
    const token = await sb.token(c);
    const empty = await api<unknown[]>('/v1/company/consumers', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('x-total')).toBe('0');
    expect(empty.headers.get('deprecation')).toBe('true');

    const add = (json: Obj) => api(`/__sandbox/companies/${c.company_id}/consumers`, { method: 'POST', json });
    expect((await add({ name: 'Kari Nordmann', phone_number: '+47 912 34 567', customer_number: 'C-1' })).status).toBe(201);
    await add({ name: 'Ola Hansen', reference_number: 'REF-2', status: 'PENDING' });
    await add({ name: 'Ingrid Berg', customer_number: 'C-3', status: 'INACTIVE' });
    expect((await add({ name: '' })).status).toBe(400);

    const names = async (q: string, path = '/v1/company/consumers') =>
      (await api<{ name: string }[]>(`${path}${q}`, { token })).body.map((x) => x.name);
    expect(await names('')).toEqual(['Kari Nordmann', 'Ola Hansen', 'Ingrid Berg']);
    expect(await names('?query=91234567')).toEqual(['Kari Nordmann']);
    expect(await names('?query=ref-2')).toEqual(['Ola Hansen']);
    expect(await names('?query=berg')).toEqual(['Ingrid Berg']);
    expect(await names('?status[]=PENDING&status[]=INACTIVE', '/v1/services/b2cno/consumers')).toEqual(['Ola Hansen', 'Ingrid Berg']);
    const page = await api<{ name: string }[]>('/v1/services/b2cno/consumers?per_page=2&page=2', { token });
    expect(page.body.map((x) => x.name)).toEqual(['Ingrid Berg']);
    expect(page.headers.get('x-total-pages')).toBe('2');
    expect((await api('/v1/company/consumers?status[]=GONE', { token })).status).toBe(400);
    expect((await api('/v1/company/consumers?per_page=101', { token })).status).toBe(400);
    expect((await api<unknown[]>('/v1/company/consumers', { token: await sb.token(await sb.company()) })).body).toEqual([]);
    expect((await api('/v1/company/consumers', { token: await sb.token(c, 'lookup') })).status).toBe(403);
  });
});
