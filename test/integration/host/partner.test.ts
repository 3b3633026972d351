import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NeedsPersonView } from '../../../shared/bridge/needs-person';
import type { PartnerErrorView, PartnerInboundView, PartnerListView, PartnerLookupView } from '../../../shared/bridge/partner';
import { FIXTURES, startTestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { fileTempDir } from '../../support/temp';
import { overIpc } from './over-ipc';
import { value } from './results';
import { type HostUnderTest, receive, startHost } from './setup';

// Issue 13 item 6, the accountant's cockpit, through the real bridge over HTTP (and IPC) and the sandbox.

let sb: TestSandbox;
let h: HostUnderTest;
let office: TestCompany;
let client: TestCompany;
let other: TestCompany;
let clientAccountId: string;
/** The engine's clock runs this far ahead: delivery checks wait a minute between asks, the test does not. */
let skew = 0;
const HOUR = 3600_000;
const XML = join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml');

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A client company links itself to the office's vendor key, as its own admin would. */
async function linkToVendor(c: TestCompany): Promise<void> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key });
  body.set('vendor_api_key', c.vendor_api_key);
  const token = ((await (await fetch(`${sb.url}/oauth2/token`, { method: 'POST', body })).json()) as { access_token: string }).access_token;
  expect((await sb.call('/v1/company/vendors', { method: 'POST', token })).status).toBe(201);
}

beforeAll(async () => {
  sb = await startTestSandbox();
  office = await sb.company({ name: 'Tilitoimisto Oy', business_id: '2222222-2' });
  client = await sb.company({ name: 'Asiakas Oy', business_id: '3333333-3', vendor_api_key: office.vendor_api_key });
  other = await sb.company({ name: 'Toinen Oy', business_id: '4444444-4', vendor_api_key: office.vendor_api_key });
  const te = await startTestEngine(sb, office, { name: 'Office', stableMs: 50, now: () => Date.now() + skew });
  h = await startHost(sb, office, te);
  // The office account was added without its vendor key: it gets it in place, which links the office too.
  value(await h.call('company.vendor.addKey', { accountId: te.account.id, vendorApiKey: office.vendor_api_key }));
  await linkToVendor(client);
  await linkToVendor(other);
  clientAccountId = value(
    await h.call<{ id: string }>('accounts.add', {
      environment: 'sandbox',
      url: sb.url,
      companyId: client.company_id,
      apiKey: client.api_key,
      name: 'Asiakas',
      root: fileTempDir('einvoice-client-root-'),
    }),
  ).id;
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

describe('the partner lists over HTTP', () => {
  it('names the accounts with a vendor key', async () => {
    expect(value(await h.call('partner.accounts', {}))).toEqual([
      { accountId: h.te.account.id, name: 'Office', companyId: office.company_id },
    ]);
  });

  it("lists the linked companies' received invoices in the window, each naming its company and whether it is synced here", async () => {
    const forClient = await receive(sb, client, 'peppol-bis3/base-example.xml');
    const forOther = await receive(sb, other, 'peppol-bis3/base-example.xml');
    const list = value(
      await h.call<PartnerListView<PartnerInboundView>>('partner.inbound', { accountId: h.te.account.id, after: ago(24 * HOUR) }),
    );
    expect(list.truncated).toBe(false);
    const byInvoice = new Map(list.items.map((r) => [r.invoiceId, r]));
    expect(byInvoice.get(forClient)).toMatchObject({
      companyId: client.company_id,
      companyName: 'Asiakas Oy',
      companyBid: '3333333-3',
      state: 'CREATED',
      syncedBy: { accountId: clientAccountId, name: 'Asiakas' },
    });
    expect(byInvoice.get(forOther)).toMatchObject({ companyName: 'Toinen Oy', syncedBy: null });
    const handled = value(
      await h.call<PartnerListView<PartnerInboundView>>('partner.inbound', {
        accountId: h.te.account.id,
        after: ago(24 * HOUR),
        state: 'HANDLED',
      }),
    );
    expect(handled.items).toEqual([]);
    const earlier = value(
      await h.call<PartnerListView<PartnerInboundView>>('partner.inbound', {
        accountId: h.te.account.id,
        after: ago(48 * HOUR),
        before: ago(24 * HOUR),
      }),
    );
    expect(earlier.items).toEqual([]);
  });

  it('lists failed sends of the linked companies in the window', async () => {
    const token = await sb.token(other);
    const sent = (await (
      await sb.call('/v1/invoices', { method: 'POST', token, body: form({ name: 'i.xml', data: await readFile(XML) }) })
    ).json()) as { id: string };
    await sb.call(`/__sandbox/invoices/${sent.id}/status`, { method: 'POST', json: { status: 'FAILED', message: 'Mailbox full' } });
    const list = value(
      await h.call<PartnerListView<PartnerErrorView>>('partner.outboundErrors', { accountId: h.te.account.id, after: ago(HOUR) }),
    );
    expect(list.items).toEqual([
      expect.objectContaining({ invoiceId: sent.id, companyName: 'Toinen Oy', error: 'Mailbox full', status: 'FAILED', syncedBy: null }),
    ]);
    const backwards = await h.call('partner.outboundErrors', { accountId: h.te.account.id, after: ago(0), before: ago(HOUR) });
    expect(backwards).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { before: expect.any(String) } } });
  });

  it('looks companies up by business id (at most 10), marking the synced ones; an account without a vendor key is told', async () => {
    const found = value(
      await h.call<PartnerLookupView[]>('partner.lookup', {
        accountId: h.te.account.id,
        businessIds: ['3333333-3', '4444444-4', '9999999-9'],
        country: 'FI',
      }),
    );
    expect(found.map((c) => [c.companyName, c.syncedBy?.name ?? null]).sort()).toEqual([
      ['Asiakas Oy', 'Asiakas'],
      ['Toinen Oy', null],
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => `100000${i}-1`);
    const tooMany = await h.call('partner.lookup', { accountId: h.te.account.id, businessIds: eleven, country: 'FI' });
    expect(tooMany).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { businessIds: expect.stringMatching(/10/) } } });
    const noKey = await h.call('partner.inbound', { accountId: clientAccountId, after: ago(HOUR) });
    expect(noKey).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'This account has no vendor API key' } });
  });
});

describe('what needs a person, across every account', () => {
  it('counts held and refused uploads and failed deliveries per company, the company with most first', async () => {
    const root = value(await h.call<{ id: string; root: string }[]>('accounts.list', {})).find((a) => a.id === clientAccountId)?.root ?? '';
    const xml = await readFile(XML);
    await writeFile(join(root, 'Outbox', 'Invoices', 'customer.xml'), xml);
    await h.te.engine.syncOnce();
    const sent = h.te.engine.store.outbox.listByStates(clientAccountId, ['done'])[0];
    expect(sent?.remoteId).toBeTruthy();
    await sb.call(`/__sandbox/invoices/${sent?.remoteId}/status`, {
      method: 'POST',
      json: { status: 'FAILED', message: 'No such address' },
    });
    skew += 61_000;
    await writeFile(join(root, 'Outbox', 'Invoices', 'copy.xml'), xml);
    await writeFile(join(root, 'Outbox', 'Invoices', 'empty.xml'), '');
    await h.te.engine.syncOnce();

    const view = value(await h.call<NeedsPersonView>('overview.needsPerson', {}));
    expect(view.accounts).toBe(2);
    expect(view.companies.map((c) => c.name)).toEqual(['Asiakas']);
    expect(view.companies[0]).toMatchObject({
      accountId: clientAccountId,
      counts: { heldUploads: 1, failedUploads: 1, reroutes: 1 },
      total: 3,
    });
    expect(view.totals).toMatchObject({ heldUploads: 1, failedUploads: 1, reroutes: 1, syncStopped: 0 });
    expect(view.available).toEqual(expect.arrayContaining(['heldUploads', 'failedUploads', 'reroutes', 'detectWarnings', 'quietCompany']));
  });

  it('answers the same over the Electron IPC invoke channel, and refuses bad input before the engine', async () => {
    await overIpc(h, async (invoke) => {
      expect(value(await invoke('overview.needsPerson', {}))).toMatchObject({ companies: [expect.objectContaining({ name: 'Asiakas' })] });
      expect(value(await invoke('partner.accounts', {}))).toHaveLength(1);
      const bad = await invoke('partner.outboundErrors', { accountId: h.te.account.id, after: 'yesterday' });
      expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { after: expect.any(String) } } });
    });
  });
});
