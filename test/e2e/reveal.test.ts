import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../scripts/renderer-build';
import { goTo, hasChromium, launch, openApp, screenshot } from './support/browser';
import { type RunningHost, startHost } from './support/host';

/*
 * "Show in folder" in headless: the host shows the folder on its own machine. Its file manager is
 * stood in for by a script that writes down its arguments (EINVOICE_REVEAL_COMMAND, the host's own
 * boundary): what it is handed is what xdg-open would have been.
 */
describe.skipIf(!hasChromium)('Show in folder, headless (Chromium)', { timeout: 120_000 }, () => {
  let host: RunningHost;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'reveal-e2e-'));
  const record = join(dir, 'args.txt');
  const stub = join(dir, 'opener.sh');

  beforeAll(async () => {
    writeFileSync(stub, `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\n`);
    chmodSync(stub, 0o755);
    ensureRendererBuilt();
    host = await startHost({ env: { EINVOICE_REVEAL_COMMAND: stub } });
    browser = await launch();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it("shows the account's root folder on the host's machine, and says so", async () => {
    const { page, context, problems } = await openApp(browser, host.url);
    try {
      await goTo(page, 'overview');
      const card = page.locator('main .status-card').first();
      const root = (await card.locator('dd .mono').last().textContent())?.trim() ?? '';
      expect(root).toContain(host.dataDir);
      await card.getByRole('button', { name: /Show .*folder/ }).click();
      await expect.poll(() => card.getByRole('status').textContent()).toContain('Shown in the file manager');
      expect(readFileSync(record, 'utf8').trim()).toBe(root);
      await screenshot(page, 'reveal-root-en');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/*
 * Where the host's machine cannot show a folder (Linux without a display, no stand-in), the page
 * copies the path instead and says so, showing the path too; where the clipboard is refused, the path
 * is still on screen to copy by hand.
 */
describe.skipIf(!hasChromium)('Show in folder, headless, on a host that cannot show folders (Chromium)', { timeout: 120_000 }, () => {
  let host: RunningHost;
  let browser: Browser;

  beforeAll(async () => {
    ensureRendererBuilt();
    // undefined leaves the name out of the host's environment altogether.
    host = await startHost({ env: { EINVOICE_REVEAL_COMMAND: undefined, DISPLAY: '', WAYLAND_DISPLAY: '' } });
    browser = await launch();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it("copies the root's path and shows it when the host cannot open a folder", async () => {
    const { page, context, problems } = await openApp(browser, host.url);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
      await goTo(page, 'overview');
      const card = page.locator('main .status-card').first();
      const root = (await card.locator('dd .mono').last().textContent())?.trim() ?? '';
      expect(root).toContain(host.dataDir);
      await card.getByRole('button', { name: /Show .*folder/ }).click();
      const said = card.getByRole('status');
      await expect.poll(() => said.textContent()).toContain('its path is copied');
      expect((await said.locator('code').textContent())?.trim()).toBe(root);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(root);
      await screenshot(page, 'reveal-copied-en');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the path to copy by hand when the clipboard is refused too', async () => {
    const { page, context, problems } = await openApp(browser, host.url);
    try {
      await goTo(page, 'overview');
      const card = page.locator('main .status-card').first();
      const root = (await card.locator('dd .mono').last().textContent())?.trim() ?? '';
      await page.evaluate(() => {
        Object.defineProperty(navigator.clipboard, 'writeText', { value: () => Promise.reject(new Error('refused')) });
      });
      await card.getByRole('button', { name: /Show .*folder/ }).click();
      const said = card.getByRole('status');
      await expect.poll(() => said.textContent()).toContain('Its path:');
      expect((await said.locator('code').textContent())?.trim()).toBe(root);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
