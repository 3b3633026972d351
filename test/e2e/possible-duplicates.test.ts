import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../shared/bridge';
import { ubl } from '../support/small-ubl';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, screenshot, seriousViolations } from './support/browser';
import { bridgeCall, sandboxKeyHeader } from './support/host';

// Issue 42 item 3 in Chromium: the same invoice received twice shows as a possible duplicate in the list
// and the detail, links to the other, and the user's "not a duplicate" is kept.
describe.skipIf(!hasChromium)('possible duplicates (Chromium)', { timeout: 240_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  let sb: string;
  let account: AccountView;

  const deliver = async (xml: string, name: string) => {
    const fd = new FormData();
    fd.append('file', new Blob([xml], { type: 'application/xml' }), name);
    const res = await fetch(`${sb}/__sandbox/companies/${account.companyId}/received-invoices`, {
      method: 'POST',
      body: fd,
      headers: sandboxKeyHeader((app as DemoApp).host),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  };

  beforeAll(async () => {
    app = await openDemoApp();
    page = app.page;
    sb = (await bridgeCall<{ embeddedSandboxUrl: string }>(app.host, 'app.info')).embeddedSandboxUrl;
    account = (await bridgeCall<AccountView[]>(app.host, 'accounts.list'))[0] as AccountView;
  }, 180_000);
  afterAll(() => closeDemoApp(app));

  it('marks both copies in the list and the detail, links one to the other, and keeps "not a duplicate"', async () => {
    await deliver(ubl('DUP-4242', '1234567-8', '1656.25', 'Sent by Peppol'), 'dup-1.xml');
    await bridgeCall(app!.host, 'sync.now', { accountId: account.id });
    await deliver(ubl('DUP-4242', 'FI12345678', '1656.25', 'Resent by e-mail'), 'dup-2.xml');
    await bridgeCall(app!.host, 'sync.now', { accountId: account.id });

    await goTo(page, 'invoices');
    const list = page.locator('main .vlist');
    await expect
      .poll(
        async () => {
          await page.getByLabel('Search').fill('');
          await page.getByLabel('Search').fill('DUP-4242');
          await page.waitForTimeout(500);
          return list.locator('.vlist-row .inv-duplicate').count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(2);
    expect(await list.locator('.vlist-row').count()).toBe(2);
    expect(await list.locator('.vlist-row .inv-duplicate').first().textContent()).toContain('Possible duplicate');

    await list.locator('.vlist-row').first().click();
    const section = page.getByRole('region', { name: 'Possible duplicate' });
    await section.waitFor();
    // Each copy's note tells them apart (they arrive within the same minute).
    const detail = page.locator('section.detail');
    await detail
      .getByText(/Sent by Peppol|Resent by e-mail/)
      .first()
      .waitFor();
    const firstNote = (await detail.textContent())?.includes('Sent by Peppol') ? 'Sent by Peppol' : 'Resent by e-mail';
    const otherNote = firstNote === 'Sent by Peppol' ? 'Resent by e-mail' : 'Sent by Peppol';
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'possible-duplicate');

    // The link opens the other copy.
    await section.getByRole('button', { name: /^Open DUP-4242, received / }).click();
    await detail.getByText(otherNote).waitFor();
    expect(await detail.getByText(firstNote).count()).toBe(0);
    await page.getByRole('region', { name: 'Possible duplicate' }).waitFor();

    await page.getByRole('region', { name: 'Possible duplicate' }).getByRole('button', { name: 'Not a duplicate' }).click();
    await page.getByText('You marked this invoice as not a duplicate.').waitFor();

    // Kept by the host: a reload reads the mark back, and neither copy is marked in the list any more.
    await page.reload();
    await goTo(page, 'invoices');
    await page.getByLabel('Search').fill('DUP-4242');
    await expect.poll(() => list.locator('.vlist-row').count(), { timeout: 30_000 }).toBe(2);
    expect(await list.locator('.vlist-row .inv-duplicate').count()).toBe(0);
    // Nothing was handled for the user: both rows still read as not handled.
    expect(await list.locator('.vlist-row .inv-party.is-unhandled').count()).toBe(2);
  });

  it('rejects an invoice with a reason and a text, and shows the answer on the invoice and in the list', async () => {
    // Issue 42 item 1 in the same host session: answered from its detail, shown there and in the list.
    const host = (app as DemoApp).host;
    const admin = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
      const headers: Record<string, string> = { ...sandboxKeyHeader(host), ...(init.json ? { 'content-type': 'application/json' } : {}) };
      return fetch(`${sb}${path}`, { ...init, headers, body: init.json ? JSON.stringify(init.json) : init.body });
    };
    // The seller's address (0216:003712345678) receives invoice responses.
    const seller = (await (
      await admin('/__sandbox/companies', { method: 'POST', json: { name: 'Toimittaja Oy', country: 'FI', business_id: '1234567-8' } })
    ).json()) as {
      company_id: string;
      api_key: string;
    };
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: seller.company_id, client_secret: seller.api_key });
    const token = (
      (await (await fetch(`${sb}/oauth2/token`, { method: 'POST', body: form, headers: sandboxKeyHeader(host) })).json()) as {
        access_token: string;
      }
    ).access_token;
    const reg = (await (
      await fetch(`${sb}/v1/company/profiles`, {
        method: 'POST',
        headers: { ...sandboxKeyHeader(host), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ profiles: ['INVOICE_RESPONSE'] }),
      })
    ).json()) as { id: string };
    expect((await admin(`/__sandbox/profiles/${reg.id}/status`, { method: 'POST', json: { status: 'active' } })).status).toBe(200);
    const fd = new FormData();
    fd.append('file', new Blob([ubl('ANS-4242', '1234567-8', '99.00', 'To be answered')], { type: 'application/xml' }), 'ans.xml');
    expect((await admin(`/__sandbox/companies/${account.companyId}/received-invoices`, { method: 'POST', body: fd })).status).toBe(201);
    await bridgeCall(host, 'sync.now', { accountId: account.id });

    await goTo(page, 'invoices');
    const list = page.locator('main .vlist');
    await expect
      .poll(
        async () => {
          await page.getByLabel('Search').fill('');
          await page.getByLabel('Search').fill('ANS-4242');
          await page.waitForTimeout(500);
          return list.locator('.vlist-row').count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(1);
    await list.locator('.vlist-row').first().click();
    const answers = page.getByRole('region', { name: 'Your answers to the seller' });
    await answers.waitFor();
    await answers.getByLabel('Rejected').check();
    await answers.getByLabel('Reason').selectOption('PRI');
    await answers.getByLabel('In your words (optional)').fill('Not the agreed price');
    await answers.getByRole('button', { name: 'Send answer' }).click();
    await answers.getByText(/The answer is in the Outbox/).waitFor();
    await answers.locator('li[data-answer="RE"]').waitFor();
    expect(await answers.locator('li[data-answer="RE"]').textContent()).toContain('Prices incorrect');
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => list.locator('.vlist-row [data-answer="RE"]').count(), { timeout: 30_000 }).toBe(1);
  });
});
