import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectron } from '../../scripts/build-electron';
import { ensureRendererBuilt } from '../../scripts/renderer-build';
import { electronBinary } from '../../scripts/start-electron';
import { keptTempDir } from '../support/temp';
import { waitForMirror } from './support/app';
import { goTo } from './support/browser';
import { REPO } from './support/host';

// The desktop app itself: Electron's main process, the engine in its utility process, the embedded
// sandbox with the demo company, the renderer over the preload. The scenarios are the browser tests'
// (test/e2e/app.test.ts), with the bridge reached through window.einvoice instead of HTTP, plus what
// only the desktop shell does. Needs the Electron binary (and a display: xvfb-run on Linux servers).
const hasElectron = existsSync(join(REPO, 'node_modules/electron/dist'));
const title = hasElectron
  ? 'the desktop app (Electron, real engine and embedded sandbox)'
  : 'the desktop app: skipped, the Electron binary is not installed (node_modules/electron/dist is missing; installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1)';

/** A command through the preload, as the renderer sends it; answers the value or throws its message. */
async function invoke<T>(page: Page, name: string, input: unknown = {}): Promise<T> {
  const r = await page.evaluate(
    ([n, i]) => (window as unknown as { einvoice: { invoke(n: string, i: unknown): Promise<unknown> } }).einvoice.invoke(n as string, i),
    [name, input] as const,
  );
  const answer = r as { ok: boolean; value?: T; error?: { message: string } };
  if (!answer.ok) throw new Error(`${name}: ${answer.error?.message}`);
  return answer.value as T;
}

describe.skipIf(!hasElectron)(title, { timeout: 180_000 }, () => {
  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;
  let env: Record<string, string>;
  const problems: string[] = [];

  beforeAll(async () => {
    ensureRendererBuilt();
    await buildElectron();
    dataDir = keptTempDir('einvoice-electron-e2e-');
    env = {
      ...(process.env as Record<string, string>),
      EINVOICE_DATA_DIR: dataDir,
      // Test machines have no keyring; the keys here are the embedded sandbox's, not secrets.
      EINVOICE_ALLOW_BASIC_TEXT_KEYCHAIN: '1',
    };
    // Chromium refuses to run as root with its OS sandbox (containers); the renderer sandbox stays on.
    const args = [REPO, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])];
    app = await _electron.launch({ executablePath: electronBinary() ?? undefined, args, env, cwd: REPO });
    page = await app.firstWindow();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    await waitForMirror(page);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs on the data folder it was given, from app://, with the demo company on first run', async () => {
    expect(page.url()).toMatch(/^app:\/\/einvoice\//);
    expect(await app.evaluate(({ app: a }) => a.getPath('userData'))).toBe(dataDir);
    const info = await invoke<{ host: string; embeddedSandboxUrl: string | null; capabilities: { openFiles: boolean } }>(page, 'app.info');
    expect(info.host).toBe('electron');
    expect(info.capabilities.openFiles).toBe(true);
    expect(info.embeddedSandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await invoke<{ name: string }[]>(page, 'accounts.list')).map((a) => a.name)).toEqual(['Demo (sandbox)']);
  });

  it('gives the page the bridge and nothing else: no Node, no Electron, unknown names refused', async () => {
    const seen = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown> & { einvoice: Record<string, (...a: unknown[]) => unknown> };
      let refused = '';
      try {
        await w.einvoice.invoke?.('fs.readFile', {});
      } catch (e) {
        refused = (e as Error).message;
      }
      let unsubscribed = '';
      try {
        w.einvoice.subscribe?.('not.an.event', () => undefined);
      } catch (e) {
        unsubscribed = (e as Error).message;
      }
      return {
        keys: Object.keys(w.einvoice).sort(),
        require: typeof w.require,
        process: typeof w.process,
        module: typeof w.module,
        refused,
        unsubscribed,
        csp: (await fetch('app://einvoice/index.html')).headers.get('content-security-policy'),
      };
    });
    expect(seen.keys).toEqual(['invoke', 'subscribe']);
    expect([seen.require, seen.process, seen.module]).toEqual(['undefined', 'undefined', 'undefined']);
    expect(seen.refused).toMatch(/^Unknown command/);
    expect(seen.unsubscribed).toMatch(/^Unknown event/);
    expect(seen.csp).toMatch(/script-src 'self';/);
  });

  it('stays on its own pages: new windows and navigation away are refused', async () => {
    // http, not https: an https link would (rightly) open in the system browser of whoever runs this.
    const opened = await page.evaluate(() => window.open('http://example.com/', '_blank') === null);
    expect(opened).toBe(true);
    await page.evaluate(() => {
      window.location.href = 'http://example.com/';
    });
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(page.url()).toMatch(/^app:\/\/einvoice\//);
    expect(app.windows()).toHaveLength(1);
    const blocked = await page.evaluate(() =>
      fetch('https://example.com/').then(
        () => 'fetched',
        () => 'refused',
      ),
    );
    expect(blocked).toBe('refused');
  });

  it('browses and searches the received invoices', async () => {
    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').first().waitFor();
    const count = page.locator('.list-count');
    const before = Number((await count.textContent())?.replace(/\D/g, ''));
    expect(before).toBeGreaterThanOrEqual(100);
    const sender = (await list.getByRole('option').first().locator('.inv-party').textContent())?.split(' · ')[0]?.trim() ?? '';
    const word = sender.split(/\s+/)[0] ?? sender;
    await page.keyboard.press('/');
    await page.keyboard.type(word, { delay: 20 });
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) < b, before);
    for (const p of await list.locator('.inv-party').allTextContents()) expect(p.toLowerCase()).toContain(word.toLowerCase());
    await page.getByLabel('Search').fill('');
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) === b, before);
  });

  it('opens an invoice with the keyboard and shows it rendered from its XML, with its PDF', async () => {
    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').first().waitFor();
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = page.locator('section.detail');
    await detail.getByRole('table', { name: 'Lines' }).waitFor();
    expect(await detail.getByRole('heading', { name: 'Seller' }).count()).toBe(1);
    const pdf = detail.locator('iframe.pdf-view');
    await pdf.waitFor();
    expect(await pdf.getAttribute('src')).toMatch(/^blob:/);
    await page.keyboard.press('Escape');
    expect(await detail.count()).toBe(0);
  });

  it('marks an invoice handled: the service is told and the mirror keeps it', async () => {
    await goTo(page, 'invoices');
    await page.locator('#received-filter-handled').selectOption('no');
    const first = page.getByRole('listbox', { name: 'Received invoices' }).getByRole('option').first();
    await first.waitFor();
    const number = (await first.locator('.inv-number').textContent())?.trim();
    await first.click();
    await page.locator('section.detail').getByRole('button', { name: 'Mark handled' }).click();
    await page.locator('section.detail').getByRole('button', { name: 'Mark not handled' }).waitFor();
    const accountId = (await invoke<{ id: string }[]>(page, 'accounts.list'))[0]?.id;
    const handled = await invoke<{ items: { number: string }[] }>(page, 'invoices.list', {
      accountId,
      filter: { direction: 'RECEIVED', query: number, handled: true },
    });
    expect(handled.items.map((i) => i.number)).toContain(number);
    await page.locator('#received-filter-handled').selectOption('');
  });

  it('switches language: the words and the html lang follow, and the setting is kept by main', async () => {
    await goTo(page, 'settings');
    await page.getByLabel('Language').selectOption('fi');
    await page.getByRole('heading', { name: 'Asetukset', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    expect((await invoke<{ language: string }>(page, 'settings.get')).language).toBe('fi');
    await page.getByLabel('Kieli').selectOption('en');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });

  it('keeps syncing with the window closed, and a second start shows the window instead of running twice', async () => {
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
    await page.waitForFunction(() => document.visibilityState === 'hidden');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible()))).toEqual([false]);
    const status = await invoke<{ state: string }[]>(page, 'sync.status');
    expect(status).toHaveLength(1);

    const second = spawnSync(electronBinary() as string, [REPO, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])], {
      env,
      timeout: 60_000,
    });
    expect(second.status).toBe(0);
    await page.waitForFunction(() => document.visibilityState === 'visible');
    expect(app.windows()).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
