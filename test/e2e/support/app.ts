import type { Browser, Page } from 'playwright-core';
import { ensureRendererBuilt } from '../../../scripts/renderer-build';
import { goTo, launch, openApp } from './browser';
import { type RunningHost, startHost } from './host';

/** Waits on the Overview until the first mirror is done: up to date, invoices received, no download waiting. */
export async function waitForMirror(page: Page, timeoutMs = 120_000): Promise<void> {
  await goTo(page, 'overview');
  await page.waitForFunction(
    () => {
      const card = document.querySelector('.status-card');
      const value = (name: string) => Number(card?.querySelector(`.count-${name} .count-value`)?.textContent?.replace(/\D/g, '') ?? 'NaN');
      return card?.querySelector('.badge-ok') !== null && value('received') > 0 && value('downloadsPending') === 0;
    },
    undefined,
    { timeout: timeoutMs },
  );
}

/** The real headless host on its embedded sandbox's demo company, Chromium, and the app open in it. */
export interface DemoApp {
  host: RunningHost;
  browser: Browser;
  page: Page;
  /** Console errors and failed requests the page has met so far. */
  problems: string[];
}

/**
 * A test file's app: builds the renderer when it is out of date, starts the host and Chromium, opens
 * the app and (unless `mirrored: false`) waits for the first mirror. What started is stopped again
 * when a later step fails.
 */
export async function openDemoApp(o: { mirrored?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<DemoApp> {
  ensureRendererBuilt();
  const host = await startHost({ env: o.env });
  let browser: Browser | undefined;
  try {
    browser = await launch();
    const { page, problems } = await openApp(browser, host.url);
    if (o.mirrored !== false) await waitForMirror(page);
    return { host, browser, page, problems };
  } catch (e) {
    await closeDemoApp({ host, browser });
    throw e;
  }
}

export async function closeDemoApp(app: Partial<DemoApp> | undefined): Promise<void> {
  await app?.browser?.close();
  await app?.host?.stop();
}
