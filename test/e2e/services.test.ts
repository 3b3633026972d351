import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, screenshot, seriousViolations } from './support/browser';
import { bridgeCall, type RunningHost } from './support/host';

// Scanning, lookups and sending options as a user meets them, against the headless host and its demo company.
describe.skipIf(!hasChromium)('scanning, lookups and sending options (Chromium)', { timeout: 120_000 }, () => {
  let host: RunningHost;
  let page: Page;
  let problems: string[];
  let app: DemoApp | undefined;
  beforeAll(async () => {
    app = await openDemoApp();
    ({ page, problems, host } = app);
  }, 180_000);

  afterAll(() => closeDemoApp(app));

  it('a failed sent invoice: the recipient looked up, and the reroute takes the address and operator of a lookup result', async () => {
    await goTo(page, 'sent');
    await page.getByRole('tab', { name: 'Sent invoices' }).click();
    await page.getByLabel('Status').selectOption('FAILED');
    const list = page.getByRole('listbox', { name: 'Sent invoices' });
    await list.getByRole('option').first().waitFor();
    await list.getByRole('option').first().click();

    await page.getByRole('button', { name: 'Look up the recipient' }).click();
    const recipient = page.getByRole('region', { name: 'Look up the recipient' });
    await recipient.getByLabel('Business id').fill('1234567-8');
    await recipient.getByLabel('Name', { exact: true }).fill('');
    await recipient.getByRole('button', { name: 'Search', exact: true }).click();
    await recipient.locator('ul.receivers li').first().waitFor();
    expect(await recipient.locator('ul.receivers li').first().textContent()).toMatch(/Accepts: .*Invoice/);

    const form = page.getByRole('form', { name: 'Send it another way' });
    await form.getByRole('button', { name: 'Find the receiver' }).click();
    await form.getByLabel('Business id').fill('1234567-8');
    await form.getByLabel('Name', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    const first = form.locator('ul.receivers li').first();
    await first.waitFor();
    const eia = (await first.locator('.mono').textContent())?.trim() ?? '';
    await first.getByRole('button', { name: 'Use this address' }).click();
    await first.getByRole('status').filter({ hasText: 'The address and operator were filled in.' }).waitFor();
    expect(await form.locator('input[name="recipient_eia"]').inputValue()).toBe(eia);
    expect((await form.locator('input[name="recipient_operator"]').inputValue()).length).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Reroute' }).click();
    await form.getByRole('status').filter({ hasText: 'The service took the reroute.' }).waitFor();
  });

  it('Lookup: the 11th business id is told before sending; a Norwegian consumer’s routes', async () => {
    await goTo(page, 'lookup');
    const ids = Array.from({ length: 11 }, (_, i) => `900000${i}-1`).join('\n');
    await page.getByLabel('Business ids').fill(ids);
    await page.getByText('At most 10 business ids at a time: you gave 11. Remove some before searching.').waitFor();
    expect(await page.getByRole('button', { name: 'Look up' }).first().isDisabled()).toBe(true);
    const consumer = page.getByRole('form', { name: 'Norwegian consumers' });
    await consumer.getByLabel('Phone number').fill('+4791234567');
    await consumer.getByRole('button', { name: 'Look up' }).click();
    await page.locator('#consumer-title ~ [role="status"]').first().waitFor();
  });

  it('Scanning: autoscan on and off; suppliers listed since at most a month back', async () => {
    await goTo(page, 'scanning');
    const autoscan = page.getByRole('form', { name: 'Autoscan' });
    await autoscan.getByLabel('Return e-mail for unscannable documents').fill('ap@demo.example');
    await autoscan.getByLabel('Invoice lines (not only the totals)').check();
    await autoscan.getByRole('button', { name: 'Turn on autoscan' }).click();
    await page.getByText('Autoscan is on.').waitFor();
    await page.getByRole('button', { name: 'Find suppliers' }).click();
    await page.locator('#suppliers-title ~ .table-wrap, #suppliers-title ~ p.muted').first().waitFor();
    await autoscan.getByRole('button', { name: 'Turn off autoscan' }).click();
    await page
      .getByRole('button', { name: /^(Yes|Confirm|Turn off autoscan)/ })
      .last()
      .click();
    await page.getByText('Autoscan is off.').waitFor();
  });

  it('Settings: the app’s page and the account’s, each with its sections; a folder’s options chosen from lists, saved, refused per field', async () => {
    await goTo(page, 'settings');
    await page.getByRole('heading', { name: 'App settings', level: 2 }).waitFor();
    const onPage = page.getByRole('navigation', { name: 'On this page' });
    expect(await onPage.getByRole('link').allTextContents()).toEqual([
      'Language and appearance',
      'Desktop',
      'Where the keys are kept',
      'Rule packs',
    ]);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('button', { name: 'Demo (sandbox)' }).click();
    await page.getByRole('heading', { name: 'Settings of Demo (sandbox)', level: 2 }).waitFor();
    expect(await onPage.getByRole('link').allTextContents()).toEqual([
      'Name and folder',
      'Receiving',
      'Checks before sending',
      'Sending options',
      'Collection',
      'Sync doctor',
      'The sealed archive',
      'Remove the account',
    ]);
    expect(new URL(page.url()).hash).toBe('#/settings/account');
    // In-page links move the focus to the section, and leave the address alone.
    await onPage.getByRole('link', { name: 'Sending options' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sending options');
    expect(new URL(page.url()).hash).toBe('#/settings/account');

    // Where the service names the values, they are chosen from its lists (issue 38); the rare options are folded.
    const form = page.getByRole('form', { name: 'Save the options of Outbox/Invoices' });
    const values = (label: string) =>
      form
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(await values('Recipient type')).toEqual(['', 'consumer']);
    expect(await values('File format')).toEqual(['', 'FINVOICE30', 'PEPPOLBIS30', 'EHF30', 'TEAPPS30', 'SVEFAKTURA10', 'OIOUBL']);
    expect(await form.getByLabel('Recipient phone number').isVisible()).toBe(false);
    await form.getByLabel('File format').selectOption('FINVOICE30');
    await form.getByRole('group', { name: 'Routes not to use' }).getByLabel('Paper letter').check();
    await form.locator('details.more-options > summary').click();
    const phone = form.getByLabel('Recipient phone number');
    await phone.fill('0401234567');
    await form.getByRole('button', { name: 'Save the options of Outbox/Invoices' }).click();
    await form.locator('.field-error', { hasText: 'international format, such as +4791234567' }).waitFor();
    await phone.fill('+4791234567');
    await form.getByRole('button', { name: 'Save the options of Outbox/Invoices' }).click();
    await form.getByText('Saved. Files sent from now on use these options.').waitFor();
    const accountId = (await bridgeCall<{ id: string }[]>(host, 'accounts.list'))[0]?.id;
    const saved = await bridgeCall<{ folder: string; options: Record<string, unknown> }[]>(host, 'sendingOptions.list', { accountId });
    expect(saved[0]?.options).toEqual({ format: 'FINVOICE30', disabled_routes: ['print'], recipient_phone_number: '+4791234567' });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-account-sending');
    // Reloaded, the chosen company's page is where the window was.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings of Demo (sandbox)', level: 2 }).waitFor();
    const again = page.getByRole('form', { name: 'Save the options of Outbox/Invoices' });
    await again.getByLabel('Recipient phone number').fill('');
    await again.getByLabel('File format').selectOption('');
    await again.getByRole('group', { name: 'Routes not to use' }).getByLabel('Paper letter').uncheck();
    await again.getByRole('button', { name: 'Save the options of Outbox/Invoices' }).click();
    await again.getByText('Saved. Files sent from now on use these options.').waitFor();
    expect(problems).toEqual([]);
  });
});
