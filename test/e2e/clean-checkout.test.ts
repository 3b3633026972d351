import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptTempDir } from '../support/temp';
import { hasChromium, launch, openApp } from './support/browser';
import { REPO, type RunningHost, startHost } from './support/host';

// A new user's two commands: `npm install`, then `npm run headless`. The checkout here is the
// project's files as git knows them, without dist/ nor build/ (node_modules is linked: installing is
// not under test), beside the project's ../shared like a real clone: the first start builds the user
// interface and the rule sets invoices are checked with, with one line saying so.
describe.skipIf(!hasChromium)(
  'a clean checkout: npm run headless shows the app (Chromium at /usr/bin/chromium)',
  { timeout: 300_000 },
  () => {
    let parent: string;
    let checkout: string;
    let browser: Browser;
    let first: RunningHost | undefined;

    beforeAll(async () => {
      parent = keptTempDir('einvoice-clone-');
      checkout = join(parent, 'main');
      const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' })
        .split('\0')
        // node_modules: a checkout whose node_modules is itself a link lists it as a file.
        .filter((f) => f && f !== 'node_modules' && !f.startsWith('dist/') && !f.startsWith('build/'));
      for (const f of files) {
        await mkdir(dirname(join(checkout, f)), { recursive: true });
        await cp(join(REPO, f), join(checkout, f)).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e; // listed by git but deleted in the working tree
        });
      }
      await symlink(join(REPO, 'node_modules'), join(checkout, 'node_modules'));
      await symlink(join(REPO, '..', 'shared'), join(parent, 'shared'));
      browser = await launch();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await first?.stop();
      await rm(parent, { recursive: true, force: true });
    });

    it('builds the user interface and the rule sets once, with one line saying so, and serves it', async () => {
      first = await startHost({ npmIn: checkout });
      expect(first.log()).toMatch(/^Building the user interface and the rule sets invoices are checked with \(first start/m);
      expect(first.log().match(/^Building /gm)).toHaveLength(1);
      const manifest = JSON.parse(await readFile(join(checkout, 'build/rules/manifest.json'), 'utf8')) as { rulesets: object };
      expect(Object.keys(manifest.rulesets).sort()).toEqual([
        'EN16931-CII',
        'EN16931-UBL',
        'PEPPOL-BIS3-CII',
        'PEPPOL-BIS3-UBL',
        'PEPPOL-T111',
      ]);
      // React's production build, although this host (like the tests) runs with NODE_ENV=test.
      const assets = join(checkout, 'dist/renderer/assets');
      const sources: string[] = [];
      for (const map of (await readdir(assets)).filter((f) => f.endsWith('.js.map')))
        sources.push(...(JSON.parse(await readFile(join(assets, map), 'utf8')) as { sources: string[] }).sources);
      expect(sources.some((s) => s.endsWith('react-dom-client.production.js'))).toBe(true);
      expect(sources.filter((s) => s.endsWith('.development.js'))).toEqual([]);
      const { page, problems } = await openApp(browser, first.url);
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 60_000 });
      expect(await page.getByText('is running, but its user interface is not built yet').count()).toBe(0);
      expect(problems).toEqual([]);
      await first.stop();
      first = undefined;
    });

    it('does not build again when the user interface and the rule sets are up to date', async () => {
      const again = await startHost({ npmIn: checkout });
      try {
        expect(again.log()).not.toMatch(/^Building /m);
        const { page } = await openApp(browser, again.url);
        await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor({ timeout: 60_000 });
      } finally {
        await again.stop();
      }
    });
  },
);
