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
