import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, screenshot } from './support/browser';

// The company's users, webhooks, vendor link and departments as a user works them, against the
// headless host and its embedded sandbox's demo company.
describe.skipIf(!hasChromium)('company administration (Chromium)', { timeout: 120_000 }, () => {
  let page: Page;
  let problems: string[];
  let app: DemoApp | undefined;
  beforeAll(async () => {
    app = await openDemoApp();
    ({ page, problems } = app);
  }, 180_000);

  afterAll(() => closeDemoApp(app));

  const tab = async (id: string) => {
    await goTo(page, 'company');
    await page.locator(`#company-tab-${id}`).click();
  };
  const status = () => page.locator('main [role="status"]');

  it('adds a user (new, then existing), edits and removes it with a confirmation that names the person', async () => {
    await tab('users');
    const form = page.locator('form[aria-labelledby="user-add-title"]');
    await form.waitFor();
    await form.locator('#user-add-email').fill('ella@example.com');
    await form.locator('#user-add-first_name').fill('Ella');
    await form.locator('#user-add-last_name').fill('Esimerkki');
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => status().textContent()).toBe('Created a new user: Ella Esimerkki <ella@example.com>.');
    const row = page.locator('main table tbody tr', { hasText: 'ella@example.com' });
    await row.waitFor();

    await form.locator('#user-add-email').fill('ella@example.com');
    await form.locator('#user-add-first_name').fill('E');
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => status().textContent()).toMatch(/already had a user at the service and was added/);

    await row.getByRole('button', { name: 'Edit Ella Esimerkki' }).click();
    const edit = page.locator('form[aria-labelledby^="user-edit-"]');
    await edit.locator('[id$="-phone"]').fill('+358 40 765 4321');
    await edit.locator('[id$="-notifications_disabled"]').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => status().textContent()).toBe('Saved Ella Esimerkki.');
    await expect.poll(() => row.textContent()).toMatch(/\+358 40 765 4321.*No invoice e-mails/);

    await row.getByRole('button', { name: 'Remove' }).click();
    const confirm = row.locator('fieldset.confirm');
    expect(await confirm.locator('legend').textContent()).toBe('Remove Ella Esimerkki <ella@example.com> from the company?');
    await screenshot(page, 'company-users-confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => status().textContent()).toBe('Removed Ella Esimerkki <ella@example.com> from the company.');
    await expect.poll(() => row.count()).toBe(0);
  });

  it('refuses a bad user at its fields before sending', async () => {
    await tab('users');
    const form = page.locator('form[aria-labelledby="user-add-title"]');
    await form.locator('#user-add-email').fill('not-an-address');
    await form.locator('#user-add-first_name').fill('');
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('user-add-email');
    expect(await form.locator('#user-add-email').getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('#user-add-first_name').getAttribute('aria-invalid')).toBe('true');
  });

  it('subscribes a webhook with its credentials masked, redelivers, and removes it', async () => {
    await tab('webhooks');
    await page.getByText('This app does not need a webhook').waitFor();
    const form = page.locator('form[aria-labelledby="webhook-add-title"]');
    await form.locator('#webhook-add-destination').fill('http://hooks.example.com/in');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect(await form.locator('#webhook-add-destination-error').textContent()).toBe('Must be an https:// address');
    expect(await form.locator('#webhook-add-events-error').textContent()).toBe('Choose at least one event');

    await form.locator('#webhook-add-destination').fill('https://erp:hunter2@hooks.example.com/in?token=s3cr3t');
    await form.getByText('Shown as https://erp:•••@hooks.example.com/in?token=•••').waitFor();
    await form.locator('#webhook-add-event-DOCUMENTS-INVOICE-RECEIVED').check();
    await form.locator('#webhook-add-otherEvents').fill('NETWORKS.PEPPOL.ENABLED');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => status().textContent()).toBe('Subscribed https://erp:•••@hooks.example.com/in?token=•••.');
    const row = page.locator('main table tbody tr', { hasText: 'hooks.example.com/in' });
    await row.waitFor();
    expect(await row.textContent()).toContain('DOCUMENTS.INVOICE.RECEIVED, NETWORKS.PEPPOL.ENABLED');
    expect(await page.locator('main').textContent()).not.toMatch(/hunter2|s3cr3t/);

    await page.getByRole('button', { name: 'Redeliver unacknowledged events' }).click();
    await expect.poll(() => status().textContent()).toBe('The service will deliver the unacknowledged events again.');

    await row.getByRole('button', { name: 'Remove' }).click();
    expect(await row.locator('fieldset.confirm legend').textContent()).toBe(
      'Remove the subscription of https://erp:•••@hooks.example.com/in?token=•••?',
    );
    await row.locator('fieldset.confirm').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('shows the vendor link and the company as active, and adds a department', async () => {
    await tab('account');
    await page.getByRole('heading', { name: 'Vendor key link' }).waitFor();
    // The demo company has traffic, so keep active is explained rather than offered.
    await page.getByText(/The company has had traffic/).waitFor();
    expect(await page.getByRole('button', { name: 'Mark the company active' }).count()).toBe(0);

    const form = page.locator('form[aria-labelledby="department-add-title"]');
    await form.locator('#department-add-name').fill('AB');
    await form.getByRole('button', { name: 'Add department' }).click();
    expect(await form.locator('#department-add-name-error').textContent()).toMatch(/3/);
    await form.locator('#department-add-name').fill('Purchasing');
    await form.locator('#department-add-bid').fill('2845672-9');
    await form.locator('#department-add-eaid').fill('003728456729PUR');
    await form.locator('#department-add-no_vat').check();
    await form.getByRole('button', { name: 'Add department' }).click();
    await expect.poll(() => status().textContent()).toBe('Added department Purchasing.');
    await page.locator('main table tbody tr', { hasText: '0216:003728456729PUR' }).waitFor();
    expect(problems).toEqual([]);
  });
});
