import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../sandbox/context';
import { createCompany } from '../../sandbox/routes/admin';
import { seedCompany } from '../../sandbox/seed/company';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
let token: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  const c = createCompany(sb.ctx, { name: 'Siemen Oy', country: 'FI', business_id: '2845672-9', vat: 'FI28456729' });
  await seedCompany(sb.ctx, c, seededRandom(7));
  token = await sb.token({ company_id: c.id, api_key: c.api_key, vendor_api_key: c.vendor_api_key });
});
afterAll(async () => sb.close());

const get = async <T>(path: string) => (await (await sb.call(path, { token })).json()) as T;

describe('seedCompany', () => {
  it('registers VENDORNET and PEPPOL invoices active, orders pending and invoice responses in error', async () => {
    const regs =
      await get<
        { network: string; profiles: string[]; status: string; profile_version: string | null; last_event: { message: string } | null }[]
      >('/v1/company/profiles');
    expect(regs.map((r) => [r.network, r.profiles[0], r.status])).toEqual([
      ['VENDORNET', 'INVOICE_AND_CREDIT_NOTE', 'active'],
      ['PEPPOL', 'INVOICE_AND_CREDIT_NOTE', 'active'],
      ['PEPPOL', 'ORDER', 'pending'],
      ['PEPPOL', 'INVOICE_RESPONSE', 'error'],
    ]);
    expect(regs[2]?.profile_version).toBe('PEPPOLBIS30');
    expect(regs[3]?.last_event?.message).toMatch(/SMP registration rejected/);
  });

  it('fills in the settings, adds two users beside the API user and one webhook subscription', async () => {
    const settings = await get<Record<string, Record<string, unknown>>>('/v1/company/settings');
    expect(settings.details).toMatchObject({ name: 'Siemen Oy', email: 'laskutus@siemen-oy.example' });
    expect(settings.address).toMatchObject({ post_office: 'Helsinki', country: 'FI' });
    expect(settings.send_invoice_email).toMatchObject({ enabled: true, how_to_send: 'WITH_LINK' });
    const users = await get<{ email: string; user_role: string }[]>('/v1/company/users');
    expect(users.map((u) => u.user_role)).toEqual(['admin', 'admin', 'user']);
    const subs = await get<{ destination: string; events: string[] }[]>('/v1/company/notifications');
    expect(subs).toHaveLength(1);
    expect(subs[0]?.destination).toMatch(/^https:\/\/hooks\.siemen-oy\.example\/einvoice\?secret=[0-9a-f]{8}$/);
  });

  it('makes the company a PEPPOL receiver that lookups find', async () => {
    const receivers = await get<{ network: string; document_types: { document_type: string }[] }[]>(
      '/v1/lookup/receivers?network[]=PEPPOL&eia=0216:003728456729',
    );
    expect(receivers).toHaveLength(1);
    expect(receivers[0]?.document_types.map((d) => d.document_type)).toEqual(['INVOICE', 'CREDIT_NOTE']);
  });
});
