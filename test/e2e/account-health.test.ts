import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../scripts/renderer-build';
import { type HealthOffice, healthOffice, OFFICE, type OfficeName } from '../support/health-office';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { goTo, hasChromium, launch, openApp, seriousViolations, setLanguage } from './support/browser';
import { type RunningHost, startHost } from './support/host';

// "Up to date" only when it is: the headless host on an office of six companies, each in one of the
// states an account can be in (support/health-office.ts), seen as a person sees it in Chromium: each
// card and "Needs a person" say what holds, for which company, since when and what to do.

const SHOTS = '/tmp/shots-status';

describe.skipIf(!hasChromium)('account health on the Overview (Chromium)', { timeout: 120_000 }, () => {
  let sb: TestSandbox;
  let down: TestSandbox;
  let office: HealthOffice;
  let host: RunningHost | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let problems: string[];

  const shot = async (name: string) => {
    if (process.env.CI) return;
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  // Six companies are the accountant's table: a company's card is the one under it once its row is chosen.
  const rows = () => page.getByRole('listbox').getByRole('option');
  const card = async (name: OfficeName): Promise<Locator> => {
    await rows().filter({ hasText: name }).first().click();
    return page.locator('.status-card', { has: page.getByRole('heading', { name, exact: true, level: 2 }) });
  };
  const badge = async (name: OfficeName) => (await card(name)).locator('.card-head .badge:not(.badge-sandbox)');
  const needs = () => page.locator('main section[aria-labelledby="needs-person-title"]');

  beforeAll(async () => {
    ensureRendererBuilt();
    sb = await startTestSandbox({ seed: 40 });
    down = await startTestSandbox({ seed: 41 });
    office = await healthOffice(sb, down);
    host = await startHost({ dataDir: office.data, keepData: true });
    browser = await launch();
    ({ page, problems } = await openApp(browser, host.url));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await sb?.close();
    await down?.close().catch(() => undefined);
    await office?.remove();
  });

  it('says each state but "Up to date" on its card and under Needs a person, with since when and what to do', async () => {
    await goTo(page, 'overview');
    for (const n of ['Aalto Oy', 'Elm Oy', 'Fjord Oy'] as const) await (await card(n)).locator('.badge-ok').waitFor({ timeout: 30_000 });
    // A key that cannot be read is never "Up to date": not before the first poll, not ever.
    expect(await (await badge('Berg AB')).textContent()).toBe('Needs you');
    await office.breakAway();

    const kinds: Record<Exclude<OfficeName, 'Fjord Oy'>, string> = {
      'Aalto Oy': 'serviceBehind',
      'Berg AB': 'keysUnreadable',
      'Cedar Oy': 'uploadOverdue',
      'Dahl AS': 'downloadsGivenUp',
      'Elm Oy': 'rootMissing',
    };
    for (const [n, kind] of Object.entries(kinds) as [OfficeName, string][])
      await (await card(n)).locator(`.health-problem[data-kind="${kind}"]`).waitFor({ timeout: 40_000 });
    const text = async (n: OfficeName, kind: string) => (await card(n)).locator(`.health-problem[data-kind="${kind}"]`).textContent();
    expect(await text('Aalto Oy', 'serviceBehind')).toMatch(
      // All the lists, or those not answered for two intervals yet when the poll under way met the service gone.
      /^(Nothing could be fetched from the service|Not fetched from the service: [a-z, ]+) \(since .+\)\s+What to do: The app keeps trying/,
    );
    expect(await text('Berg AB', 'keysUnreadable')).toContain('The API key of this company is not in the key store (since ');
    expect(await text('Cedar Oy', 'uploadOverdue')).toContain('1 file in the Outbox is not sent yet (since ');
    expect(await text('Dahl AS', 'downloadsGivenUp')).toMatch(/received files? (was|were) given up after (its|their) tries/);
    expect(await text('Elm Oy', 'rootMissing')).toContain('What to do: Connect the drive or share again');
    // The engine's own words wait under "Details", folded.
    const details = (await card('Elm Oy')).locator('.health-problem details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await details.locator('summary').click();
    expect(await details.textContent()).toContain(office.roots['Elm Oy']);

    expect(await (await badge('Aalto Oy')).textContent()).toBe('Not up to date');
    expect(await (await badge('Cedar Oy')).textContent()).toBe('Not up to date');
    for (const n of ['Berg AB', 'Dahl AS', 'Elm Oy'] as const) expect(await (await badge(n)).textContent(), n).toBe('Needs you');
    // Only the company that is up to date says so, and no moment that has passed is said as to come.
    expect(
      await rows()
        .filter({ hasText: /Up to date/ })
        .count(),
    ).toBe(1);
    expect(await (await badge('Fjord Oy')).textContent()).toBe('Up to date');
    expect(await page.locator('.status-card .facts').allTextContents()).not.toContainEqual(expect.stringMatching(/Last poll\s+in /));

    // Needs a person: every company that is not up to date, by name, with what holds.
    const section = needs();
    for (const n of OFFICE.filter((n) => n !== 'Fjord Oy')) {
      const row = section.locator('tr', { has: page.getByRole('rowheader', { name: n, exact: true }) });
      await row.locator(`.health-problem[data-kind="${kinds[n as keyof typeof kinds]}"]`).waitFor({ timeout: 10_000 });
    }
    expect(await section.getByRole('rowheader', { name: 'Fjord Oy' }).count()).toBe(0);
    // Every "Needs attention" line names its company.
    const lines = await page.locator('main .problems li').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines)
      expect(
        OFFICE.some((n) => l.includes(`${n}:`)),
        l,
      ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot('overview-en');
    if (!process.env.CI)
      for (const n of ['Needs a person', ...OFFICE] as const) {
        const target = n === 'Needs a person' ? section : await card(n);
        await target.screenshot({ path: join(SHOTS, `${n.split(' ')[0]?.toLowerCase()}-en.png`) });
      }
  });

  it('answers Sync now on a company whose key cannot be read with the problem, not with nothing', async () => {
    await (await card('Berg AB')).getByRole('button', { name: 'Sync now' }).click();
    const alert = (await card('Berg AB')).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Sync now cannot start: The API key of this company is not in the key store.');
    if (!process.env.CI) await (await card('Berg AB')).screenshot({ path: join(SHOTS, 'berg-sync-now-en.png') });
  });

  it('says it in Finnish too, and comes back to "Up to date" by itself once the folder is back', async () => {
    await setLanguage(page, 'fi');
    await goTo(page, 'overview');
    await (await card('Berg AB')).locator('.health-problem[data-kind="keysUnreadable"]').waitFor();
    expect(await (await card('Berg AB')).locator('.health-what').textContent()).toBe('Yrityksen API-avainta ei ole avainvarastossa');
    expect(await (await badge('Aalto Oy')).textContent()).toBe('Ei ajan tasalla');
    expect(await seriousViolations(page)).toEqual([]);
    await shot('overview-fi');
    // The problems' colours read in the dark theme too.
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await shot('overview-fi-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await office.bringBack();
    await (await card('Elm Oy')).locator('.badge-ok').waitFor({ timeout: 30_000 });
    expect(await (await card('Elm Oy')).locator('.health-problem').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
