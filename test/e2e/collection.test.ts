import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../shared/bridge';
import { FIXTURES } from '../support/engine';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, openAccountSettings, openApp, screenshot, seriousViolations, setLanguage } from './support/browser';
import { bridgeCall, sandboxKeyHeader } from './support/host';

// Collection as a small business meets it: join a collection service in Settings, send an overdue
// invoice to collection from Sent, and see the agency's first event; axe in four languages and dark.
describe.skipIf(!hasChromium)('collection and reminders (Chromium)', { timeout: 240_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  let sb: string;
  let companyId: string;
  const key = () => sandboxKeyHeader((app as DemoApp).host);
  const admin = async (path: string, json: unknown) => {
    const res = await fetch(`${sb}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...key() },
      body: JSON.stringify(json),
    });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };

  beforeAll(async () => {
    app = await openDemoApp();
    page = app.page;
    sb = (await bridgeCall<{ embeddedSandboxUrl: string }>(app.host, 'app.info')).embeddedSandboxUrl;
    companyId = (await bridgeCall<AccountView[]>(app.host, 'accounts.list'))[0]?.companyId ?? '';
  }, 180_000);
  afterAll(() => closeDemoApp(app));

  it('joins Collector A: a bad IBAN is told at its field, then the service is active', async () => {
    await openAccountSettings(page);
    // A service not joined shows its name and status; its form opens on request.
    const form = page.getByRole('form', { name: 'Join Collector A' });
    expect(await form.isVisible()).toBe(false);
    await page.locator('[data-service="collectora"] summary').click();
    await form.getByLabel('Account (IBAN)').fill('FI21 1234 5600 0007 86');
    await form.getByLabel('BIC').fill('NDEAFIHH');
    await form.getByLabel(/^Bank/).fill('Nordea');
    await form.getByLabel('Contact person').fill('Maija Meikäläinen');
    await form.getByLabel('Contact e-mail').fill('maija@demo.example');
    await form.getByLabel('Contact phone').fill('+358 40 123 4567');
    await form.getByLabel('Customer service e-mail').fill('asiakaspalvelu@demo.example');
    await form.getByLabel('Billing address').fill('Katu 1');
    await form.getByLabel('Postal code').fill('00100');
    await form.getByLabel('City').fill('Helsinki');
    await form.getByLabel('Country (2 letters)').fill('FI');
    await form.getByRole('button', { name: 'Join Collector A' }).click();
    // Checked before sending: the IBAN's check digits do not match.
    await expect.poll(() => form.getByLabel('Account (IBAN)').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Account (IBAN)').fill('FI21 1234 5600 0007 85');
    await form.getByRole('button', { name: 'Join Collector A' }).click();
    const card = page.locator('[data-service="collectora"]');
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByRole('form', { name: 'Responsibility and service level' }).waitFor();
  });

  it('sends a sent invoice to collection, sees it accepted and the agency’s reminder as new', async () => {
    await goTo(page, 'sent');
    await page.getByRole('tab', { name: 'Sent invoices' }).click();
    await page.getByLabel('Status').selectOption('DELIVERED');
    const list = page.getByRole('listbox', { name: 'Sent invoices' });
    await list.getByRole('option').first().waitFor();
    await list.getByRole('option').first().click();
    const form = page.getByRole('form', { name: 'Send to collection' });
    await form.getByLabel(/Summary for the agency/).fill('x');
    await form.getByRole('button', { name: 'Send to collection' }).click();
    await expect.poll(() => form.getByLabel(/Summary for the agency/).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel(/Summary for the agency/).fill('Consulting, unpaid');
    await form.getByLabel(/business ids/).fill('1234567-8');
    await form.getByRole('button', { name: 'Send to collection' }).click();
    const panel = page.getByRole('region', { name: 'Collection' });
    await panel.getByText('Waiting for the agency', { exact: true }).waitFor();

    await admin('/__sandbox/clock', { advance_ms: 61_000 });
    const assignments = (await (await fetch(`${sb}/__sandbox/companies/${companyId}/assignments`, { headers: key() })).json()) as {
      id: string;
    }[];
    const id = assignments[0]?.id ?? '';
    await admin(`/__sandbox/companies/${companyId}/assignments/${id}/events`, { event_type: 'reminder_sent' });
    await panel.getByRole('button', { name: 'Check now' }).click();
    await panel.getByText('In collection', { exact: true }).waitFor();
    const event = panel.locator('li', { hasText: 'Reminder sent' });
    await event.waitFor();
    expect(await event.textContent()).toContain('New');
    await panel.getByRole('button', { name: 'Mark as seen' }).click();
    await expect.poll(() => panel.locator('li', { hasText: 'Reminder sent' }).textContent()).not.toContain('New');
  });

  it('lists the service’s own assignments with its overview and records a payment made directly to the company', async () => {
    await goTo(page, 'collection');
    const section = page.getByRole('region', { name: 'Assignments at the service' });
    await section.getByText('1 assignment: 1 open, 0 closed', { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Record a payment made directly to the company' }).click();
    const form = section.getByRole('form', { name: /Payment made directly to the company/ });
    await form.getByLabel(/Amount paid/).fill('0');
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByText('Enter an amount above zero, such as 120.50.').waitFor();
    await form.getByText('Enter the day of payment, such as 15.1.2026.').waitFor();
    expect(await form.getByLabel(/Amount paid/).getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel(/Amount paid/).fill('10,50');
    await form.getByLabel('Day of payment').fill('2026-01-15');
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirm = form.getByRole('alertdialog', { name: 'Confirm the payment' });
    expect(await confirm.textContent()).toMatch(/Record \S*10\.50\S* paid directly to the company on .+ for invoice/);
    await screenshot(page, 'collection-direct-payment-confirm');
    await confirm.getByRole('button', { name: 'Record the payment' }).click();
    await section
      .getByRole('status')
      .getByText(/Recorded \S*10\.50\S* paid directly on invoice/)
      .waitFor();
    // The assignment is the app's own (sent in the step before): its row in the page's table shows the payment now.
    const ours = page.getByRole('table', { name: 'Collection overview' }).locator('tbody tr').first();
    await expect.poll(async () => (await ours.locator('td').nth(5).textContent())?.replace(/\s/g, '')).toMatch(/10\.50/);
    await screenshot(page, 'collection-direct-payment-done');
  });

  it('shows the company’s collection events and sets a payer’s service level, with a bad business ID told at its field', async () => {
    const feed = page.getByRole('region', { name: 'Collection events' });
    const list = feed.getByRole('list', { name: 'Collection events' });
    await list.locator('li', { hasText: 'Reminder sent' }).first().waitFor();
    expect(await list.locator('li', { hasText: 'Reminder sent' }).first().textContent()).toMatch(/^.+ Invoice \S+: Reminder sent/);
    await list
      .locator('li', { hasText: /Paid \S*10\.50/ })
      .first()
      .waitFor();

    const levels = page.getByRole('region', { name: 'Payers’ service levels' });
    await levels.getByText('Every payer is at the default level.').waitFor();
    const form = levels.getByRole('form', { name: 'Set a payer’s service level' });
    await form.getByLabel('Payer’s business ID').fill('x');
    await form.getByRole('button', { name: 'Set the level' }).click();
    await form.getByText('Enter the payer’s business ID, such as 1234567-8.').waitFor();
    await form.getByLabel('Payer’s business ID').fill('1234567-8');
    await form.getByLabel('Service level').selectOption('vip');
    await form.getByRole('button', { name: 'Set the level' }).click();
    await levels.getByRole('status').getByText('Payer 1234567-8 is now at the level “VIP”.').waitFor();
    await levels.getByRole('table').getByRole('cell', { name: 'VIP', exact: true }).waitFor();
    await screenshot(page, 'collection-levels-and-events');
  });

  it('a page of another origin posts to the embedded sandbox, keyless or with a wrong key: nothing arrives', async () => {
    // Issue 39, item 1, in a real browser: a page on another loopback origin (as any local web server
    // or a page a user opens could be) tries to plant an invoice through the demo sandbox's admin API.
    const stranger = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>stranger</title>');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
    const xml = (n: string) =>
      readFileSync(join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml'), 'utf8').replace(
        '<cbc:ID>Snippet1</cbc:ID>',
        `<cbc:ID>${n}</cbc:ID>`,
      );
    const mirrored = async (n: string) => {
      await bridgeCall(app?.host as never, 'sync.now', {});
      const accountId = (await bridgeCall<AccountView[]>((app as DemoApp).host, 'accounts.list'))[0]?.id;
      return (
        await bridgeCall<{ items: unknown[] }>((app as DemoApp).host, 'invoices.list', {
          accountId,
          filter: { direction: 'RECEIVED', query: n },
          limit: 5,
        })
      ).items.length;
    };
    const tab = await page.context().newPage();
    try {
      await tab.goto(origin);
      const said = await tab.evaluate(
        async ({ url, body, wrong }) => {
          const post = (init: RequestInit) => {
            const fd = new FormData();
            fd.append('file', new Blob([body], { type: 'application/xml' }), 'stranger.xml');
            return fetch(url, { method: 'POST', body: fd, ...init }).then(
              (r) => `${r.type} ${r.status}`,
              (e: Error) => `refused: ${e.name}`,
            );
          };
          // A simple request needs no preflight, so it is sent; its answer is opaque to the page.
          const keyless = await post({ mode: 'no-cors' });
          // A header of its own makes the browser ask first (a preflight), which the sandbox does not grant.
          const guessed = await post({ headers: { 'x-einvoice-sandbox-key': wrong } });
          return { keyless, guessed };
        },
        { url: `${sb}/__sandbox/companies/${companyId}/received-invoices`, body: xml('STRANGER-39'), wrong: 'A'.repeat(43) },
      );
      expect(said).toEqual({ keyless: 'opaque 0', guessed: 'refused: TypeError' });
      // The same delivery with the app's key, made after the page's: once it is mirrored, a poll after
      // the page's tries has run, and anything they planted would be in the mirror too.
      const fd = new FormData();
      fd.append('file', new Blob([xml('KEYED-39')], { type: 'application/xml' }), 'keyed.xml');
      const res = await fetch(`${sb}/__sandbox/companies/${companyId}/received-invoices`, { method: 'POST', body: fd, headers: key() });
      expect(res.status).toBe(201);
      await expect.poll(() => mirrored('KEYED-39'), { timeout: 30_000, interval: 1000 }).toBe(1);
      expect(await mirrored('STRANGER-39'), 'the page planted nothing').toBe(0);
    } finally {
      await tab.close();
      stranger.close();
    }
  });

  it('is clean under axe in Finnish, Swedish, Norwegian and English, and in the dark theme', async () => {
    const found: string[] = [];
    for (const lang of ['fi', 'sv', 'nb', 'en']) {
      await setLanguage(page, lang);
      await openAccountSettings(page);
      await page.locator('#settings-account-collection [data-service]').first().waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `settings ${lang}: ${v}`));
      await goTo(page, 'sent');
      await page.locator('[aria-labelledby^="collection-"]').first().waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `sent ${lang}: ${v}`));
      await screenshot(page, `collection-${lang}`);
    }
    expect(await page.locator('[aria-labelledby^="collection-"] h3').first().textContent()).toBe('Collection');
    await goTo(page, 'collection');
    await page.getByRole('table', { name: 'Collection overview' }).waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `collection page: ${v}`));
    const dark = await openApp(app?.browser as never, app?.host.url ?? '', { colorScheme: 'dark' });
    try {
      await openAccountSettings(dark.page);
      await dark.page.locator('#settings-account-collection [data-service]').first().waitFor();
      found.push(...(await seriousViolations(dark.page)).map((v) => `settings dark: ${v}`));
      await goTo(dark.page, 'collection');
      await dark.page.getByRole('table', { name: 'Collection overview' }).waitFor();
      found.push(...(await seriousViolations(dark.page)).map((v) => `collection dark: ${v}`));
    } finally {
      await dark.context.close();
    }
    expect(found).toEqual([]);
    expect(app?.problems).toEqual([]);
  });
});
