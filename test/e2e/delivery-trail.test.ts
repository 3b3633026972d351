import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRow, InvoicePage } from '../../shared/bridge/views';
import { closeDemoApp, type DemoApp, openDemoApp, waitForMirror } from './support/app';
import { goTo, hasChromium, openApp, screenshot, seriousViolations, setLanguage } from './support/browser';
import { bridgeCall } from './support/host';

const LANGS = ['fi', 'sv', 'nb', 'en'] as const;

/** Opens an item by its address, as a shared link would, and waits for its trail to be read. */
async function openTrail(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.locator('.delivery-trail ol.trail li').first().waitFor();
}

/** The times of the trail's entries as shown, in order. */
const trailTimes = (page: Page) =>
  page.locator('.delivery-trail ol.trail li time').evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));

// The Sent page's invoice and document detail: every step the service recorded, newest first, with
// route and errors; "Mark as delivered" on a DELIVERED document, and the 409 when it no longer is.
describe.skipIf(!hasChromium)('the delivery trail of sent items (Chromium)', { timeout: 240_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  let accountId: string;
  let failedInvoice: string;
  let delivered: string[];

  beforeAll(async () => {
    app = await openDemoApp();
    page = app.page;
    const [account] = await bridgeCall<{ id: string }[]>(app.host, 'accounts.list');
    accountId = account?.id ?? '';
    const failed = await bridgeCall<InvoicePage>(app.host, 'invoices.list', {
      accountId,
      filter: { direction: 'SENT', status: 'FAILED' },
      limit: 1,
    });
    failedInvoice = failed.items[0]?.id ?? '';
    const docs = await bridgeCall<{ items: DocumentRow[] }>(app.host, 'documents.list', { accountId, direction: 'SENT', limit: 100 });
    delivered = docs.items.filter((d) => d.status === 'DELIVERED').map((d) => d.id);
    expect(failedInvoice).not.toBe('');
    expect(delivered.length).toBeGreaterThanOrEqual(2);
  }, 240_000);

  afterAll(() => closeDemoApp(app));

  it("a failed sent invoice's trail: newest first, its route, and the error", async () => {
    await goTo(page, 'sent');
    await openTrail(page, `#/sent/invoices/${failedInvoice}`);
    const times = await trailTimes(page);
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const trail = page.getByRole('region', { name: 'Delivery trail' });
    await trail.locator('li[data-type="ERROR"]').filter({ hasText: 'Error:' }).first().waitFor();
    await trail.locator('li[data-type="SENT"]').filter({ hasText: 'Channel:' }).first().waitFor();
    expect(await trail.locator('li[data-type="CREATED"]').last().isVisible()).toBe(true);
  });

  it('marks a DELIVERED document as delivered after a confirmation', async () => {
    await openTrail(page, `#/sent/documents/${delivered[0]}`);
    const trail = page.getByRole('region', { name: 'Delivery trail' });
    await trail.getByRole('button', { name: 'Mark as delivered' }).click();
    await trail
      .getByRole('group', { name: /^Mark as delivered\?/ })
      .getByRole('button', { name: 'Mark as delivered' })
      .click();
    await trail.getByRole('status').filter({ hasText: 'Marked as delivered.' }).waitFor();
    await trail.locator('ol.trail li').first().and(page.locator('[data-type="DELIVERY_CONFIRMED"]')).waitFor();
  });

  it('says plainly when the document is no longer DELIVERED (409)', async () => {
    await openTrail(page, `#/sent/documents/${delivered[1]}`);
    const trail = page.getByRole('region', { name: 'Delivery trail' });
    await trail.getByRole('button', { name: 'Mark as delivered' }).waitFor();
    // Meanwhile the delivery was confirmed elsewhere (another client of the company).
    await bridgeCall(app?.host as DemoApp['host'], 'documents.confirmDelivery', { accountId, id: delivered[1] });
    await trail.getByRole('button', { name: 'Mark as delivered' }).click();
    await trail
      .getByRole('group', { name: /^Mark as delivered\?/ })
      .getByRole('button', { name: 'Mark as delivered' })
      .click();
    await trail
      .getByRole('alert')
      .filter({ hasText: 'The document is no longer in DELIVERED state, so it cannot be marked as delivered:' })
      .waitFor();
  });

  it.each(LANGS)('in %s: the sent invoice and document trails have no serious axe violations', async (lang) => {
    await setLanguage(page, lang);
    await goTo(page, 'sent');
    await openTrail(page, `#/sent/invoices/${failedInvoice}`);
    const found = (await seriousViolations(page)).map((v) => `invoice: ${v}`);
    await screenshot(page, `delivery-trail-invoice-${lang}`);
    await openTrail(page, `#/sent/documents/${delivered[2]}`);
    found.push(...(await seriousViolations(page)).map((v) => `document: ${v}`));
    await screenshot(page, `delivery-trail-document-${lang}`);
    expect(found).toEqual([]);
  });

  it('in the dark theme too', async () => {
    if (!app) throw new Error('no app');
    const { page: dark, context } = await openApp(app.browser, app.host.url, { colorScheme: 'dark' });
    try {
      await waitForMirror(dark);
      await setLanguage(dark, 'en');
      await goTo(dark, 'sent');
      await openTrail(dark, `#/sent/invoices/${failedInvoice}`);
      const found = (await seriousViolations(dark)).map((v) => `invoice: ${v}`);
      await openTrail(dark, `#/sent/documents/${delivered[2]}`);
      found.push(...(await seriousViolations(dark)).map((v) => `document: ${v}`));
      await screenshot(dark, 'delivery-trail-document-en-dark');
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('met no console errors', () => {
    expect(app?.problems).toEqual([]);
  });
});
