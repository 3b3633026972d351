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
});
