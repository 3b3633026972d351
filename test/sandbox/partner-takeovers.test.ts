import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

/** A token asked the way a partner asks: with its vendor key and the takeover scope. */
async function partnerToken(c: TestCompany, scope = 'partner:takeovers partner:invoice_delivery_actions', vendor = true) {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key, scope });
  if (vendor) body.set('vendor_api_key', c.vendor_api_key);
  const res = await fetch(`${sb.url}/oauth2/token`, { method: 'POST', body });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}
const linkedIds = async (token: string) =>
  ((await (await sb.call('/v1/partner/invoice_delivery_actions/inbound', { token })).json()) as unknown[]).length;

describe('partner takeovers', () => {
  it('finds, starts, completes and reverts: the company moves to the partner and back', async () => {
    const office = await sb.company({ name: 'Uusi Tilitoimisto Oy' });
    const before = await sb.company({ name: 'Vanha Tilitoimisto Oy' });
    const target = await sb.company({ name: 'Siirtyvä Oy', business_id: '7654321-0', vendor_api_key: before.vendor_api_key });
    const token = await partnerToken(office);
    const find = async (query: string) => sb.call(`/v1/partner/takeovers/companies?query=${encodeURIComponent(query)}`, { token });

    // The organisation number compares without spaces, hyphens and dots.
    expect(await (await find('7654321-0')).json()).toEqual([target.company_id]);
    expect(await (await find('76543210')).json()).toEqual([target.company_id]);
    expect(await (await find('1111111-1')).json()).toEqual([]);

    const started = await sb.call('/v1/partner/takeovers', { token, method: 'POST', json: { company_id: target.company_id } });
    expect(started.status).toBe(201);
    const t = (await started.json()) as { id: string; state: string; company_id: string };
    expect(t).toMatchObject({ company_id: target.company_id, state: 'STARTED' });
    // Reserved while under way; starting again (a lost answer) gives the same takeover.
    expect(await (await find('7654321-0')).json()).toEqual([]);
    const again = await sb.call('/v1/partner/takeovers', { token, method: 'POST', json: { company_id: target.company_id } });
    expect(((await again.json()) as { id: string }).id).toBe(t.id);
    const rival = await sb.company();
    const rivalStart = await sb.call('/v1/partner/takeovers', {
      token: await partnerToken(rival),
      method: 'POST',
      json: { company_id: target.company_id },
    });
    expect(rivalStart.status).toBe(409);

    const done = await sb.call(`/v1/partner/takeovers/${t.id}/complete`, { token, method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: t.id, state: 'COMPLETED', completed_at: expect.any(String) });
    // The company is now the partner's: its token needs the new vendor key, the old one is refused.
    const withKey = (vendor_api_key: string) =>
      fetch(`${sb.url}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: target.company_id,
          client_secret: target.api_key,
          vendor_api_key,
        }),
      });
    expect((await withKey(office.vendor_api_key)).status).toBe(200);
    expect((await withKey(before.vendor_api_key)).status).toBe(401);
    expect((await sb.call('/v1/partner/invoice_delivery_actions/inbound', { token })).status).toBe(200);
    expect(await linkedIds(token)).toBe(0); // linked, with nothing received yet: the list answers, empty

    expect((await sb.call(`/v1/partner/takeovers/${t.id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await withKey(before.vendor_api_key)).status).toBe(200);
    expect((await withKey(office.vendor_api_key)).status).toBe(401);
    expect(await (await find('7654321-0')).json()).toEqual([target.company_id]);
    // A reverted takeover cannot be completed; reverting again changes nothing.
    expect((await sb.call(`/v1/partner/takeovers/${t.id}/complete`, { token, method: 'POST' })).status).toBe(409);
    expect((await sb.call(`/v1/partner/takeovers/${t.id}`, { token, method: 'DELETE' })).status).toBe(204);
  });

  it('refuses without the scope, without the vendor key, bad input, and another partner’s takeover', async () => {
    const office = await sb.company();
    const target = await sb.company({ business_id: '2222222-2' });
    const token = await partnerToken(office);
    expect((await sb.call('/v1/partner/takeovers/companies?query=2222222-2', { token: await sb.token(office) })).status).toBe(403);
    const noVendor = await sb.call('/v1/partner/takeovers/companies?query=2222222-2', {
      token: await partnerToken(office, 'partner:takeovers', false),
    });
    expect(noVendor.status).toBe(403);
    expect(((await noVendor.json()) as { details: string[] }).details[0]).toBe('vendor_api_key_required');
    for (const path of [
      '/v1/partner/takeovers/companies',
      '/v1/partner/takeovers/companies?query=!',
      '/v1/partner/takeovers/companies?query=2222222-2&x=1',
    ]) {
      expect((await sb.call(path, { token })).status, path).toBe(400);
    }
    for (const json of [{}, { company_id: target.company_id, extra: 1 }, { company_id: 5 }]) {
      expect((await sb.call('/v1/partner/takeovers', { token, method: 'POST', json })).status, JSON.stringify(json)).toBe(400);
    }
    const unknown = { company_id: 'b6a2c7f0-0000-4000-8000-000000000000' };
    expect((await sb.call('/v1/partner/takeovers', { token, method: 'POST', json: unknown })).status).toBe(404);
    // The partner's own company is not one it can take over.
    expect((await sb.call('/v1/partner/takeovers', { token, method: 'POST', json: { company_id: office.company_id } })).status).toBe(404);
    const t = (await (
      await sb.call('/v1/partner/takeovers', { token, method: 'POST', json: { company_id: target.company_id } })
    ).json()) as { id: string };
    const other = await partnerToken(await sb.company());
    expect((await sb.call(`/v1/partner/takeovers/${t.id}/complete`, { token: other, method: 'POST' })).status).toBe(404);
    expect((await sb.call(`/v1/partner/takeovers/${t.id}`, { token: other, method: 'DELETE' })).status).toBe(404);
    expect((await sb.call('/v1/partner/takeovers/nope/complete', { token, method: 'POST' })).status).toBe(404);
    // Cancelling a started one moves nothing and frees the company.
    expect((await sb.call(`/v1/partner/takeovers/${t.id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect(await (await sb.call('/v1/partner/takeovers/companies?query=2222222-2', { token })).json()).toEqual([target.company_id]);
  });
});
