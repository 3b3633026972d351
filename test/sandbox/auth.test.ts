import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const tokenForm = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

describe('POST /oauth2/token', () => {
  it('issues a signed JWT with the default scopes global and company when no scope is asked', async () => {
    const c = await sb.company();
    const res = await sb.call(
      '/oauth2/token',
      tokenForm({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'global company' });
    expect(String(body.access_token).split('.')).toHaveLength(3);
  });

  it('grants the requested scopes, accepts the vendor key and license_data', async () => {
    const c = await sb.company();
    const res = await sb.call(
      '/oauth2/token',
      tokenForm({
        grant_type: 'client_credentials',
        client_id: c.company_id,
        client_secret: c.api_key,
        vendor_api_key: c.vendor_api_key,
        scope: 'invoice:send lookup',
        license_data: JSON.stringify({ key: 'abc', meta: { erp_name: 'E-Invoice Sync', erp_version: '0.1.0' } }),
      }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { scope: string }).scope).toBe('invoice:send lookup');
    const seen = (await (await sb.call(`/__sandbox/companies/${c.company_id}/token-requests`)).json()) as unknown[];
    expect(seen).toEqual([
      {
        at: expect.any(String),
        scope: 'invoice:send lookup',
        vendor_api_key: true,
        license_data: JSON.stringify({ key: 'abc', meta: { erp_name: 'E-Invoice Sync', erp_version: '0.1.0' } }),
      },
    ]);
  });

  it('refuses wrong credentials, a wrong vendor key, a bad grant type, unknown scopes and bad license_data', async () => {
    const c = await sb.company();
    const base = { grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key };
    const cases: [Record<string, string>, number, string][] = [
      [{ ...base, client_secret: 'nope' }, 401, 'invalid_client'],
      [{ ...base, client_id: 'b6a2c7f0-0000-4000-8000-000000000000' }, 401, 'invalid_client'],
      [{ ...base, vendor_api_key: 'vk_wrong' }, 401, 'invalid_client'],
      [{ ...base, grant_type: 'password' }, 400, 'unsupported_grant_type'],
      [{ ...base, scope: 'invoice:send teleport' }, 400, 'invalid_scope'],
      [{ ...base, license_data: '{not json' }, 400, 'invalid_request'],
      [{ client_id: c.company_id }, 400, 'invalid_request'],
    ];
    for (const [fields, status, code] of cases) {
      const res = await sb.call('/oauth2/token', tokenForm(fields));
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(((await res.json()) as { code: string }).code).toBe(code);
    }
  });

  it('drops scopes the company may not have, and refuses when none is left', async () => {
    const c = await sb.company({ allowed_scopes: ['global'] });
    const ok = await sb.call(
      '/oauth2/token',
      tokenForm({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key, scope: 'lookup invoice:send' }),
    );
    expect(((await ok.json()) as { scope: string }).scope).toBe('lookup');
    const none = await sb.call(
      '/oauth2/token',
      tokenForm({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key, scope: 'invoice:send' }),
    );
    expect(none.status).toBe(400);
  });
});

describe('token use', () => {
  it('answers /oauth2/current, /status/authenticated and /v1/jwk for a valid token', async () => {
    const c = await sb.company({ name: 'Current Oy' });
    const token = await sb.token(c);
    const current = (await (await sb.call('/oauth2/current', { token })).json()) as {
      company: { id: string; name: string };
      scopes: string[];
    };
    expect(current.company).toMatchObject({ id: c.company_id, name: 'Current Oy' });
    expect(current.scopes).toContain('invoice:send');
    const status = (await (await sb.call('/status/authenticated', { token })).json()) as { client_id: string; expires_at: string };
    expect(status.client_id).toBe(c.company_id);
    expect(Date.parse(status.expires_at)).toBeGreaterThan(Date.now());
    const jwk = (await (await sb.call('/v1/jwk', { token })).json()) as { kty: string; kid: string }[];
    expect(jwk[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
  });

  it('tells a missing, a garbled and an expired token apart', async () => {
    const missing = await sb.call('/oauth2/current');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'Unauthorized', details: ['token_missing'] });

    const garbled = await sb.call('/oauth2/current', { token: 'abc.def.ghi' });
    expect(garbled.status).toBe(401);
    expect(await garbled.json()).toMatchObject({ details: ['token_invalid'] });

    const short = await startTestSandbox({ tokenLifetimeSec: 1 });
    try {
      const c = await short.company();
      const token = await short.token(c);
      expect((await short.call('/oauth2/current', { token })).status).toBe(200);
      await short.advanceClock(2_000);
      const expired = await short.call('/oauth2/current', { token });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(await expired.json()).toMatchObject({ code: 'Unauthorized', details: ['token_expired'] });
    } finally {
      await short.close();
    }
  });

  it('changes the token lifetime through the admin config', async () => {
    const c = await sb.company();
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 120 } });
    const res = await sb.call(
      '/oauth2/token',
      tokenForm({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key }),
    );
    expect(((await res.json()) as { expires_in: number }).expires_in).toBe(120);
    await sb.call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 3600 } });
  });
});

describe('common endpoints', () => {
  it('serves /status without a token', async () => {
    const res = await sb.call('/status?long=true');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', services: { api: 'ok' } });
    expect((await sb.call('/status?long=maybe')).status).toBe(400);
  });

  it('creates and reads ODP company records with integer ids', async () => {
    const token = await sb.token(await sb.company());
    expect((await sb.call('/odp/companies/42', { token })).status).toBe(404);
    expect((await sb.call('/odp/companies/42', { token, method: 'PATCH', json: { trusted: true } })).status).toBe(204);
    expect(await (await sb.call('/odp/companies/42', { token })).json()).toMatchObject({ id: '42', trusted: true });
    expect((await sb.call('/odp/companies/abc', { token })).status).toBe(400);
    expect((await sb.call('/odp/companies/42', { token, method: 'PATCH', json: {} })).status).toBe(400);
  });

  it('answers unknown routes with a 404 in the error shape', async () => {
    const res = await sb.call('/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
