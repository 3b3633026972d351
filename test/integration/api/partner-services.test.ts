import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, licenseData } from '../../../main/core/api';
import { ServiceError } from '../../../main/core/api/errors';
import { startTestEngine } from '../../support/engine';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';

// The API client's takeovers, sending parties, scan partner and license_data, over real HTTP to the sandbox.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const api = (c: TestCompany, vendor = true) =>
  createApi({
    hosts: { base_url: sb.url, receivables_url: sb.url, validator_url: sb.url, bling_url: sb.url },
    credentials: { companyId: c.company_id, apiKey: c.api_key, vendorApiKey: vendor ? c.vendor_api_key : null },
    licenseData: licenseData({ version: '9.8.7' }),
    retry: { initialDelayMs: 5, maxDelayMs: 50 },
  });
const tokenRequests = async (c: TestCompany) =>
  (await (await sb.call(`/__sandbox/companies/${c.company_id}/token-requests`)).json()) as {
    scope: string | null;
    license_data: string | null;
  }[];

describe('partner takeovers through the client', () => {
  it('finds the company by organisation number, starts, completes and reverts the takeover', async () => {
    const office = await sb.company({ name: 'Kirjanpito Oy' });
    const target = await sb.company({ name: 'Kohde Oy', business_id: '3333333-3' });
    const a = api(office);
    try {
      expect(await a.takeovers.available('3333333-3')).toEqual([{ companyId: target.company_id, name: null, bid: null, country: null }]);
      const t = await a.takeovers.start(target.company_id);
      expect(t).toMatchObject({ company_id: target.company_id, state: 'STARTED' });
      expect((await a.takeovers.complete(t.id)).state).toBe('COMPLETED');
      // Now one of the partner's linked companies.
      expect((await a.partner.inbound({})).items).toEqual([]);
      await a.takeovers.revert(t.id);
      expect(await a.takeovers.available('3333333-3')).toHaveLength(1);
      // Its own token for the takeover scope, beside the lists' token: both carried license_data.
      const scopes = (await tokenRequests(office)).map((r) => r.scope);
      expect(scopes).toContain('partner:takeovers');
    } finally {
      await a.close();
    }
  });

  it('says in the error what the service refused', async () => {
    const office = await sb.company();
    const a = api(office, false);
    try {
      const e = await a.takeovers.available('3333333-3').catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ServiceError);
      expect((e as ServiceError).status).toBe(403);
    } finally {
      await a.close();
    }
  });
});

describe('sending parties and the scan partner through the client', () => {
  it('registers a sending party and finds it again; refuses more than 10 identifiers before asking', async () => {
    const c = await sb.company();
    const a = api(c);
    try {
      const made = await a.lookups.registerSendingParty({ identifier: '1234567-8', country: 'FI' });
      expect(made).toMatchObject({ identifier: '1234567-8', country: 'FI' });
      expect((await a.lookups.sendingParties({ identifiers: ['1234567-8', '999'], country: 'FI' })).map((p) => p.identifier)).toEqual([
        '1234567-8',
      ]);
      expect(await a.lookups.sendingParties({ identifiers: ['1234567-8'], country: 'SE' })).toEqual([]);
      await expect(a.lookups.sendingParties({ identifiers: Array.from({ length: 11 }, (_, i) => `12345${i}`) })).rejects.toThrow(
        RangeError,
      );
    } finally {
      await a.close();
    }
  });

  it('sets, reads and removes the scan partner address of a managed company', async () => {
    const office = await sb.company();
    const managed = await sb.company({ vendor_api_key: office.vendor_api_key });
    const a = api(office);
    try {
      expect((await a.scanPartner.get(managed.company_id)).scanpartner_email_address).toBeNull();
      await a.scanPartner.set({ company_id: managed.company_id, scanpartner_email_address: 'scan@office.example' });
      expect((await a.scanPartner.get(managed.company_id)).scanpartner_email_address).toBe('scan@office.example');
      await a.scanPartner.remove(managed.company_id);
      expect((await a.scanPartner.get(managed.company_id)).scanpartner_email_address).toBeNull();
      expect((await tokenRequests(office)).map((r) => r.scope)).toContain('partner:scanpartner_scan_service');
    } finally {
      await a.close();
    }
  });
});

describe('license_data', () => {
  it('names the app and its version on every token request of an engine, sync and partner tokens alike', async () => {
    const c = await sb.company();
    const t = await startTestEngine(sb, c);
    try {
      await t.engine.syncOnce();
      await (await t.engine.api(t.account.id)).partner.inbound({}).catch(() => undefined);
      const seen = await tokenRequests(c);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      const version = (await import('../../../package.json', { with: { type: 'json' } })).default.version;
      for (const r of seen) {
        expect(JSON.parse(r.license_data ?? 'null')).toEqual({ meta: { erp_name: 'E-Invoice Sync', erp_version: version } });
      }
    } finally {
      await t.close();
    }
  });

  it('sends a license key only when one is configured', () => {
    expect(JSON.parse(licenseData({ version: '1.0.0', licenseKey: ' LK-1 ' }))).toEqual({
      key: 'LK-1',
      meta: { erp_name: 'E-Invoice Sync', erp_version: '1.0.0' },
    });
    expect(JSON.parse(licenseData({ version: '1.0.0', licenseKey: '' }))).not.toHaveProperty('key');
  });
});
