import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../shared/bridge/views';
import { closeDemoApp, type DemoApp, openDemoApp, waitForMirror } from './support/app';
import { hasChromium, openAccountSettings, openApp, openAppSettings, seriousViolations } from './support/browser';
import { bridgeCall } from './support/host';

/** The account's remote validation option on the Settings page: its label in each language, and axe clean, dark too. */
const LABELS = {
  en: 'Check with the service’s validator',
  fi: 'Tarkistus palvelun validaattorilla',
  sv: 'Kontroll med tjänstens validerare',
  nb: 'Kontroll med tjenestens validator',
} as const;

describe.skipIf(!hasChromium)('remote validation in the account settings (Chromium)', { timeout: 180_000 }, () => {
  let app: DemoApp;
  beforeAll(async () => {
    app = await openDemoApp({ mirrored: false });
  }, 180_000);
  afterAll(async () => closeDemoApp(app));

  it('is chosen and saved from the account form, and the host keeps it', async () => {
    const { page, host } = app;
    await openAccountSettings(page);
    const select = page.getByLabel(LABELS.en, { exact: true });
    expect(await select.inputValue()).toBe('off');
    await select.selectOption('uncovered');
    const form = page.locator('form', { has: select });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.locator('.notice-ok').waitFor();
    const [account] = await bridgeCall<AccountView[]>(host, 'accounts.list');
    expect(account?.remoteValidation).toBe('uncovered');
    // Reloaded, Settings is still on the account's page.
    await page.reload();
    await page.locator('#settings-account-general').waitFor();
    expect(await page.getByLabel(LABELS.en, { exact: true }).inputValue()).toBe('uncovered');
  });

  it('verifies and exports the sealed archive from the account page, in words', async () => {
    const { page } = app;
    // After the first mirror: in one CI run a verify pressed while it still downloaded did not say sealed
    // (not seen on a quiet machine; the note of session 26 keeps it open).
    await waitForMirror(page);
    await openAccountSettings(page);
    const panel = page.locator('#settings-account-archive');
    await panel.getByRole('button', { name: 'Verify the archive', exact: true }).click();
    // Polled on whatever verdict shows, so a failure says what the archive said instead.
    await expect
      .poll(() => panel.locator('[class*="notice-"]').first().textContent(), { timeout: 30_000 })
      .toMatch(/sealed|nothing to check/);
    expect(await panel.locator('.notice-ok', { hasText: /sealed|nothing to check/ }).count()).toBe(1);
    await panel.getByLabel('First day', { exact: true }).fill('2000-01-01');
    await panel.getByLabel('Last day', { exact: true }).fill('2099-12-31');
    await panel.getByRole('button', { name: 'Export the period', exact: true }).click();
    const done = panel.locator('.notice-ok', { hasText: /written into .*\.zip/ });
    await done.waitFor();
    expect(await done.textContent()).toContain('Exports');
  });

  it.each(Object.entries(LABELS))('in %s: translated, and no serious axe violation on the page', async (lang, label) => {
    const { page } = app;
    await openAppSettings(page);
    await page.locator('#settings-language').selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await openAccountSettings(page);
    await page.getByLabel(label, { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('in the dark theme: no serious axe violation', async () => {
    const { page, context } = await openApp(app.browser, app.host.url, { colorScheme: 'dark' });
    try {
      await openAppSettings(page);
      await page.locator('#settings-language').selectOption('en');
      await openAccountSettings(page);
      await page.getByLabel(LABELS.en, { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
