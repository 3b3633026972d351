import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO } from './host';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOTS = join(REPO, 'artifacts/screenshots');

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

/** A fresh context (its own cookie jar) with the page loaded through the host's token address. */
export async function openApp(browser: Browser, url: string, opts: { locale?: string; colorScheme?: 'light' | 'dark' } = {}) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: opts.locale ?? 'en-GB',
    colorScheme: opts.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url);
  return { context, page, problems };
}

/** Axe's serious and critical violations on what the page shows now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Goes to a page of the app by its sidebar entry (every page has a data-page on its button). */
export async function goTo(page: Page, id: string): Promise<void> {
  await page.click(`nav [data-page="${id}"]`);
  await page.waitForSelector(`main[data-page="${id}"]`);
}

/** Switches the app's language in Settings and waits until the page says it is in that language. */
export async function setLanguage(page: Page, lang: string): Promise<void> {
  await goTo(page, 'settings');
  await page.locator('#settings-language').selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}
