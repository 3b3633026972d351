import type { Page } from 'playwright-core';
import { goTo } from './browser';

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
