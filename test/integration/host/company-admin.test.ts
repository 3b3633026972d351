import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyAccountView, DepartmentView, WebhookView } from '../../../shared/bridge/company-admin';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { fileTempDir } from '../../support/temp';
import { value } from './results';
import { type HostUnderTest, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
let accountId: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  const company = await sb.company({ name: 'Admin Test Oy' });
  h = await startHost(sb, company);
  accountId = h.te.account.id;
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

interface UserOut {
  id: string;
  email: string;
  first_name?: string | null;
  phone?: string | null;
  user_role?: string | null;
  notifications_disabled?: boolean;
  emails_disabled?: boolean;
}

describe('company users over HTTP', () => {
  it('adds (201 new, 200 existing), edits, changes the role and removes; the service’s 400s come back per field', async () => {
    const added = value(
      await h.call<{ user: UserOut; created: boolean }>('company.users.add', {
        accountId,
        user: { email: 'maija@example.com', first_name: 'Maija', last_name: 'Meikäläinen', phone: '' },
      }),
    );
    expect(added).toMatchObject({ created: true, user: { email: 'maija@example.com', first_name: 'Maija', phone: null } });
    const again = value(
      await h.call<{ user: UserOut; created: boolean }>('company.users.add', {
        accountId,
        user: { email: 'MAIJA@example.com', first_name: 'M' },
      }),
    );
    expect(again).toMatchObject({ created: false, user: { id: added.user.id } });

    const bad = await h.call('company.users.add', { accountId, user: { email: 'not-an-address', first_name: ' ', phone: 'call me' } });
    expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
    if (!bad.ok) expect(Object.keys(bad.error.fields ?? {}).sort()).toEqual(['email', 'first_name', 'phone']);

    const edited = value(
      await h.call<UserOut>('company.users.update', {
        accountId,
        userId: added.user.id,
        patch: { phone: '+358 40 123 4567', notifications_disabled: true, emails_disabled: false, user_role: 'user' },
      }),
    );
    expect(edited).toMatchObject({ phone: '+358 40 123 4567', notifications_disabled: true, emails_disabled: false, user_role: 'user' });
    const badPhone = await h.call('company.users.update', { accountId, userId: added.user.id, patch: { phone: 'x' } });
    expect(badPhone).toMatchObject({ ok: false, error: { status: 400, fields: { phone: expect.any(String) } } });
    expect(value(await h.call('company.users.setRole', { accountId, userId: added.user.id, role: 'admin' }))).toEqual({ saved: true });

    expect(value(await h.call('company.users.remove', { accountId, userId: added.user.id }))).toEqual({ removed: true });
    const left = value(await h.call<UserOut[]>('company.users.list', { accountId }));
    expect(left.map((u) => u.email)).not.toContain('maija@example.com');
    // The company's own API user cannot be removed: the service's 409 comes back as it is.
    const apiUser = left[0];
    expect(apiUser).toBeDefined();
    const refused = await h.call('company.users.remove', { accountId, userId: apiUser?.id });
    expect(refused).toMatchObject({ ok: false, error: { status: 409 } });
  });
});

describe('webhooks over HTTP', () => {
  it('lists, adds with the address masked, refuses http and unknown events per field, resends, removes', async () => {
    const secretUrl = 'https://erp:hunter2@hooks.example.com/einvoice?token=s3cr3t';
    const added = value(
      await h.call<WebhookView>('company.webhooks.add', {
        accountId,
        subscription: { destination_type: 'WEBHOOK', destination: secretUrl, events: ['DOCUMENTS.INVOICE.RECEIVED', 'NETWORKS.*'] },
      }),
    );
    expect(added).toMatchObject({
      destinationType: 'WEBHOOK',
      destination: 'https://erp:•••@hooks.example.com/einvoice?token=•••',
      hasSecret: true,
      events: ['DOCUMENTS.INVOICE.RECEIVED', 'NETWORKS.*'],
    });
    const list = value(await h.call<WebhookView[]>('company.webhooks.list', { accountId }));
    expect(list).toEqual([added]);
    expect(JSON.stringify(list)).not.toContain('hunter2');
    expect(JSON.stringify(list)).not.toContain('s3cr3t');

    const plain = await h.call('company.webhooks.add', {
      accountId,
      subscription: { destination_type: 'WEBHOOK', destination: 'http://hooks.example.com/x', events: ['*'] },
    });
    expect(plain).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { destination: expect.any(String) } } });
    const badEvent = await h.call('company.webhooks.add', {
      accountId,
      subscription: { destination_type: 'WEBHOOK', destination: 'https://hooks.example.com/x', events: ['INVOICES.NEW'] },
    });
    expect(badEvent).toMatchObject({ ok: false, error: { status: 400, fields: { 'events.0': expect.stringMatching(/INVOICES\.NEW/) } } });
    const vendor = await h.call('company.webhooks.add', {
      accountId,
      subscription: { destination_type: 'VENDOR_WEBHOOK', destination: 'https://hooks.example.com/v', events: ['*'] },
    });
    expect(vendor).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { vendor_key: expect.any(String) } } });

    expect(value(await h.call('company.webhooks.resend', { accountId }))).toMatchObject({ accepted: true });
    expect(value(await h.call('company.webhooks.remove', { accountId, id: added.id }))).toEqual({ removed: true });
    expect(value(await h.call('company.webhooks.list', { accountId }))).toEqual([]);
  });
});

describe('vendor link, keep active and departments over HTTP', () => {
  it('answers the link and the quiet company; linking without a vendor key is refused; keep active; unlink', async () => {
    const view = value(await h.call<CompanyAccountView>('company.account.get', { accountId }));
    expect(view).toMatchObject({ hasVendorKey: false, lastTrafficAt: null, quiet: true, vendor: { linked: expect.any(Boolean) } });
    const link = await h.call('company.vendor.link', { accountId });
    expect(link).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { vendorApiKey: expect.any(String) } } });
    const unlinked = value(await h.call<CompanyAccountView>('company.vendor.unlink', { accountId }));
    expect(unlinked.vendor).toEqual({ linked: false, vendor: null });
    const kept = value(await h.call<{ keptActiveAt: string }>('company.keepActive', { accountId }));
    expect(kept.keptActiveAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('adds a department (form fields at the service), lists it, and answers the service’s checks per field', async () => {
    const added = value(
      await h.call<DepartmentView>('company.departments.add', {
        accountId,
        department: { name: 'Purchasing', bid: '1234567-8', id_type: '0216', eaid: '003712345678PURCH', no_vat: true },
      }),
    );
    expect(added).toMatchObject({ name: 'Purchasing', bid: '1234567-8', idType: '0216', eaid: '003712345678PURCH', noVat: true });
    expect(value(await h.call<DepartmentView[]>('company.departments.list', { accountId }))).toEqual([added]);
    const short = await h.call('company.departments.add', {
      accountId,
      department: { name: 'AB', bid: '1', id_type: '0216', eaid: 'x y' },
    });
    expect(short).toMatchObject({ ok: false, error: { status: 400 } });
    if (!short.ok) expect(Object.keys(short.error.fields ?? {}).sort()).toEqual(['bid', 'eaid', 'name']);
    const clash = await h.call('company.departments.add', {
      accountId,
      department: { name: 'Other', bid: '1234567-8', id_type: '0216', eaid: '003712345678purch' },
    });
    expect(clash).toMatchObject({ ok: false, error: { status: 409 } });
  });

  it('an account with its vendor API key links, subscribes a VENDOR_WEBHOOK with that key (shown masked) and unlinks', async () => {
    const company = await sb.company({ name: 'Vendor Client Oy' });
    const account = value(
      await h.call<{ id: string }>('accounts.add', {
        environment: 'sandbox',
        url: sb.url,
        companyId: company.company_id,
        apiKey: company.api_key,
        vendorApiKey: company.vendor_api_key,
        name: 'Vendor client',
        root: fileTempDir('einvoice-vendor-root-'),
      }),
    );
    const before = value(await h.call<CompanyAccountView>('company.account.get', { accountId: account.id }));
    expect(before).toMatchObject({ hasVendorKey: true, vendor: { linked: false } });
    // Not linked yet: the service refuses the vendor subscription, and says why at vendor_key.
    const early = await h.call('company.webhooks.add', {
      accountId: account.id,
      subscription: { destination_type: 'VENDOR_WEBHOOK', destination: 'https://partner.example.com/hook', events: ['*'] },
    });
    expect(early).toMatchObject({ ok: false, error: { status: 400, fields: { vendor_key: expect.stringMatching(/link/) } } });
    const linked = value(await h.call<CompanyAccountView>('company.vendor.link', { accountId: account.id }));
    expect(linked.vendor).toEqual({ linked: true, vendor: expect.stringMatching(/…/) });
    const hook = value(
      await h.call<WebhookView>('company.webhooks.add', {
        accountId: account.id,
        subscription: { destination_type: 'VENDOR_WEBHOOK', destination: 'https://partner.example.com/hook', events: ['*'] },
      }),
    );
    expect(hook).toMatchObject({ destinationType: 'VENDOR_WEBHOOK', hasSecret: false, events: ['*'] });
    expect(hook.vendorKey).toMatch(/^.{3}….{4}$/);
    expect(JSON.stringify(hook)).not.toContain(company.vendor_api_key);
    const unlinked = value(await h.call<CompanyAccountView>('company.vendor.unlink', { accountId: account.id }));
    expect(unlinked.vendor.linked).toBe(false);
  });
});
