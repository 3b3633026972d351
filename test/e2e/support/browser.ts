import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO } from './host';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const SCREENSHOTS = join(REPO, 'artifacts/screenshots');

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** The window every e2e page and bench load gets: a laptop's screen, British English. */
export const WINDOW = { viewport: { width: 1440, height: 900 }, locale: 'en-GB' };

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * Chromium on a profile kept in `dir`, as a person's own browser is: its HTTP cache and V8's code cache
 * last from one tab to the next (a fresh context of launch() keeps neither on disk).
 */
export function launchProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS, ...WINDOW });
}

/** A fresh context (its own cookie jar) with the page loaded through the host's token address. */
export async function openApp(browser: Browser, url: string, opts: { locale?: string; colorScheme?: 'light' | 'dark' } = {}) {
  const context: BrowserContext = await browser.newContext({
    ...WINDOW,
    locale: opts.locale ?? WINDOW.locale,
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

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeFinding {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
}

/**
 * Axe's serious and critical violations on what the page shows now, one line each.
 *
 * Axe is put into the page once per document and run there directly. @axe-core/playwright's builder
 * injected axe's 550 kB source again on every call: 1.5-3.5 s a check on this app, against 0.1-0.7 s
 * for the same rules run directly, and the e2e suites make a few hundred checks. The app has no frames,
 * so the builder's frame handling bought nothing.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
  const found = await page.evaluate(async (tags): Promise<AxeFinding[]> => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, AXE_TAGS);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.targets.slice(0, 3).join(', ')})`);
}

/**
 * A picture of the window for people to look at, in artifacts/screenshots/. Not under CI=true: a clean
 * clone's run throws its artifacts away, and the captures (software-rendered, 1440 by 900) were 13 s
 * of pages.test.ts's 91. They assert nothing, so no check is lost.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Goes to a page of the app by its sidebar entry (every page has a data-page on its button). */
export async function goTo(page: Page, id: string): Promise<void> {
  await page.click(`nav [data-page="${id}"]`);
  await page.waitForSelector(`main[data-page="${id}"]`);
}

/** Settings, the app's own page (language, theme, ...): Settings opens on the page shown there last. */
export async function openAppSettings(page: Page): Promise<void> {
  await goTo(page, 'settings');
  await page.click('main .settings-nav > ul .nav-item');
  await page.locator('#settings-language').waitFor();
}

/** Settings, an account's page (its form, sending options, collection): the chosen one's, or the one named. */
export async function openAccountSettings(page: Page, name?: string): Promise<void> {
  await goTo(page, 'settings');
  const accounts = page.locator('main .settings-accounts');
  const shown = name ?? (await page.locator('#account-switcher option:checked').textContent()) ?? '';
  await (shown ? accounts.getByRole('button', { name: shown, exact: true }) : accounts.locator('.nav-item').first()).click();
  await page.locator('#settings-account-general').waitFor();
}

/** Switches the app's language in Settings and waits until the page says it is in that language. */
export async function setLanguage(page: Page, lang: string): Promise<void> {
  await openAppSettings(page);
  await page.locator('#settings-language').selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}
