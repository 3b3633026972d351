import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';

interface ErrorBody {
  code?: string;
  message: string;
  details?: string[];
}
interface Endpoint {
  business_id: string;
  eia: string | null;
  operator: string | null;
  network: string | null;
  name: string | null;
  sending: string[];
}
interface Receiver {
  eia: string;
  identifier: { scheme: string; eaid_name: string; eaid_code: string; endpoint_id: string };
  network: string;
  operator: string;
  document_types: { document_type: string; document_identifier?: string; process_identifier?: string }[];
  participant: { id: string | null; name: string; bid: string; country: string };
}

let sb: TestSandbox;
/** A Norwegian company with active PEPPOL invoices and EHF orders, and a pending Swedish one. */
let norway: { id: string; token: string };
let pendingSwede: { id: string };
beforeAll(async () => {
  sb = await startTestSandbox();
  const no = await sb.company({ name: 'Fjellvann AS', country: 'NO', business_id: '912345678' });
  const noToken = await sb.token(no);
  await sb.call('/v1/company/profiles', { method: 'POST', token: noToken, json: {} });
  await sb.call('/v1/company/profiles', { method: 'POST', token: noToken, json: { profiles: ['ORDER'], profile_version: 'EHF30' } });
  const regs = (await (await sb.call('/v1/company/profiles', { token: noToken })).json()) as { id: string }[];
  for (const r of regs) await sb.call(`/__sandbox/profiles/${r.id}/status`, { method: 'POST', json: { status: 'active' } });
  norway = { id: no.company_id, token: noToken };
  const se = await sb.company({ name: 'Väntande AB', country: 'SE', business_id: '556123-4567' });
  await sb.call('/v1/company/profiles', { method: 'POST', token: await sb.token(se), json: {} });
  pendingSwede = { id: se.company_id };
});
afterAll(async () => sb.close());

async function api<T>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const res = await sb.call(path, { token: norway.token, ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}
const ids = (n: number, base = 4100000) => Array.from({ length: n }, (_, i) => `business_ids[]=${base + i * 13}-${i % 10}`).join('&');

describe('GET /v1/lookup/endpoints', () => {
  it('answers sandbox companies from their active registrations and pending ones with no address', async () => {
    const res = await api<Endpoint[]>('/v1/lookup/endpoints?business_ids[]=912345678&business_ids[]=556123-4567');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        business_id: '912345678',
        eia: '0192:912345678',
        operator: 'E-Invoice Sandbox',
        network: 'INTERNAL',
        name: 'Fjellvann AS',
        country: 'NO',
        sending: ['invoice'],
      },
      {
        business_id: '912345678',
        eia: '0192:912345678',
        operator: 'E-Invoice Sandbox',
        network: 'PEPPOL',
        name: 'Fjellvann AS',
        country: 'NO',
        sending: ['invoice'],
      },
      { business_id: '556123-4567', eia: null, operator: null, network: null, name: 'Väntande AB', country: 'SE', sending: [] },
    ]);
    expect(pendingSwede.id).toBeTruthy();
  });

  it('answers unknown business ids from the deterministic directory, the same every time', async () => {
    const first = await api<Endpoint[]>(`/v1/lookup/endpoints?${ids(10)}`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(first.body.some((e) => e.eia === null)).toBe(true);
    const found = first.body.filter((e) => e.eia !== null);
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) {
      expect(e.eia).toBe(`0216:0037${e.business_id.replace(/\D/g, '')}`);
      expect(['PEPPOL', 'EXTERNAL']).toContain(e.network);
    }
    expect((await api<Endpoint[]>(`/v1/lookup/endpoints?${ids(10)}`)).body).toEqual(first.body);
  });

  it('takes at most 10 business ids, requires them, and validates sending and country', async () => {
    const eleven = await api<ErrorBody>(`/v1/lookup/endpoints?${ids(11)}`);
    expect(eleven.status).toBe(400);
    expect(eleven.body.details).toEqual(['business_ids: at most 10 per query, got 11']);
    expect((await api<ErrorBody>('/v1/lookup/endpoints')).body.details).toEqual(['business_ids: required']);
    expect((await api('/v1/lookup/endpoints?business_ids=912345678&sending[]=order')).status).toBe(400);
    expect((await api('/v1/lookup/endpoints?business_ids=912345678&country=Norway')).status).toBe(400);
    const filtered = await api<Endpoint[]>('/v1/lookup/endpoints?business_ids=912345678&sending[]=invoice&country=NO');
    expect(filtered.body.map((e) => e.network)).toEqual(['INTERNAL', 'PEPPOL']);
  });

  it('needs the lookup scope', async () => {
    const token = await sb.token(await sb.company(), 'company');
    const res = await api<ErrorBody>('/v1/lookup/endpoints?business_ids=912345678', { token });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual(['insufficient_scope', 'needs one of: lookup']);
  });
});

describe('GET /v1/lookup/receivers', () => {
  it('finds a sandbox receiver by eia with its document types and identifiers', async () => {
    const res = await api<Receiver[]>('/v1/lookup/receivers?network[]=PEPPOL&eia=0192:912345678');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const r = res.body[0];
    expect(r).toMatchObject({
      eia: '0192:912345678',
      identifier: { scheme: '0192', eaid_name: 'NO:ORG', eaid_code: '0192', endpoint_id: '912345678' },
      network: 'PEPPOL',
      participant: { id: norway.id, name: 'Fjellvann AS', bid: '912345678', country: 'NO' },
    });
    expect(r?.document_types.map((d) => d.document_type)).toEqual(['INVOICE', 'CREDIT_NOTE', 'ORDER']);
    expect(r?.document_types[0]?.document_identifier).toContain('Invoice-2::Invoice##urn:cen.eu:en16931:2017');
    expect(r?.document_types[2]?.document_identifier).toContain('anskaffelser.no');
  });

  it('filters by network, bid, name, country, document_type and eia variants', async () => {
    const count = async (q: string) => (await api<Receiver[]>(`/v1/lookup/receivers?${q}`)).body.length;
    expect(await count('network[]=INTERNAL&bid=912345678')).toBe(1);
    expect(await count('network[]=PEPPOL&network[]=INTERNAL&name=fjellvann')).toBe(2);
    expect(await count('network[]=PEPPOL&name=fjellvann&country[]=SE')).toBe(0);
    expect(await count('network[]=PEPPOL&name=fjellvann&document_type[]=ORDER')).toBe(1);
    expect(await count('network[]=INTERNAL&name=fjellvann&document_type[]=ORDER')).toBe(0);
    expect(await count('network[]=PEPPOL&name=v%C3%A4ntande')).toBe(0);
    expect(await count('network[]=PEPPOL&eia=0192:NO912345678MVA')).toBe(0);
    expect(await count('network[]=PEPPOL&eia=0192:NO912345678MVA&allow_eia_variants=true')).toBe(1);
  });

  it('answers a business id outside the sandbox from the directory, by bid and by the eia made of it', async () => {
    const byBid = await api<Receiver[]>('/v1/lookup/receivers?network[]=PEPPOL&network[]=EXTERNAL&bid=1234567-8');
    expect(byBid.body).toHaveLength(1);
    expect(byBid.body[0]).toMatchObject({ eia: '0216:003712345678', participant: { id: null, bid: '1234567-8', country: 'FI' } });
    const byEia = await api<Receiver[]>('/v1/lookup/receivers?network[]=PEPPOL&network[]=EXTERNAL&eia=0216:003712345678');
    expect(byEia.body).toEqual(byBid.body);
  });

  it('pages with the paging headers', async () => {
    const res = await api<Receiver[]>('/v1/lookup/receivers?network[]=PEPPOL&network[]=INTERNAL&name=fjellvann&per_page=1&page=2');
    expect(res.body).toHaveLength(1);
    expect(res.headers.get('x-total')).toBe('2');
    expect(res.headers.get('x-page')).toBe('2');
    expect(res.headers.get('x-prev-page')).toBe('1');
  });

  it('validates network (required), eia form, country and document_type', async () => {
    const cases: [string, string][] = [
      ['', 'network: required, one or more of PEPPOL, INTERNAL, EXTERNAL'],
      ['network[]=SMTP', "network: 'SMTP' is not one of PEPPOL, INTERNAL, EXTERNAL"],
      ['network[]=PEPPOL&eia=912345678', 'eia: must be scheme:identifier such as 0192:123456789'],
      ['network[]=PEPPOL&country[]=nor', "country: 'nor' is not a 2-letter country code"],
      ['network[]=PEPPOL&allow_eia_variants=sure', 'allow_eia_variants: must be true or false'],
      ['network[]=PEPPOL&per_page=500', 'per_page: must be between 1 and 100'],
    ];
    for (const [q, detail] of cases) {
      const res = await api<ErrorBody>(`/v1/lookup/receivers?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.details).toEqual([detail]);
    }
    expect((await api('/v1/lookup/receivers?network[]=PEPPOL&document_type[]=POSTCARD')).status).toBe(400);
  });
});

describe('GET /v1/lookup/consumers', () => {
  it('answers a consumer and the routes that reach them, or 404', async () => {
    const res = await api<{ efaktura_identifier: string; routes: { route: string; available: boolean }[] }>(
      '/v1/lookup/consumers?phone_number=%2B4791234567',
    );
    expect(res.status).toBe(200);
    expect(res.body.efaktura_identifier).toMatch(/^\d{9}$/);
    expect(res.body.routes.map((r) => r.route)).toEqual(['dpi', 'yes2all']);
    expect((await api('/v1/lookup/consumers?phone_number=%2B4791234567')).body).toEqual(res.body);
    const dpi = await api<{ routes: { route: string }[] }>('/v1/lookup/consumers?phone_number=%2B4791234567&routes[]=dpi');
    expect(dpi.body.routes.map((r) => r.route)).toEqual(['dpi']);
    const missing = await api<ErrorBody>('/v1/lookup/consumers?email=unknown.person@example.no');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const byName = await api(
      '/v1/lookup/consumers?first_name=Kari&last_name=Nordmann&date_of_birth=1990-01-01&efaktura_identifier=123456789',
    );
    expect([200, 404]).toContain(byName.status);
    const bySsn = await api('/v1/lookup/consumers?ssn=01019010046');
    expect([200, 404]).toContain(bySsn.status);
  });

  it('needs an identifying parameter and validates each value', async () => {
    const none = await api<ErrorBody>('/v1/lookup/consumers?first_name=Kari&city=Oslo');
    expect(none.status).toBe(400);
    expect(none.body.details?.[0]).toContain('give one of ssn, phone_number, email, efaktura_identifier, reference_number');
    const bad = await api<ErrorBody>('/v1/lookup/consumers?ssn=01019010047&phone_number=91234567&date_of_birth=1990-13-01&postal_code=12');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      'ssn: must be a valid Norwegian national identity number (11 digits)',
      'date_of_birth: must be a date in the form YYYY-MM-DD',
      'phone_number: must be in international format such as +4791234567',
      'postal_code: must be a 4-digit Norwegian postal code',
    ]);
    expect((await api('/v1/lookup/consumers?email=a@example.no&routes[]=pigeon')).status).toBe(400);
  });
});

describe('GET /v1/partner/lookups/companies', () => {
  it('finds sandbox companies by bid and country with the partner:lookups scope', async () => {
    const token = await sb.token(await sb.company(), 'partner:lookups');
    const found = await api<{ bid: string; name: string; country: string; company_id: string }[]>(
      '/v1/partner/lookups/companies?bids[]=912345678&bids[]=556123-4567&country=NO',
      { token },
    );
    expect(found.status).toBe(200);
    expect(found.body).toEqual([{ bid: '912345678', name: 'Fjellvann AS', country: 'NO', company_id: norway.id }]);
    expect((await api<ErrorBody>('/v1/partner/lookups/companies?bids[]=912345678', { token })).body.details).toEqual(['country: required']);
    expect((await api<ErrorBody>('/v1/partner/lookups/companies?country=NO', { token })).body.details).toEqual(['bids: required']);
    const eleven = Array.from({ length: 11 }, (_, i) => `bids[]=9000000${i}`).join('&');
    expect((await api(`/v1/partner/lookups/companies?${eleven}&country=FI`, { token })).status).toBe(400);
    const ten = Array.from({ length: 10 }, (_, i) => `bids[]=9000000${i}`).join('&');
    expect((await api(`/v1/partner/lookups/companies?${ten}&country=FI`, { token })).status).toBe(200);
    expect((await api('/v1/partner/lookups/companies?bids[]=912345678&country=NO')).status).toBe(403);
  });
});

describe('sending parties', () => {
  it('registers a sending party (201, then 200 for the same one) and reads it back by identifier', async () => {
    const token = await sb.token(await sb.company(), 'lookup');
    const made = await api<{ id: string; identifier: string; country: string }>('/v1/data/sending_parties', {
      method: 'POST',
      token,
      json: { identifier: '1234567-8', country: 'FI' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ identifier: '1234567-8', country: 'FI' });
    const again = await api<{ id: string }>('/v1/data/sending_parties', {
      method: 'POST',
      token,
      json: { identifier: '12345678', country: 'FI' },
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
    const read = await api<{ id: string }[]>('/v1/data/sending_parties?identifiers[]=1234567-8&identifiers[]=999', { token });
    expect(read.body.map((p) => p.id)).toEqual([made.body.id]);
    expect((await api<unknown[]>('/v1/data/sending_parties?identifiers[]=1234567-8&country=SE', { token })).body).toEqual([]);
    expect((await api<unknown[]>('/v1/data/sending_parties?identifiers[]=1234567-8')).body).toEqual([]);
  });

  it('validates the body and the identifiers limit', async () => {
    const token = await sb.token(await sb.company(), 'lookup');
    const bad = await api<ErrorBody>('/v1/data/sending_parties', { method: 'POST', token, json: { identifier: '!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(['identifier: must be an organisation number, VAT number or electronic address', 'country: required']);
    const eleven = Array.from({ length: 11 }, (_, i) => `identifiers[]=ID${i}0`).join('&');
    expect((await api<ErrorBody>(`/v1/data/sending_parties?${eleven}`, { token })).body.details).toEqual([
      'identifiers: at most 10 per query, got 11',
    ]);
    expect((await api('/v1/data/sending_parties', { token })).status).toBe(400);
  });
});

describe('freshness of the look-up indexes', () => {
  it('answers renamed companies and forgets everything after a reset', async () => {
    const own = await startTestSandbox();
    try {
      const c = await own.company({ name: 'Vanha Oy', business_id: '2223334-5' });
      const token = await own.token(c);
      const reg = (await (await own.call('/v1/company/profiles', { method: 'POST', token, json: {} })).json()) as { id: string };
      const receivers = async (t: string) =>
        (await (await own.call('/v1/lookup/receivers?network[]=PEPPOL&bid=2223334-5', { token: t })).json()) as Receiver[];
      expect(await receivers(token)).toEqual([]);
      await own.call(`/__sandbox/profiles/${reg.id}/status`, { method: 'POST', json: { status: 'active' } });
      expect((await receivers(token)).map((r) => r.participant.name)).toEqual(['Vanha Oy']);
      const settings = {
        details: { name: 'Uusi Oy' },
        address: { country: 'FI' },
        invoice_notifications: { on_receiving: { enabled: false }, on_send_errors: { to_user: true, to_emails: [] } },
      };
      expect((await own.call('/v1/company/settings', { method: 'PATCH', token, json: settings })).status).toBe(204);
      expect((await receivers(token)).map((r) => r.participant.name)).toEqual(['Uusi Oy']);

      expect((await own.call('/__sandbox/reset', { method: 'POST' })).status).toBe(204);
      const again = await own.token(await own.company({ name: 'Toinen Oy', business_id: '2223334-5' }));
      expect(await receivers(again)).toEqual([]);
      expect(await (await own.call('/v1/company/profiles', { token: again })).json()).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
