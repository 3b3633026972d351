import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../shared/bridge';
import { FIXTURES } from '../support/engine';
import { keptTempDir } from '../support/temp';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, openApp, screenshot, seriousViolations } from './support/browser';
import { bridgeCall, sandboxKeyHeader } from './support/host';

// The accountant's cockpit as an office uses it, against the headless host and its embedded sandbox:
// an office account gets its vendor key in place, the Partner page lists its linked companies, one
// is added as an account from there, and the Overview leads with what needs a person.

interface Made {
  company_id: string;
  api_key: string;
  vendor_api_key: string;
}

describe.skipIf(!hasChromium)("the accountant's cockpit (Chromium)", { timeout: 180_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  let problems: string[];
  let sb: string;
  let office: Made;
  let beta: Made;
  let officeAccount: string;

  const key = () => sandboxKeyHeader((app as DemoApp).host);
  const admin = async <T>(path: string, json: unknown): Promise<T> => {
    const res = await fetch(`${sb}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key() },
      body: JSON.stringify(json),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const token = async (c: Made, vendor: boolean): Promise<string> => {
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.company_id, client_secret: c.api_key });
    if (vendor) body.set('vendor_api_key', c.vendor_api_key);
    else body.set('scope', 'eui');
    return ((await (await fetch(`${sb}/oauth2/token`, { method: 'POST', body, headers: key() })).json()) as { access_token: string })
      .access_token;
  };
  const xml = () => readFile(join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml'));
  const invoiceForm = async () => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await xml())], { type: 'application/xml' }), 'invoice.xml');
    return fd;
  };
  const status = () => page.locator('main [role="status"]');

  beforeAll(async () => {
    app = await openDemoApp();
    ({ page, problems } = app);
    sb = (await bridgeCall<{ embeddedSandboxUrl: string }>(app.host, 'app.info')).embeddedSandboxUrl;
    office = await admin<Made>('/__sandbox/companies', { name: 'Tilitoimisto Testi Oy', country: 'FI', business_id: '5555555-5' });
    const alfa = await admin<Made>('/__sandbox/companies', {
      name: 'Asiakas Alfa Oy',
      country: 'FI',
      business_id: '6666666-6',
      vendor_api_key: office.vendor_api_key,
    });
    beta = await admin<Made>('/__sandbox/companies', {
      name: 'Asiakas Beta Oy',
      country: 'FI',
      business_id: '7777777-7',
      vendor_api_key: office.vendor_api_key,
    });
    for (const c of [alfa, beta]) {
      const linked = await fetch(`${sb}/v1/company/vendors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token(c, true)}`, ...key() },
      });
      expect(linked.status).toBe(201);
      const received = await fetch(`${sb}/__sandbox/companies/${c.company_id}/received-invoices`, {
        method: 'POST',
        headers: key(),
        body: await invoiceForm(),
      });
      expect(received.status).toBe(201);
    }
    const sent = await fetch(`${sb}/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token(beta, false)}`, ...key() },
      body: await invoiceForm(),
    });
    expect(sent.status).toBeLessThan(300);
    const { id } = (await sent.json()) as { id: string };
    await admin(`/__sandbox/invoices/${id}/status`, { status: 'FAILED', message: 'Mailbox full' });
    // The office's own account, added (as many are) without its vendor key.
    officeAccount = (
      await bridgeCall<{ id: string }>(app.host, 'accounts.add', {
        environment: 'sandbox',
        url: null,
        companyId: office.company_id,
        apiKey: office.api_key,
        name: 'Tilitoimisto',
        root: keptTempDir('einvoice-e2e-office-'),
      })
    ).id;
    await page.reload();
  }, 240_000);

  afterAll(() => closeDemoApp(app));

  it('adds the vendor key in place on the vendor link panel: a wrong key is told at its field, the right one links', async () => {
    expect(await page.locator('nav [data-page="partner"]').count()).toBe(0);
    await page.locator('#account-switcher').selectOption(officeAccount);
    await goTo(page, 'company');
    await page.locator('#company-tab-account').click();
    const form = page.locator('form[aria-labelledby="vendor-key-title"]');
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await form.locator('#vendor-key-vendorApiKey').fill('vk_not_this_one');
    await form.getByRole('button', { name: 'Add the key and link' }).click();
    await expect.poll(() => form.locator('#vendor-key-vendorApiKey-error').textContent()).toBe('not the vendor API key of this company');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'company-vendor-key-en');
    await form.locator('#vendor-key-vendorApiKey').fill(office.vendor_api_key);
    await form.getByRole('button', { name: 'Add the key and link' }).click();
    await expect.poll(() => status().first().textContent()).toBe('The vendor API key is kept and the company is linked.');
    await page.getByText(/Linked to vendor key vk_…/).waitFor();
    expect(await form.count()).toBe(0);
    expect(await page.content()).not.toContain(office.vendor_api_key);
    // The office is a partner now: the page is offered.
    await page.locator('nav [data-page="partner"]').waitFor();
  });

  it('lists what the linked companies received and failed to send, naming each, filtered by time and company', async () => {
    await goTo(page, 'partner');
    const main = page.locator('main');
    await main
      .getByRole('cell', { name: /Asiakas Alfa Oy/ })
      .first()
      .waitFor();
    expect(await main.locator('tbody tr', { hasText: 'Asiakas Beta Oy' }).count()).toBe(1);
    await main.getByLabel('Time').selectOption('day');
    await main.getByLabel('Show only companies').fill('7777777');
    await expect.poll(() => main.locator('tbody tr').count()).toBe(1);
    expect(await main.locator('tbody tr').first().textContent()).toContain('Asiakas Beta Oy');
    await main.getByLabel('Show only companies').fill('');
    await main.getByLabel('Time').selectOption('custom');
    await main.getByText('Choose the first day to show.').waitFor();
    await main.getByLabel('Time').selectOption('week');

    await page.locator('#partner-tab-errors').click();
    const failed = main.locator('tbody tr', { hasText: 'Mailbox full' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Asiakas Beta Oy');

    await page.locator('#partner-tab-lookup').click();
    const lookup = main.locator('form[aria-labelledby="partner-lookup-title"]');
    await lookup.locator('textarea').fill(Array.from({ length: 11 }, (_, i) => `100000${i}-1`).join('\n'));
    await lookup.getByText(/11 business IDs: at most 10/).waitFor();
    expect(await lookup.getByRole('button', { name: 'Find' }).isDisabled()).toBe(true);
    await lookup.locator('textarea').fill('6666666-6, 7777777-7');
    await lookup.getByRole('button', { name: 'Find' }).click();
    await main.locator('#partner-lookup-title ~ .table-wrap tbody tr', { hasText: 'Asiakas Alfa Oy' }).waitFor();
    await screenshot(page, 'partner-lookup-en');
  });

  it('adds a linked company as an account in one click and the company API key, and marks it synced', async () => {
    await page.locator('#partner-tab-inbound').click();
    const main = page.locator('main');
    const row = main.locator('tbody tr', { hasText: 'Asiakas Beta Oy' });
    await row.getByRole('button', { name: 'Add Asiakas Beta Oy as an account' }).click();
    const form = main.locator('form[aria-labelledby="partner-account-form-title"]');
    await form.waitFor();
    expect(await form.locator('#partner-account-companyId').inputValue()).toBe(beta.company_id);
    await main.getByText('Business ID 7777777-7', { exact: false }).waitFor();
    await form.locator('#partner-account-apiKey').fill(beta.api_key);
    await form.getByRole('button', { name: 'Check with the service' }).click();
    await form.locator('#partner-account-root').waitFor();
    expect(await form.locator('#partner-account-name').inputValue()).toBe('Asiakas Beta Oy');
    await form.locator('#partner-account-root').fill(keptTempDir('einvoice-e2e-beta-'));
    await form.getByRole('button', { name: 'Save account' }).click();
    await expect.poll(() => status().first().textContent()).toBe('Asiakas Beta Oy is now an account of this app.');
    await expect.poll(() => row.textContent()).toContain('Synced as Asiakas Beta Oy');
  });

  it('takes over a company: what moves is said before start and before complete, and it moves only on complete', async () => {
    const before = await admin<Made>('/__sandbox/companies', { name: 'Vanha Toimisto Oy', country: 'FI', business_id: '4444444-1' });
    const target = await admin<Made>('/__sandbox/companies', {
      name: 'Siirtyvä Oy',
      country: 'FI',
      business_id: '8888888-8',
      vendor_api_key: before.vendor_api_key,
    });
    // Whether the office's vendor key reaches the company: only once the takeover is complete.
    const reachedByOffice = async () =>
      (
        await fetch(`${sb}/oauth2/token`, {
          method: 'POST',
          headers: key(),
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: target.company_id,
            client_secret: target.api_key,
            vendor_api_key: office.vendor_api_key,
          }),
        })
      ).status === 200;
    await goTo(page, 'partner');
    await page.locator('#partner-tab-takeover').click();
    const main = page.locator('main');
    const section = main.locator('section[aria-labelledby="partner-takeover-title"]');
    await section.getByLabel('Organisation number').fill('8888888-8');
    await section.getByRole('button', { name: 'Find' }).click();
    const found = section.locator('li', { hasText: target.company_id });
    await found.getByRole('button', { name: 'Take over' }).click();
    const ask = section.locator('fieldset.confirm');
    expect(await ask.textContent()).toContain('Start taking over 8888888-8?');
    expect(await ask.textContent()).toContain('Starting reserves the company for Tilitoimisto. Nothing moves yet');
    await ask.getByRole('button', { name: 'Start takeover' }).click();
    await section.getByRole('status').getByText('The takeover of', { exact: false }).waitFor();
    expect(await section.getByText('Nothing has moved yet.', { exact: false }).count()).toBe(1);
    expect(await reachedByOffice()).toBe(false);

    // The service lists no takeovers: after a reload the app's own record is what finds this one again.
    await page.reload();
    await page.locator('#partner-tab-takeover').click();
    const kept = section.getByRole('table', { name: 'Takeovers this app took part in' });
    const row = kept.locator('tbody tr', { hasText: '8888888-8' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Started, nothing moved yet');
    await row.getByRole('button', { name: 'Open the takeover of 8888888-8' }).click();
    await section.getByRole('button', { name: 'Complete takeover' }).click();
    const words = await ask.textContent();
    expect(words).toContain('Complete the takeover of 8888888-8?');
    expect(words).toContain("Completing moves the company's service relationship to Tilitoimisto");
    expect(words).toContain('The company keeps its own API key, its invoices and its settings.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'partner-takeover-confirm-en');
    await ask.getByRole('button', { name: 'Complete takeover' }).click();
    await section.getByRole('status').getByText('The takeover is complete', { exact: false }).waitFor();
    expect(await reachedByOffice()).toBe(true);
    await expect.poll(() => row.textContent()).toContain('Completed');
  });

  it('leads the Overview with what needs a person, per company, each a link to where to act', async () => {
    await goTo(page, 'overview');
    const section = page.locator('main section[aria-labelledby="needs-person-title"]');
    await section.waitFor();
    expect(await page.locator('main h2').first().textContent()).toBe('Needs a person');
    // Beta's failed send reaches its mirror with its first sync.
    const link = section.getByRole('button', { name: 'Deliveries failed (reroute) at Asiakas Beta Oy: 1. Open' });
    await link.waitFor({ timeout: 120_000 });
    await screenshot(page, 'overview-needs-person-en');
    await link.click();
    await page.waitForSelector('main[data-page="sent"]');
    expect(await page.locator('#account-switcher option:checked').textContent()).toBe('Asiakas Beta Oy');
    // Its sent invoices, filtered to the failed one.
    await expect.poll(() => page.locator('main select[id$="-status"]').first().inputValue()).toBe('FAILED');
    await page.locator('main .vlist-row').first().waitFor();
    expect(await page.locator('main .vlist-row').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('has no serious axe violations on the Partner page and the Overview in four languages and the dark theme', async () => {
    const found: string[] = [];
    const look = async (p: Page, label: string) => {
      await goTo(p, 'overview');
      await p.locator('main section[aria-labelledby="needs-person-title"] table').waitFor();
      found.push(...(await seriousViolations(p)).map((v) => `overview ${label}: ${v}`));
      await goTo(p, 'partner');
      for (const tab of ['inbound', 'errors', 'lookup']) {
        await p.locator(`#partner-tab-${tab}`).click();
        await p.locator('main [role="tabpanel"] table, main [role="tabpanel"] form').first().waitFor();
        found.push(...(await seriousViolations(p)).map((v) => `partner ${tab} ${label}: ${v}`));
      }
      await screenshot(p, `partner-${label}`);
    };
    for (const lang of ['fi', 'sv', 'nb', 'en']) {
      await goTo(page, 'settings');
      await page.locator('#settings-language').selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await look(page, lang);
    }
    const dark = await openApp(app?.browser as NonNullable<DemoApp['browser']>, app?.host.url ?? '', { colorScheme: 'dark' });
    try {
      await look(dark.page, 'en-dark');
    } finally {
      await dark.context.close();
    }
    expect(found).toEqual([]);
  });

  // Issue 37, item 5: the same office with its companies added from Settings and then sixty of them.
  const rootCheck = () => page.locator('[id$="-root-check"]');
  const accounts = () => bridgeCall<AccountView[]>(app?.host as never, 'accounts.list');
  const mainHeight = () => page.evaluate(() => (document.querySelector('main') as HTMLElement).scrollHeight);

  it('adds a company from Settings: its root proposed beside the others, a typed folder checked by the host', async () => {
    const gamma = await admin<Made>('/__sandbox/companies', { name: 'Asiakas Gamma Oy', country: 'FI', business_id: '8888888-8' });
    const office = (await accounts()).find((a) => a.id === officeAccount);
    await goTo(page, 'settings');
    await page.getByRole('button', { name: 'Add an account' }).click();
    await page.getByLabel('Environment').selectOption('sandbox');
    await page.getByLabel(/Company UUID/).fill(gamma.company_id);
    await page.getByLabel(/^API key/).fill(gamma.api_key);
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await page.getByText('The service knows this company: Asiakas Gamma Oy.').waitFor();
    // Beside the roots the office chose (the demo's, in the app's data folder, is not one of them).
    const root = page.getByLabel(/Root folder/);
    await expect.poll(() => root.inputValue()).toBe(join(dirname(office?.root ?? ''), 'Asiakas Gamma Oy'));
    await expect.poll(() => rootCheck().textContent()).toBe('The folder is not there yet: it is made when the account is saved.');
    await root.fill(join(office?.root ?? '', 'Inbox'));
    await expect.poll(() => rootCheck().textContent()).toBe('This folder is inside the folder of Tilitoimisto: choose one beside it.');
    await root.fill('Invoices');
    await expect.poll(() => rootCheck().textContent()).toBe('Give the whole path of the folder, from the drive or the top folder down.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-add-account');
    const chosen = join(keptTempDir('einvoice-e2e-gamma-'), 'Gamma');
    await root.fill(chosen);
    await expect.poll(() => rootCheck().textContent()).toBe('The folder is not there yet: it is made when the account is saved.');
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect((await accounts()).find((a) => a.name === 'Asiakas Gamma Oy')?.root).toBe(chosen);
  });

  it('sixty companies: one table, found, sorted and moved through with the keyboard; the company chosen stays after a reload', async () => {
    const name = (i: number) => `Asiakas ${String(i).padStart(3, '0')} Oy`;
    const roots = keptTempDir('einvoice-e2e-roots-');
    const add = async (i: number) => {
      const c = await admin<Made>('/__sandbox/companies', { name: name(i), country: 'FI', business_id: `${1_000_000 + i}-${i % 10}` });
      return bridgeCall<AccountView>(app?.host as never, 'accounts.add', {
        environment: 'sandbox',
        url: null,
        companyId: c.company_id,
        apiKey: c.api_key,
        name: name(i),
        root: join(roots, name(i)),
      });
    };
    const seeded = 60 - (await accounts()).length;
    for (let i = 1; i <= seeded; i += 10) await Promise.all(Array.from({ length: Math.min(10, seeded - i + 1) }, (_, k) => add(i + k)));
    const paused = (await accounts()).find((a) => a.name === name(7));
    await bridgeCall(app?.host as never, 'accounts.update', { accountId: paused?.id, paused: true });
    await page.reload();
    const list = page.getByRole('listbox', { name: 'Companies' });
    await list.waitFor();
    await page.getByText('60 of 60 companies', { exact: true }).waitFor();
    // Only the rows in view are in the page, and one card: the chosen company's, under them.
    expect(await list.getByRole('option').count()).toBeLessThan(40);
    expect(await page.locator('.status-card').count()).toBe(1);
    const height = await mainHeight();
    console.log(`[cockpit] Overview at 60 companies: ${height} px`);
    expect(height).toBeLessThan(3000);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'overview-60-companies');

    // The cursor starts on the chosen company (the one added last); Home takes it to the first.
    const cursor = () =>
      page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await list.focus();
    expect(await cursor()).toContain('Asiakas Gamma Oy');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await cursor()).toContain(name(4));
    await page.keyboard.press('Enter');
    const chosen = (await accounts()).find((a) => a.name === name(4))?.id;
    await expect.poll(() => page.locator('#account-switcher').inputValue()).toBe(chosen);
    await page.getByRole('region', { name: name(4) }).waitFor();
    await page.keyboard.press('End');
    // The last row is rendered once the virtual list has scrolled to it, a frame or more later.
    await expect.poll(cursor).toContain('Tilitoimisto');

    // "Sync now" for every company at once: the burst of states their polls send comes while the
    // steps below run, and is taken in stride (it once made React give up on the page: `problems`).
    await bridgeCall(app?.host as never, 'sync.now', {});

    // Sorted by a column's header, narrowed by words of the name and by state.
    const byName = page.getByRole('table', { name: 'Columns of Companies' }).getByRole('button', { name: 'Company', exact: true });
    await byName.click();
    await byName.click();
    expect(await list.getByRole('option').first().textContent()).toContain('Tilitoimisto');
    const find = page.getByLabel('Find a company by name or company UUID');
    await find.fill('05');
    await page.getByText(`${seeded - 49} of 60 companies`, { exact: true }).waitFor();
    await find.fill('');
    await page.getByLabel('Show', { exact: true }).selectOption('paused');
    await page.getByText('1 of 60 companies', { exact: true }).waitFor();
    expect(await list.getByRole('option').first().textContent()).toContain(name(7));

    // Kept by the host's settings: a reload (or another window) opens the same company.
    await page.reload();
    await list.waitFor();
    expect(await page.locator('#account-switcher').inputValue()).toBe(chosen);
    expect((await bridgeCall<{ lastAccountId: string }>(app?.host as never, 'settings.get')).lastAccountId).toBe(chosen);

    // Settings finds an account among sixty; its page is that account's alone.
    await goTo(page, 'settings');
    await page.getByRole('searchbox', { name: 'Find an account' }).fill('asiakas 012');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.locator('.settings-accounts button').allTextContents()).toEqual([name(12)]);
    await pages.getByRole('button', { name: name(12) }).click();
    await page.getByRole('heading', { name: `Settings of ${name(12)}`, level: 2 }).waitFor();
    console.log(`[cockpit] Settings at 60 companies, one account's page: ${await mainHeight()} px`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-60-companies');
    expect(problems).toEqual([]);
  });
});
