import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePage } from '../../shared/bridge/views';
import { closeDemoApp, type DemoApp, openDemoApp, waitForMirror } from './support/app';
import { goTo, hasChromium, openApp, screenshot, seriousViolations, setLanguage } from './support/browser';
import { bridgeCall } from './support/host';

const LANGS = ['fi', 'sv', 'nb', 'en'] as const;

/** Opens a received invoice by its address, as a shared link would. */
async function openInvoice(page: Page, id: string): Promise<void> {
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `#/invoices/${id}`);
  await page.locator('#report-title').waitFor();
}

// A received invoice Detect warned about: its sender reported, the 409 said plainly, the report withdrawn;
// checks run now show PENDING, then their results as the host's runner finds them finished.
describe.skipIf(!hasChromium)('reporting a sender and running checks now (Chromium)', { timeout: 240_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  let invoiceId: string;

  beforeAll(async () => {
    app = await openDemoApp();
    page = app.page;
    const [account] = await bridgeCall<{ id: string }[]>(app.host, 'accounts.list');
    const accountId = account?.id ?? '';
    const warned = await bridgeCall<InvoicePage>(app.host, 'invoices.list', {
      accountId,
      filter: { direction: 'RECEIVED', detectWarning: true },
      limit: 1,
    });
    invoiceId = warned.items[0]?.id ?? '';
    expect(invoiceId).not.toBe('');
  }, 240_000);

  afterAll(() => closeDemoApp(app));

  it('reports the sender, says a second report plainly, and withdraws it', async () => {
    await goTo(page, 'invoices');
    await openInvoice(page, invoiceId);
    const section = page.getByRole('region', { name: 'Report the sender' });
    // Detect warned: the action is the prominent one.
    const open = section.getByRole('button', { name: 'Report this sender' });
    expect(await open.getAttribute('class')).toContain('primary');

    const send = async () => {
      await section.getByRole('button', { name: 'Report this sender' }).click();
      await section.getByLabel('Suspected fraud').check();
      await section.getByLabel('Your contact e-mail').fill('ap@demo.example');
      await section.getByLabel('What happened (optional)').fill('We never ordered this.');
      await section.getByRole('button', { name: 'Send report' }).click();
    };
    await send();
    // Not getByText alone: React keeps a controlled textarea's text content equal to its value, so the
    // words match the form's own field before the service has answered.
    await section.locator('ul.reports li').filter({ hasText: 'We never ordered this.' }).waitFor();
    expect(await section.locator('ul.reports li').count()).toBe(1);

    await send();
    await section.getByRole('alert').filter({ hasText: 'Your company has already reported this invoice.' }).waitFor();
    await section.getByRole('button', { name: 'Cancel' }).click();

    await section.getByRole('button', { name: 'Withdraw' }).click();
    await section.getByRole('group', { name: 'Withdraw this report?' }).getByRole('button', { name: 'Withdraw' }).click();
    await section.getByText('Your company has not reported this invoice.').waitFor();
  });

  it('runs chosen checks now: PENDING first, then each result as the service finishes it', async () => {
    await openInvoice(page, invoiceId);
    const checks = page.getByRole('group', { name: 'Checks to run' });
    const boxes = checks.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    await boxes.nth(3).check();
    await boxes.nth(4).check();
    await page.getByRole('button', { name: 'Run checks now' }).click();
    const results = page.getByRole('list', { name: 'Checks run on demand' });
    await results.locator('li[data-status="PENDING"]').first().waitFor();
    expect(await results.getByText('Running…').count()).toBe(2);
    // The host's runner looks again with its back-off (seconds, not the poll interval) until neither is PENDING.
    await page.waitForFunction(
      () => {
        const items = [...document.querySelectorAll('ul.analyses li')];
        return items.length === 2 && items.every((li) => li.getAttribute('data-status') !== 'PENDING');
      },
      undefined,
      { timeout: 120_000 },
    );
    expect(await results.getByText('Running…').count()).toBe(0);
  });

  it.each(LANGS)('in %s: the received invoice detail has no serious axe violations', async (lang) => {
    await setLanguage(page, lang);
    await openInvoice(page, invoiceId);
    await page.locator('#report-title ~ button.primary').click();
    await page.locator('form.form input[type="email"]').waitFor();
    await page.locator('ul.analyses li').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `detect-report-${lang}`);
  });

  it('in the dark theme too', async () => {
    if (!app) throw new Error('no app');
    const { page: dark, context } = await openApp(app.browser, app.host.url, { colorScheme: 'dark' });
    try {
      await waitForMirror(dark);
      await setLanguage(dark, 'en');
      await openInvoice(dark, invoiceId);
      await dark.getByRole('button', { name: 'Report this sender' }).click();
      await dark.locator('ul.analyses li').first().waitFor();
      expect(await seriousViolations(dark)).toEqual([]);
      await screenshot(dark, 'detect-report-en-dark');
    } finally {
      await context.close();
    }
  });

  // Issue 38: only the responses that may follow are offered; a reason is asked where one is needed,
  // and after a final answer none are offered.
  it('answers the sender on the national network in the fixed order, and offers nothing after a final answer', async () => {
    await setLanguage(page, 'en');
    await openInvoice(page, invoiceId);
    const section = page.getByRole('region', { name: 'Answer the sender on the national network' });
    const choice = section.getByLabel('Response');
    const offered = async () => (await choice.locator('option').allTextContents()).slice(1);
    expect(await offered()).toEqual([
      'Received',
      'Being processed',
      'Under query',
      'Accepted with conditions',
      'Rejected (final)',
      'Accepted',
      'Paid (final)',
    ]);
    await choice.selectOption({ label: 'Under query' });
    const send = section.getByRole('button', { name: 'Send the response' });
    expect(await send.isDisabled()).toBe(true);
    await section.getByLabel('Reason (the sender sees it)').fill('Which order is this for?');
    await send.click();
    await section.getByRole('status').filter({ hasText: 'Sent to the sender: Under query.' }).waitFor();
    expect(await offered()).toEqual(['Accepted with conditions', 'Rejected (final)', 'Accepted', 'Paid (final)']);
    await choice.selectOption({ label: 'Paid (final)' });
    await send.click();
    await section.getByRole('status').filter({ hasText: 'This was a final answer' }).waitFor();
    expect(await section.getByLabel('Response').count()).toBe(0);
  });

  it('met no console errors', () => {
    expect(app?.problems).toEqual([]);
  });
});
