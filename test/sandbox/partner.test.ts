import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/invoices/', import.meta.url));
const BASE = readFileSync(`${FIXTURES}peppol-bis3/base-example.xml`);
const HOUR = 3600_000;

let sb: TestSandbox;
let office: TestCompany;
let client: TestCompany;
let unlinked: TestCompany;
let stranger: TestCompany;
let token: string;

/** A token asked the way a partner asks: with the vendor key and the partner scope. */
async function partnerToken(c: TestCompany, opts: { vendor?: boolean; scope?: string } = {}): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key });
  body.set('scope', opts.scope ?? 'partner:invoice_delivery_actions company');
  if (opts.vendor !== false) body.set('vendor_api_key', c.vendor_api_key);
  const res = await fetch(`${sb.url}/oauth2/token`, { method: 'POST', body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
const link = async (c: TestCompany) =>
  expect((await sb.call('/v1/company/vendors', { method: 'POST', token: await partnerToken(c) })).status).toBe(201);
const receive = async (c: TestCompany, receivedAt: string) => {
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: 'r.xml', data: BASE }, { received_at: receivedAt }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};
const sendAndFail = async (c: TestCompany, message: string) => {
  const own = await sb.token(c);
  const sent = (await (
    await sb.call('/v1/invoices', { method: 'POST', token: own, body: form({ name: 'i.xml', data: BASE }) })
  ).json()) as {
    id: string;
  };
  expect((await sb.call(`/__sandbox/invoices/${sent.id}/status`, { method: 'POST', json: { status: 'FAILED', message } })).status).toBe(
    200,
  );
  return sent.id;
};

beforeAll(async () => {
  sb = await startTestSandbox();
  office = await sb.company({ name: 'Tilitoimisto Oy' });
  client = await sb.company({ name: 'Asiakas Oy', vendor_api_key: office.vendor_api_key });
  unlinked = await sb.company({ name: 'Ei linkitetty Oy', vendor_api_key: office.vendor_api_key });
  stranger = await sb.company({ name: 'Muu Oy' });
  await link(client);
  await link(stranger);
  token = await partnerToken(office);
});
afterAll(async () => sb.close());

describe('partner inbound delivery actions', () => {
  it('lists received invoices of the linked companies only, naming each company, by state, on both paths', async () => {
    const now = Date.now();
    const older = await receive(client, new Date(now - 2 * HOUR).toISOString());
    const newer = await receive(client, new Date(now - HOUR).toISOString());
    await receive(unlinked, new Date(now - HOUR).toISOString());
    await receive(stranger, new Date(now - HOUR).toISOString());
    const handled = await sb.call(`/v1/invoices/${older}/invoice_events`, {
      method: 'PATCH',
      token: await sb.token(client),
      json: { state: 'HANDLED' },
    });
    expect(handled.status).toBeLessThan(300);

    for (const path of ['/v1/partner/invoice_delivery_actions/inbound', '/v1/partner/invoice_events/received']) {
      const all = await sb.call(path, { token });
      expect(all.status).toBe(200);
      const rows = (await all.json()) as { invoice_id: string; company_id: string; company_name: string; state: string }[];
      expect(rows.map((r) => [r.invoice_id, r.state])).toEqual([
        [newer, 'CREATED'],
        [older, 'HANDLED'],
      ]);
      expect(rows[0]).toMatchObject({ company_id: client.company_id, company_name: 'Asiakas Oy', company_bid: expect.any(String) });
      const open = (await (await sb.call(`${path}?state=CREATED`, { token })).json()) as { invoice_id: string }[];
      expect(open.map((r) => r.invoice_id)).toEqual([newer]);
    }
    expect((await sb.call('/v1/partner/invoice_events/received?state=OPEN', { token })).status).toBe(400);
  });

  it('pages with the headers of every list', async () => {
    const res = await sb.call('/v1/partner/invoice_events/received?per_page=1&page=2', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe('2');
    expect(res.headers.get('x-page')).toBe('2');
    expect(((await res.json()) as unknown[]).length).toBe(1);
  });

  it('refuses a token without the vendor key or without the partner scope', async () => {
    const noVendor = await sb.call('/v1/partner/invoice_events/received', { token: await partnerToken(office, { vendor: false }) });
    expect(noVendor.status).toBe(403);
    expect(((await noVendor.json()) as { details: string[] }).details[0]).toBe('vendor_api_key_required');
    const noScope = await sb.call('/v1/partner/invoice_events/received', { token: await partnerToken(office, { scope: 'company' }) });
    expect(noScope.status).toBe(403);
    expect(((await noScope.json()) as { details: string[] }).details[0]).toBe('insufficient_scope');
  });
});

describe('partner outbound errors', () => {
  it('lists failed sends of linked companies inside the time window, on both paths', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const failed = await sendAndFail(client, 'Mailbox full');
    await sendAndFail(unlinked, 'Not listed');
    for (const path of ['/v1/partner/invoice_delivery_actions/outbound_errors', '/v1/partner/invoice_events/sent_errors']) {
      const res = await sb.call(`${path}?happened_after=${encodeURIComponent(since)}`, { token });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        company_id: client.company_id,
        company_name: 'Asiakas Oy',
        invoice_id: failed,
        status: 'FAILED',
        error: 'Mailbox full',
      });
      const before = encodeURIComponent(since);
      const early = await sb.call(
        `${path}?happened_after=${encodeURIComponent(new Date(Date.now() - HOUR).toISOString())}&happened_before=${before}`,
        {
          token,
        },
      );
      expect(await early.json()).toEqual([]);
    }
  });

  it('requires happened_after and a window that runs forwards', async () => {
    const none = await sb.call('/v1/partner/invoice_events/sent_errors', { token });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { details: string[] }).details).toContain('happened_after: required');
    const backwards = await sb.call(
      '/v1/partner/invoice_events/sent_errors?happened_after=2026-01-02T00:00:00Z&happened_before=2026-01-01T00:00:00Z',
      { token },
    );
    expect(backwards.status).toBe(400);
  });
});
