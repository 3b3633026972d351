import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

interface Sub {
  id: string;
  destination_type: string;
  destination: string;
  vendor_key: string | null;
  events: string[];
}
interface ErrorBody {
  code?: string;
  message: string;
  details?: string[];
}
interface LoggedEvent {
  event: string;
  subscription_ids: string[];
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function api<T = Sub & ErrorBody>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const res = await sb.call(path, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const subscribe = (token: string, json: unknown) => api('/v1/company/notifications', { method: 'POST', token, json });
const eventsOf = async (c: TestCompany) => (await api<LoggedEvent[]>(`/__sandbox/companies/${c.company_id}/notification_events`)).body;

async function vendorToken(c: TestCompany): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: c.company_id,
    client_secret: c.api_key,
    vendor_api_key: c.vendor_api_key,
  });
  return ((await (await sb.call('/oauth2/token', { method: 'POST', body })).json()) as { access_token: string }).access_token;
}

describe('notification subscriptions', () => {
  it('creates (201), lists, reads and deletes (204) a webhook subscription', async () => {
    const token = await sb.token(await sb.company());
    const destination = 'https://hook:s3cret@hooks.example.com/einvoice?secret=abc';
    const made = await subscribe(token, { destination_type: 'WEBHOOK', destination, events: ['DOCUMENTS.INVOICE.RECEIVED', 'NETWORKS.*'] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      destination_type: 'WEBHOOK',
      destination,
      vendor_key: null,
      events: ['DOCUMENTS.INVOICE.RECEIVED', 'NETWORKS.*'],
    });
    expect((await api<Sub[]>('/v1/company/notifications', { token })).body.map((s) => s.id)).toEqual([made.body.id]);
    expect((await api(`/v1/company/notifications/${made.body.id}`, { token })).body.destination).toBe(destination);
    expect((await api(`/v1/company/notifications/${made.body.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/v1/company/notifications/${made.body.id}`, { token })).status).toBe(404);
    expect((await api<Sub[]>('/v1/company/notifications', { token })).body).toEqual([]);
  });

  it('accepts every wildcard form of the spec and refuses names the service never emits', async () => {
    const token = await sb.token(await sb.company());
    const ok = [
      '*',
      'NETWORKS.*',
      'DOCUMENTS.*.*',
      'DOCUMENTS.*.FAILED',
      'DOCUMENTS.ORDER.*',
      'NETWORKS.PEPPOL.ENABLED',
      'COMPANIES.AUTHORIZATION.*',
      'UNACKNOWLEDGED_WEBHOOKS',
    ];
    expect((await subscribe(token, { destination_type: 'WEBHOOK', destination: 'https://h.example.com/', events: ok })).status).toBe(201);
    const bad = await subscribe(token, {
      destination_type: 'WEBHOOK',
      destination: 'https://h.example.com/',
      events: ['DOCUMENTS.INVOICE.SHIPPED', 'NETWORKS.MARS.CREATED', 'INVOICES.*', 'DOCUMENTS.INVOICE', 'NETWORKS.PEPPOL.CREATED.NOW'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      "events.0: 'DOCUMENTS.INVOICE.SHIPPED' 'SHIPPED' is not one of DELIVERED, DELIVERY_CONFIRMED, FAILED, RECEIVED",
      "events.1: 'NETWORKS.MARS.CREATED' 'MARS' is not a network",
      "events.2: 'INVOICES.*' must start with DOCUMENTS, NETWORKS or COMPANIES, or be UNACKNOWLEDGED_WEBHOOKS or *",
      "events.3: 'DOCUMENTS.INVOICE' must be DOCUMENTS.<document type>.<event> or DOCUMENTS.*",
      "events.4: 'NETWORKS.PEPPOL.CREATED.NOW' has too many parts",
    ]);
  });

  it('requires an https destination, the destination type and at least one event', async () => {
    const token = await sb.token(await sb.company());
    const res = await subscribe(token, { destination: 'http://hooks.example.com/', events: [] });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      'destination_type: required',
      'destination: must be an https:// URL',
      'events: must name at least one event',
    ]);
    expect(
      (await subscribe(token, { destination_type: 'EMAIL', destination: 'https://h.example.com', events: ['*'] })).body.details,
    ).toEqual(['destination_type: must be one of WEBHOOK, VENDOR_WEBHOOK']);
  });

  it('takes vendor_key only for VENDOR_WEBHOOK, and only from a company linked to that key', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const hook = { destination: 'https://partner.example.com/hook', events: ['*'] };
    const cases: [unknown, string][] = [
      [{ ...hook, destination_type: 'WEBHOOK', vendor_key: c.vendor_api_key }, 'vendor_key: only for destination_type VENDOR_WEBHOOK'],
      [{ ...hook, destination_type: 'VENDOR_WEBHOOK' }, 'vendor_key: required for VENDOR_WEBHOOK'],
      [
        { ...hook, destination_type: 'VENDOR_WEBHOOK', vendor_key: 'vk_other' },
        'vendor_key: not the vendor key this company was issued with',
      ],
      [
        { ...hook, destination_type: 'VENDOR_WEBHOOK', vendor_key: c.vendor_api_key },
        'vendor_key: link the company first with POST /v1/company/vendors',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await subscribe(token, body);
      expect(res.status, detail).toBe(400);
      expect(res.body.details).toEqual([detail]);
    }
    expect((await api('/v1/company/vendors', { method: 'POST', token: await vendorToken(c) })).status).toBe(201);
    const made = await subscribe(token, { ...hook, destination_type: 'VENDOR_WEBHOOK', vendor_key: c.vendor_api_key });
    expect(made.status).toBe(201);
    expect(made.body.vendor_key).toBe(c.vendor_api_key);
  });

  it('logs events with the subscriptions they would reach: own webhooks, and vendor webhooks of linked companies', async () => {
    const partner = await sb.company();
    const client = await sb.company({ vendor_api_key: partner.vendor_api_key });
    const loner = await sb.company();
    await api('/v1/company/vendors', { method: 'POST', token: await vendorToken(partner) });
    await api('/v1/company/vendors', { method: 'POST', token: await vendorToken(client) });
    const vendorHook = (
      await subscribe(await sb.token(partner), {
        destination_type: 'VENDOR_WEBHOOK',
        destination: 'https://partner.example.com/hook',
        vendor_key: partner.vendor_api_key,
        events: ['NETWORKS.*.CREATED'],
      })
    ).body;
    const clientToken = await sb.token(client);
    const ownHook = (
      await subscribe(clientToken, {
        destination_type: 'WEBHOOK',
        destination: 'https://client.example.com/',
        events: ['NETWORKS.PEPPOL.*'],
      })
    ).body;
    expect((await api('/v1/company/profiles', { method: 'POST', token: clientToken, json: {} })).status).toBe(201);
    expect(await eventsOf(client)).toEqual([
      expect.objectContaining({ event: 'NETWORKS.VENDORNET.CREATED', subscription_ids: [vendorHook.id] }),
      expect.objectContaining({ event: 'NETWORKS.PEPPOL.CREATED', subscription_ids: [vendorHook.id, ownHook.id] }),
    ]);
    await api('/v1/company/profiles', { method: 'POST', token: await sb.token(loner), json: {} });
    expect((await eventsOf(loner)).every((e) => e.subscription_ids.length === 0)).toBe(true);
  });

  it('accepts resend_unacknowledged with 200', async () => {
    const token = await sb.token(await sb.company());
    const res = await api<Record<string, unknown>>('/v1/company/notifications_resend_unacknowledged', { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', unacknowledged_events: 0 });
  });

  it("answers 404 for another company's subscription and checks scopes", async () => {
    const a = await sb.company();
    const tokenA = await sb.token(a);
    const tokenB = await sb.token(await sb.company());
    const sub = (await subscribe(tokenA, { destination_type: 'WEBHOOK', destination: 'https://a.example.com/', events: ['*'] })).body;
    expect((await api(`/v1/company/notifications/${sub.id}`, { token: tokenB })).status).toBe(404);
    expect((await api(`/v1/company/notifications/${sub.id}`, { method: 'DELETE', token: tokenB })).status).toBe(404);
    expect((await api<Sub[]>('/v1/company/notifications', { token: tokenB })).body).toEqual([]);
    expect((await api('/v1/company/notifications', { token: await sb.token(a, 'lookup') })).status).toBe(403);
    const global = await sb.token(a, 'global');
    expect((await api('/v1/company/notifications', { token: global })).status).toBe(200);
    expect((await subscribe(global, { destination_type: 'WEBHOOK', destination: 'https://a.example.com/', events: ['*'] })).status).toBe(
      403,
    );
    expect((await api('/v1/company/notifications_resend_unacknowledged', { method: 'POST', token: global })).status).toBe(403);
  });
});
