import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

interface Reg {
  id: string;
  status: string;
  network: string;
  profile: string | null;
  profiles: string[];
  profile_version: string | null;
  endpoint_id: string | null;
  scheme: string | null;
  network_settings: Record<string, unknown> | null;
  last_event: { message: string; created_at: string } | null;
  profiles_with_extensions?: { profile_name: string; extensions: string[] }[];
}
interface ErrorBody {
  code?: string;
  message: string;
  details?: string[];
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function api<T = unknown>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const res = await sb.call(path, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const post = (token: string, json: unknown) => api<Reg & ErrorBody>('/v1/company/profiles', { method: 'POST', token, json });
const list = (token: string, query = '') => api<Reg[]>(`/v1/company/profiles${query}`, { token });
const digits = (bid: string) => bid.replace(/\D/g, '');

let seq = 0;
/** A company with a business id of its own (8 digits, so the Finnish OVT derivation applies). */
async function companyWithToken(body: Parameters<TestSandbox['company']>[0] = {}): Promise<{ c: TestCompany; token: string; bid: string }> {
  seq++;
  const bid = body.business_id ?? `${3000000 + seq * 37}-${seq % 10}`;
  const c = await sb.company({ ...body, business_id: bid });
  return { c, token: await sb.token(c), bid };
}

describe('POST /v1/company/profiles', () => {
  it('registers PEPPOL invoices by default, pending, with the endpoint id resolved from the business id, and VENDORNET first', async () => {
    const { c, token, bid } = await companyWithToken();
    expect((await list(token)).body).toEqual([]);
    const res = await post(token, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      network: 'PEPPOL',
      profile: 'INVOICE_AND_CREDIT_NOTE',
      profiles: ['INVOICE_AND_CREDIT_NOTE'],
      profile_version: null,
      scheme: '0216',
      endpoint_id: `0037${digits(bid)}`,
      last_event: null,
    });
    const all = (await list(token)).body;
    expect(all.map((r) => r.network)).toEqual(['VENDORNET', 'PEPPOL']);
    expect(all[0]?.status).toBe('pending');
    expect(all[0]).not.toHaveProperty('profiles_with_extensions');
    const events = (await api<{ event: string; event_data: { id: string } }[]>(`/__sandbox/companies/${c.company_id}/notification_events`))
      .body;
    expect(events.map((e) => e.event)).toEqual(['NETWORKS.VENDORNET.CREATED', 'NETWORKS.PEPPOL.CREATED']);
    expect(events[1]?.event_data.id).toBe(res.body.id);
  });

  it('resolves the default scheme and endpoint id per country (NO 0192, SE 0007, DK 0182, BE 0208)', async () => {
    const cases: [string, string, string, string][] = [
      ['NO', '987654321', '0192', '987654321'],
      ['SE', '556677-8899', '0007', '5566778899'],
      ['DK', '12345678', '0182', '12345678'],
      ['BE', '0123456789', '0208', '0123456789'],
    ];
    for (const [country, bid, scheme, endpoint] of cases) {
      const { token } = await companyWithToken({ country, business_id: bid });
      const res = await post(token, {});
      expect(res.status, country).toBe(201);
      expect(res.body).toMatchObject({ scheme, endpoint_id: endpoint });
    }
  });

  it('applies the profile_version rules of the spec table', async () => {
    const { token } = await companyWithToken();
    const missing = await post(token, { profiles: ['ORDER'] });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual(['profile_version: required for ORDER (PEPPOLBIS30 or EHF30)']);
    const ehf = await post(token, { profiles: ['ORDER', 'DESPATCH_ADVICE'], profile_version: 'EHF30' });
    expect(ehf.status).toBe(201);
    expect(ehf.body.profile_version).toBe('EHF30');
    const response = await post(token, { profiles: ['INVOICE_RESPONSE'] });
    expect(response.status).toBe(201);
    expect(response.body.profile_version).toBe('PEPPOLBIS30');
    const wrong = await post(token, { profiles: ['MESSAGE_LEVEL_RESPONSE'], profile_version: 'EHF30' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'profile_not_supported' });
    const invoices = await post(token, { profiles: ['INVOICE_AND_CREDIT_NOTE'], profile_version: 'PEPPOLBIS30' });
    expect(invoices.status).toBe(201);
    expect(invoices.body.profile_version).toBeNull();
    const badVersion = await post(token, { profiles: ['ORDER_RESPONSE'], profile_version: 'UBL21' });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.details?.[0]).toMatch(/^profile_version: must be one of PEPPOLBIS30, EHF30/);
  });

  it('refuses profiles outside their markets and networks with 422 profile_not_supported', async () => {
    const us = await companyWithToken({ country: 'US', business_id: '12-3456789' });
    const be = await companyWithToken({ country: 'BE', business_id: '0987654321' });
    const fi = await companyWithToken();
    const cases: [string, unknown][] = [
      [us.token, {}],
      [be.token, { profiles: ['ORDER'], profile_version: 'PEPPOLBIS30' }],
      [fi.token, { profiles: ['TELEGRAM'] }],
      [fi.token, { profiles: ['VOUCHER'] }],
      [fi.token, { network: 'SCAN_DOCUMENTS', profiles: ['INVOICE_AND_CREDIT_NOTE'] }],
      [be.token, { network: 'BANK' }],
      [fi.token, { network: 'RECEIVABLES' }],
      [fi.token, { network: 'OPERATORY' }],
    ];
    for (const [token, body] of cases) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('profile_not_supported');
      expect(res.body.details?.length).toBeGreaterThan(0);
    }
    const beResponse = await post(be.token, { profiles: ['INVOICE_RESPONSE'] });
    expect(beResponse.status).toBe(201);
  });

  it('folds the deprecated INVOICE and CREDIT_NOTE into INVOICE_AND_CREDIT_NOTE, and XSCANNER into SCAN_DOCUMENTS', async () => {
    const { token } = await companyWithToken();
    const res = await post(token, { profiles: ['INVOICE', 'CREDIT_NOTE'] });
    expect(res.status).toBe(201);
    expect(res.body.profiles).toEqual(['INVOICE_AND_CREDIT_NOTE']);
    const scanner = await post(token, { network: 'XSCANNER' });
    expect(scanner.status).toBe(201);
    expect(scanner.body).toMatchObject({ network: 'SCAN_DOCUMENTS', profiles: ['VOUCHER'] });
    expect((await list(token, '?network[]=XSCANNER')).body.map((r) => r.id)).toEqual([scanner.body.id]);
  });

  it('answers 422 profile_name_conflict for a profile already registered for the endpoint id', async () => {
    const { token } = await companyWithToken();
    expect((await post(token, {})).status).toBe(201);
    const again = await post(token, { profiles: ['INVOICE_AND_CREDIT_NOTE', 'INVOICE_RESPONSE'] });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('profile_name_conflict');
    expect(again.body.details?.[0]).toContain('INVOICE_AND_CREDIT_NOTE is already registered in PEPPOL');
  });

  it('answers 422 profile_eia_conflict when another company uses the endpoint id', async () => {
    const first = await companyWithToken();
    const second = await companyWithToken({ business_id: first.bid });
    expect((await post(first.token, {})).status).toBe(201);
    const res = await post(second.token, { profiles: ['ORDER'], profile_version: 'PEPPOLBIS30' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('profile_eia_conflict');
  });

  it('answers 422 profile_eia_bid_conflict for an explicit endpoint id that does not carry the business id', async () => {
    const { token, bid } = await companyWithToken();
    for (const body of [
      { endpoint_id: '003799999999' },
      { endpoint_id: digits(bid) },
      { scheme: '0088', endpoint_id: '6417000000003' },
      { endpoint_id: `0037${digits(bid)}TOOLONG` },
    ]) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('profile_eia_bid_conflict');
    }
    const subAddress = await post(token, { endpoint_id: `0216:0037${digits(bid)}01` });
    expect(subAddress.status).toBe(201);
    expect(subAddress.body).toMatchObject({ scheme: '0216', endpoint_id: `0037${digits(bid)}01` });
    const clash = await post(token, { scheme: '0007', endpoint_id: `0216:0037${digits(bid)}` });
    expect(clash.status).toBe(400);
  });

  it('validates SCAN network_settings and refuses them on other networks', async () => {
    const { token } = await companyWithToken();
    const bad = await post(token, {
      network: 'SCAN',
      network_settings: { return_email: 'not-mail', return_address: { post_code: 12 }, colour: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        'network_settings.return_email: must be an e-mail address',
        'network_settings.return_address.post_code: must be text',
        'network_settings.colour: unknown field',
      ]),
    );
    const peppol = await post(token, { network_settings: { other_docs: true } });
    expect(peppol.status).toBe(400);
    const ok = await post(token, { network: 'SCAN', network_settings: { return_email: 'scan@example.com', other_docs: false } });
    expect(ok.status).toBe(201);
    expect(ok.body.network_settings).toEqual({ return_email: 'scan@example.com', other_docs: false });
  });

  it('refuses unknown fields and wrong types in the body with 400', async () => {
    const { token } = await companyWithToken();
    const res = await post(token, { network: 'PEPPOL', profile: 'ORDER', scheme: '216' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(expect.arrayContaining(['scheme: must be a 4-digit ISO 6523 code', 'profile: unknown field']));
  });
});

describe('one registration', () => {
  it('reads with profiles_with_extensions, patches SCAN settings and 404s for other companies', async () => {
    const { token } = await companyWithToken();
    const other = await companyWithToken();
    const scan = (await post(token, { network: 'SCAN', network_settings: { return_email: 'a@example.com' } })).body;
    const read = await api<Reg>(`/v1/company/profiles/${scan.id}`, { token });
    expect(read.status).toBe(200);
    expect(read.body.profiles_with_extensions).toEqual([{ profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: [] }]);

    const patch = await api(`/v1/company/profiles/${scan.id}`, {
      method: 'PATCH',
      token,
      json: { network_settings: { return_address: { post_code: '00100', post_office: 'Helsinki', street_address: 'Katu 1' } } },
    });
    expect(patch.status).toBe(204);
    expect((await api<Reg>(`/v1/company/profiles/${scan.id}`, { token })).body.network_settings).toEqual({
      return_email: 'a@example.com',
      return_address: { post_code: '00100', post_office: 'Helsinki', street_address: 'Katu 1' },
    });
    const badPatch = await api<ErrorBody>(`/v1/company/profiles/${scan.id}`, {
      method: 'PATCH',
      token,
      json: { network_settings: { other_docs: 'yes' } },
    });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.details).toEqual(['network_settings.other_docs: must be true or false']);

    const peppol = (await post(token, {})).body;
    expect((await api(`/v1/company/profiles/${peppol.id}`, { method: 'PATCH', token, json: { network_settings: {} } })).status).toBe(400);

    for (const [method, suffix, json] of [
      ['GET', '', undefined],
      ['PATCH', '', { network_settings: {} }],
      ['DELETE', '', undefined],
      ['PUT', '/extensions', { profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: [] }],
    ] as const) {
      const res = await api<ErrorBody>(`/v1/company/profiles/${scan.id}${suffix}`, { method, token: other.token, json });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('filters the list by network[] and status[], and refuses unknown values', async () => {
    const { token } = await companyWithToken();
    const peppol = (await post(token, {})).body;
    await api(`/__sandbox/profiles/${peppol.id}/status`, { method: 'POST', json: { status: 'active' } });
    expect((await list(token, '?network[]=PEPPOL')).body.map((r) => r.id)).toEqual([peppol.id]);
    expect((await list(token, '?status[]=active')).body.map((r) => r.id)).toEqual([peppol.id]);
    expect((await list(token, '?status[]=pending&network[]=VENDORNET')).body).toHaveLength(1);
    expect((await list(token, '?status=active,pending')).body).toHaveLength(2);
    const bad = await api<ErrorBody>('/v1/company/profiles?status[]=enabled', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.[0]).toContain("'enabled' is not one of pending, active, error");
    expect((await api('/v1/company/profiles?network=MARS', { token })).status).toBe(400);
  });

  it('deletes with 204, and refuses VENDORNET while others depend on it and BANK with 409 profile_deletion_not_allowed', async () => {
    const { token } = await companyWithToken();
    const peppol = (await post(token, {})).body;
    const regs = (await list(token)).body;
    const vendornet = regs.find((r) => r.network === 'VENDORNET');
    const refused = await api<ErrorBody>(`/v1/company/profiles/${vendornet?.id}`, { method: 'DELETE', token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('profile_deletion_not_allowed');
    expect(refused.body.details?.[0]).toContain(peppol.id);

    expect((await api(`/v1/company/profiles/${peppol.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/v1/company/profiles/${peppol.id}`, { token })).status).toBe(404);
    expect((await api(`/v1/company/profiles/${vendornet?.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await list(token)).body).toEqual([]);

    const bank = await post(token, { network: 'BANK' });
    expect(bank.status).toBe(201);
    const bankDelete = await api<ErrorBody>(`/v1/company/profiles/${bank.body.id}`, { method: 'DELETE', token });
    expect(bankDelete.status).toBe(409);
    expect(bankDelete.body.code).toBe('profile_deletion_not_allowed');
  });

  it('sets extensions: GACCOUNT10 for NL companies only, and an empty array disables them', async () => {
    const nl = await companyWithToken({ country: 'NL', business_id: '12345678' });
    const fi = await companyWithToken();
    const nlReg = (await post(nl.token, {})).body;
    expect(nlReg).toMatchObject({ scheme: '0106', endpoint_id: '12345678' });
    const put = (token: string, id: string, json: unknown) =>
      api<Reg & ErrorBody>(`/v1/company/profiles/${id}/extensions`, { method: 'PUT', token, json });

    const on = await put(nl.token, nlReg.id, { profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: ['GACCOUNT10'] });
    expect(on.status).toBe(200);
    expect(on.body.profiles_with_extensions).toEqual([{ profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: ['GACCOUNT10'] }]);
    expect(
      (await api<Reg>(`/v1/company/profiles/${nlReg.id}`, { token: nl.token })).body.profiles_with_extensions?.[0]?.extensions,
    ).toEqual(['GACCOUNT10']);
    const off = await put(nl.token, nlReg.id, { profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: [] });
    expect(off.body.profiles_with_extensions?.[0]?.extensions).toEqual([]);

    const unknownExt = await put(nl.token, nlReg.id, { profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: ['TURBO'] });
    expect(unknownExt.status).toBe(422);
    expect(unknownExt.body.code).toBe('profile_not_supported');
    const wrongProfile = await put(nl.token, nlReg.id, { profile_name: 'ORDER', extensions: [] });
    expect(wrongProfile.status).toBe(400);
    expect((await put(nl.token, nlReg.id, { profile_name: 'INVOICE_AND_CREDIT_NOTE' })).status).toBe(400);

    const fiReg = (await post(fi.token, {})).body;
    const fiOn = await put(fi.token, fiReg.id, { profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: ['GACCOUNT10'] });
    expect(fiOn.status).toBe(422);
    expect(fiOn.body.code).toBe('profile_not_supported');
    const atCreate = await post(fi.token, { profiles: ['INVOICE_RESPONSE'], profiles_with_extensions: ['GACCOUNT10'] });
    expect(atCreate.status).toBe(400);
    const nlAtCreate = await post(nl.token, { profiles: ['INVOICE_RESPONSE'], endpoint_id: '1234567801' });
    expect(nlAtCreate.status).toBe(201);
  });

  it('moves a registration through the admin status route, recording last_event and ENABLED/DISABLED events', async () => {
    const { c, token } = await companyWithToken();
    const reg = (await post(token, {})).body;
    const status = (json: unknown, id = reg.id) => api<Reg & ErrorBody>(`/__sandbox/profiles/${id}/status`, { method: 'POST', json });
    expect((await status({ status: 'active' })).body.status).toBe('active');
    const failed = await status({ status: 'error', message: 'SMP said no' });
    expect(failed.body).toMatchObject({ status: 'error', last_event: { message: 'SMP said no' } });
    expect((await api<Reg>(`/v1/company/profiles/${reg.id}`, { token })).body.last_event?.message).toBe('SMP said no');
    expect((await status({ status: 'enabled' })).status).toBe(400);
    expect((await status({ status: 'active' }, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const events = (await api<{ event: string }[]>(`/__sandbox/companies/${c.company_id}/notification_events`)).body.map((e) => e.event);
    expect(events).toEqual([
      'NETWORKS.VENDORNET.CREATED',
      'NETWORKS.PEPPOL.CREATED',
      'NETWORKS.PEPPOL.ENABLED',
      'NETWORKS.PEPPOL.DISABLED',
    ]);
  });
});

describe('scopes', () => {
  it('needs company:read to read and company:write to write', async () => {
    const c = await sb.company();
    const lookupOnly = await sb.token(c, 'lookup');
    const global = await sb.token(c, 'global');
    expect((await api('/v1/company/profiles', { token: lookupOnly })).status).toBe(403);
    expect((await api('/v1/company/profiles', { token: global })).status).toBe(200);
    const denied = await api<ErrorBody>('/v1/company/profiles', { method: 'POST', token: global, json: {} });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'forbidden', details: ['insufficient_scope', 'needs one of: company:write'] });
    expect((await api('/v1/company/profiles')).status).toBe(401);
  });
});
