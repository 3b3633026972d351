import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { hasChromium, openAccountSettings, screenshot, seriousViolations } from './support/browser';
import { bridgeCall, type RunningHost, sandboxKeyHeader } from './support/host';

// The first run against the real headless host: it starts with the embedded sandbox's demo company,
// so the test removes that account to get back to an app without accounts, then connects a company
// it creates in the same sandbox, checking the credentials with the service before saving.
describe.skipIf(!hasChromium)('first run (headless host, real sandbox, Chromium)', { timeout: 180_000 }, () => {
  let host: RunningHost;
  let page: Page;
  let problems: string[];
  let app: DemoApp | undefined;
  beforeAll(async () => {
    app = await openDemoApp({ mirrored: false });
    ({ page, problems, host } = app);
  }, 180_000);

  afterAll(() => closeDemoApp(app));

  it('gets back to the first run when the last account is removed', async () => {
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await openAccountSettings(page);
    await page.getByRole('button', { name: 'Remove account' }).click();
    await page
      .getByRole('group', { name: /Remove Demo \(sandbox\)\?/ })
      .getByRole('button', { name: 'Remove account' })
      .click();
    await page.getByRole('heading', { name: 'Welcome to E-Invoice Sync', level: 1 }).waitFor();
    expect(await page.locator('nav').count()).toBe(0);
  });

  it('is accessible and translated in every language', async () => {
    for (const [lang, name, title] of [
      ['fi', 'Suomi', 'Tervetuloa E-Invoice Synciin'],
      ['sv', 'Svenska', 'Välkommen till E-Invoice Sync'],
      ['nb', 'Norsk bokmål', 'Velkommen til E-Invoice Sync'],
      ['da', 'Dansk', 'Velkommen til E-Invoice Sync'],
      ['en', 'English', 'Welcome to E-Invoice Sync'],
    ] as const) {
      await page.locator('#first-run-language').selectOption({ label: name });
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `first-run-${lang}`);
    }
  });

  it('checks the credentials with the service before saving, then syncs the new account', async () => {
    // With its last account gone the embedded sandbox no longer listens (issue 39); checking Sandbox keys
    // without an address of their own starts it again.
    expect((await bridgeCall<{ embeddedSandboxUrl: string | null }>(host, 'app.info')).embeddedSandboxUrl).toBeNull();
    const nobody = { environment: 'sandbox', companyId: '3f2b0c1e-0000-4000-8000-000000000001', apiKey: 'nobody-key-1234' };
    await bridgeCall(host, 'accounts.verify', nobody).catch(() => undefined);
    const info = await bridgeCall<{ embeddedSandboxUrl: string | null }>(host, 'app.info');
    const sandbox = info.embeddedSandboxUrl;
    expect(sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The profile this project runs on (vitest.config.ts): the spec's, or the real service's answers.
    const config = await fetch(`${sandbox}/__sandbox/config`, { headers: sandboxKeyHeader(host) });
    expect(((await config.json()) as { profile: string }).profile).toBe(inject('sandboxProfile'));
    const res = await fetch(`${sandbox}/__sandbox/companies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sandboxKeyHeader(host) },
      body: JSON.stringify({ name: 'Nordic Test Oy', country: 'FI', business_id: '2345678-1' }),
    });
    const company = (await res.json()) as { company_id: string; api_key: string };

    await page.getByLabel('Environment').selectOption('sandbox');
    await page.getByLabel('Service address').fill(sandbox ?? '');
    await page.getByLabel(/Company UUID/).fill(company.company_id);
    await page.getByLabel(/^API key/).fill('not-the-key');
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await page.getByRole('alert').filter({ hasText: 'The service did not accept the company UUID or the API key.' }).waitFor();
    expect(await page.getByLabel(/Root folder/).count()).toBe(0);

    await page.getByLabel(/^API key/).fill(company.api_key);
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await page.getByText('The service knows this company: Nordic Test Oy.').waitFor();
    expect(await page.getByLabel(/Account name/).inputValue()).toBe('Nordic Test Oy');
    // With no account of the user's own yet, the root is proposed in the home folder (never in the
    // app's data folder, hidden on Linux and macOS); a folder typed instead is taken.
    await expect.poll(() => page.getByLabel(/Root folder/).inputValue()).toBe(join(homedir(), 'E-Invoices', 'Nordic Test Oy'));
    await page.getByLabel(/Root folder/).fill(`${host.dataDir}/Nordic`);
    await page.getByText('The folder is not there yet: it is made when the account is saved.').waitFor();
    await page.getByRole('button', { name: 'Save account' }).click();

    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'Nordic Test Oy' });
    await card.waitFor();
    expect(await card.getByText('Sandbox', { exact: true }).count()).toBe(1);
    await card.getByText('Up to date').waitFor();
    const accounts = await bridgeCall<{ name: string; companyId: string }[]>(host, 'accounts.list');
    expect(accounts.map((a) => [a.name, a.companyId])).toEqual([['Nordic Test Oy', company.company_id]]);
    expect(problems).toEqual([]);
  });
});
