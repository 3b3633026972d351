import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, screenshot, WINDOW } from './support/browser';
import { bridgeCall, type RunningHost } from './support/host';

// What a user does, against the real headless host and its embedded sandbox with the demo company.
describe.skipIf(!hasChromium)('the app against the headless host (Chromium)', { timeout: 120_000 }, () => {
  let host: RunningHost;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let app: DemoApp | undefined;
  beforeAll(async () => {
    app = await openDemoApp();
    ({ page, problems, host, browser } = app);
  }, 180_000);

  afterAll(() => closeDemoApp(app));

  it("shows the Overview before it asks for the other pages' lists", async () => {
    const context = await browser.newContext(WINDOW);
    try {
      const fresh = await context.newPage();
      // Inside the page, as each command goes out (by POST or over the event socket): whether the
      // Overview's heading is in the document at that moment. Asked at the call itself, not from a
      // MutationObserver: its callback runs only after the task that rendered the Overview, and the
      // effects that ask for the lists may run in that same task.
      await fresh.addInitScript(() => {
        const w = window as unknown as { asked: { name: string; at: number; overview: boolean }[] };
        w.asked = [];
        const note = (name: string) =>
          w.asked.push({
            name,
            at: performance.now(),
            overview: [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Overview'),
          });
        const fetch0 = window.fetch;
        window.fetch = (input, init) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          const m = /\/bridge\/([\w.]+)$/.exec(url);
          if (m?.[1]) note(m[1]);
          return fetch0(input, init);
        };
        const send0 = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
          if (typeof data === 'string') {
            const name = (JSON.parse(data) as { name?: unknown }).name;
            if (typeof name === 'string') note(name);
          }
          return send0.call(this, data);
        };
      });
      await fresh.goto(host.url);
      await fresh.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await fresh.waitForFunction(() => (window as unknown as { asked: { name: string }[] }).asked.some((a) => a.name === 'invoices.list'));
      const asked = await fresh.evaluate(() => (window as unknown as { asked: { name: string; at: number; overview: boolean }[] }).asked);
      const seen = asked.map((a) => `${a.name} at ${a.at.toFixed(0)} ms${a.overview ? '' : ', before the Overview'}`).join('\n');
      // The first questions are the app's state and the sync states the Overview shows. The other
      // pages' lists come once the Overview is in the document, also when a slow host answered after
      // the splash (the old window sent them from the splash, ahead of the Overview's render).
      expect(
        asked.filter((a) => !a.overview).map((a) => a.name),
        seen,
      ).toEqual(expect.arrayContaining(['app.info', 'accounts.list', 'sync.status']));
      const lists = asked.filter((a) => /^(invoices|documents|bankMessages|outbox)\.list$/.test(a.name));
      expect(lists.length, seen).toBeGreaterThan(0);
      expect(
        lists.filter((l) => !l.overview),
        seen,
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('browses and searches the received invoices', async () => {
    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').first().waitFor();
    const count = page.locator('.list-count');
    const before = Number((await count.textContent())?.replace(/\D/g, ''));
    expect(before).toBeGreaterThanOrEqual(100);
    const sender = (await list.getByRole('option').first().locator('.inv-party').textContent())?.split(' · ')[0]?.trim() ?? '';
    expect(sender.length).toBeGreaterThan(3);
    const word = sender.split(/\s+/)[0] ?? sender;

    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('received-search');
    await page.keyboard.type(word, { delay: 20 });
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) < b, before);
    const parties = await list.locator('.inv-party').allTextContents();
    expect(parties.length).toBeGreaterThan(0);
    for (const p of parties) expect(p.toLowerCase()).toContain(word.toLowerCase());

    await page.getByLabel('Search').fill('');
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) === b, before);
    await page.locator('#received-filter-detect').selectOption('yes');
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) < b, before);
    expect(await list.locator('.vlist-row:not(.is-warned)').count()).toBe(0);
    await page.locator('#received-filter-detect').selectOption('');

    // The sender filter is the whole name: the open invoice offers it.
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) === b, before);
    await list.getByRole('option').first().click();
    await page.locator('section.detail').getByRole('button', { name: 'All from this sender' }).click();
    await page.waitForFunction(
      (name) => (document.querySelector('#received-filter-sender') as HTMLInputElement | null)?.value === name,
      sender,
    );
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) < b, before);
    const fromOne = await list.locator('.inv-party').allTextContents();
    for (const p of fromOne) expect(p.split(' · ')[0]?.trim()).toBe(sender);
    await page.locator('#received-filter-sender').fill('');
    await page.locator('#received-filter-sender').press('Enter');
    await page.waitForFunction((b) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '')) === b, before);
  });

  it('finds an invoice by its amount typed as Finnish writes it, and by a sum and due-date range', async () => {
    const accountId = (await bridgeCall<{ id: string }[]>(host, 'accounts.list'))[0]?.id;
    // An invoice of four digits and cents, so "1 656,25" has a group of thousands and a decimal comma.
    const { items } = await bridgeCall<{ items: { id: string; number: string; sum: number; dateDue: string }[] }>(host, 'invoices.list', {
      accountId,
      filter: { direction: 'RECEIVED', sort: { by: 'sum', dir: 'desc' } },
      limit: 500,
    });
    const target = items.find((i) => i.sum >= 1000 && i.sum < 10_000 && !Number.isInteger(i.sum) && i.dateDue);
    if (!target) throw new Error('the demo company has no received invoice between 1,000 and 10,000 with cents');
    const [whole, cents = ''] = target.sum.toFixed(2).split('.');
    const typed = `${whole!.slice(0, -3)} ${whole!.slice(-3)},${cents}`;

    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').first().waitFor();
    const box = page.locator('#received-search');
    expect(await box.getAttribute('placeholder')).toBe('Number, reference, name or amount (press /)');
    await box.pressSequentially(typed, { delay: 20 });
    // The demo company repeats its sums: as many rows as have this sum, each showing it.
    const totalOf = async (filter: object) =>
      (await bridgeCall<{ total: number }>(host, 'invoices.list', { accountId, filter: { direction: 'RECEIVED', ...filter }, limit: 1 }))
        .total;
    const ofSum = await totalOf({ sumFrom: target.sum, sumTo: target.sum });
    const shown = target.sum.toLocaleString('en-GB', { minimumFractionDigits: 2 });
    const listed = (n: number, sum: string) =>
      page.waitForFunction(
        ([n, sum]) => {
          const sums = [...document.querySelectorAll('.vlist-row .inv-sum')].map((e) => e.textContent ?? '');
          const count = Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, ''));
          return count === n && sums.length > 0 && sums.every((x) => x.includes(sum as string));
        },
        [n, sum] as const,
      );
    await listed(ofSum, shown);
    await screenshot(page, 'find-by-amount');
    await box.fill('');

    // The same sum as both ends of the range, typed in English, and its due date as both ends of that one.
    await page.locator('#received-filter-sum-from').fill(target.sum.toFixed(2));
    await page.locator('#received-filter-sum-to').fill(target.sum.toFixed(2));
    await page.locator('#received-filter-sum-to').press('Enter');
    await page.locator('#received-filter-due-from').fill(target.dateDue);
    await page.locator('#received-filter-due-to').fill(target.dateDue);
    const inRanges = await totalOf({ sumFrom: target.sum, sumTo: target.sum, dueFrom: target.dateDue, dueTo: target.dateDue });
    expect(inRanges).toBeGreaterThanOrEqual(1);
    await listed(inRanges, shown);
    expect(await list.locator('.inv-number').allTextContents()).toContain(target.number);
    await page.locator('#received-filter-sum-from').fill('not a sum');
    await page.locator('#received-filter-sum-from').press('Enter');
    await page.locator('#received-filter-sum-from-error').filter({ hasText: 'Not an amount' }).waitFor();
    for (const f of ['sum-from', 'sum-to']) {
      await page.locator(`#received-filter-${f}`).fill('');
      await page.locator(`#received-filter-${f}`).press('Enter');
    }
    for (const f of ['due-from', 'due-to']) await page.locator(`#received-filter-${f}`).fill('');
    await page.waitForFunction(() => document.querySelectorAll('.vlist-row .inv-number').length > 5);
  });

  it('opens an invoice with the keyboard and shows it rendered from its XML, with its PDF', async () => {
    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').first().waitFor();
    await list.focus();
    await page.keyboard.press('ArrowDown');
    const pdfAnswer = page.waitForResponse((r) => r.url().endsWith('/bridge/files.read'));
    await page.keyboard.press('Enter');
    const detail = page.locator('section.detail');
    const lines = detail.getByRole('table', { name: 'Lines' });
    await lines.waitFor();
    expect(await lines.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await detail.getByRole('heading', { name: 'Seller', exact: true }).count()).toBe(1);
    expect(await detail.getByRole('table', { name: 'Totals' }).locator('td').last().textContent()).toMatch(/\d/);
    const pdf = detail.locator('iframe.pdf-view');
    await pdf.waitFor();
    expect(await pdf.getAttribute('src')).toMatch(/^blob:/);
    // The frame shows the bytes files.read answered: a PDF.
    const file = (await (await pdfAnswer).json()) as { ok: boolean; value: { contentType: string; base64: string } };
    expect(file.value.contentType).toBe('application/pdf');
    expect(Buffer.from(file.value.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.keyboard.press('Escape');
    expect(await detail.count()).toBe(0);
  });

  it('marks an invoice handled: the service is told and the mirror keeps it', async () => {
    await goTo(page, 'invoices');
    await page.locator('#received-filter-handled').selectOption('no');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    const first = list.getByRole('option').first();
    await first.waitFor();
    const number = (await first.locator('.inv-number').textContent())?.trim();
    await first.click();
    await page.locator('section.detail').getByRole('button', { name: 'Mark handled' }).click();
    await page.locator('section.detail').getByRole('button', { name: 'Mark not handled' }).waitFor();
    const page1 = await bridgeCall<{ items: { number: string; handled: boolean }[] }>(host, 'invoices.list', {
      accountId: (await bridgeCall<{ id: string }[]>(host, 'accounts.list'))[0]?.id,
      filter: { direction: 'RECEIVED', query: number, handled: true },
    });
    expect(page1.items.map((i) => i.number)).toContain(number);
    await page.locator('#received-filter-handled').selectOption('');
  });

  it('reroutes a failed invoice by e-mail and shows what the service answered', async () => {
    await goTo(page, 'sent');
    await page.getByRole('tab', { name: 'Sent invoices' }).click();
    await page.getByLabel('Status').selectOption('FAILED');
    const list = page.getByRole('listbox', { name: 'Sent invoices' });
    await list.getByRole('option').first().waitFor();
    const failedBefore = Number((await page.locator('.list-count').textContent())?.replace(/\D/g, ''));
    const rerouted = (await list.getByRole('option').first().locator('.inv-number').textContent())?.trim() ?? '';
    const recipient = (await list.getByRole('option').first().locator('.inv-party').textContent())?.split(' · ')[0]?.trim() ?? '';
    await list.getByRole('option').first().click();
    const detail = page.locator('section.detail');
    const form = page.getByRole('form', { name: 'Send it another way' });
    await form.waitFor();
    // Why it failed comes first in the panel, above the invoice and the reroute.
    const reason = detail.getByRole('note', { name: 'Why delivery failed' });
    await reason.waitFor();
    expect(
      await detail.evaluate((panel) => {
        const notes = [...panel.querySelectorAll('.failure-reason, .rendered-invoice, form.reroute')].map((e) => e.className);
        return notes[0];
      }),
    ).toContain('failure-reason');
    // "Find the receiver" starts from the invoice's recipient: its name (and business id, where the XML has one).
    await form.getByRole('button', { name: 'Find the receiver' }).click();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe(recipient);
    await form.getByRole('button', { name: 'Hide the search' }).click();
    await form.getByLabel('E-mail', { exact: true }).check();
    await form.getByRole('button', { name: 'Reroute' }).click();
    await form.getByText('Required.').waitFor();
    await form.getByLabel(/E-mail address/).fill('not an address');
    await form.getByRole('button', { name: 'Reroute' }).click();
    await form.getByText(/Must be an e-mail address/).waitFor();
    await form.getByLabel(/E-mail address/).fill('payables@customer.example');
    await form.getByRole('button', { name: 'Reroute' }).click();
    await form.getByRole('status').filter({ hasText: 'The service took the reroute.' }).waitFor();
    expect(await form.getByRole('status').textContent()).toMatch(/Status: (Pending|Delivered)/);
    // In place, without a reload: no second reroute offered, the panel's status moved on, and the
    // invoice has left the Failed list and its count.
    expect(await form.getByRole('button', { name: 'Reroute' }).count()).toBe(0);
    await detail
      .locator('.detail-meta .badge')
      .filter({ hasText: /Pending|Delivered/ })
      .waitFor();
    expect(await detail.locator('.detail-meta .badge').filter({ hasText: 'Failed' }).count()).toBe(0);
    expect(await detail.getByRole('note', { name: 'Why delivery failed' }).count()).toBe(0);
    await page.waitForFunction(
      (before) => Number(document.querySelector('.list-count')?.textContent?.replace(/\D/g, '') || '0') === before - 1,
      failedBefore,
    );
    expect(await list.locator('.inv-number').allTextContents()).not.toContain(rerouted);
    await page.screenshot({ path: '/tmp/find/reroute-after.png' });
  });

  it('registers a network profile and explains the 422 in plain words', async () => {
    await goTo(page, 'company');
    await page.getByRole('tab', { name: 'Network profiles' }).click();
    await page.getByRole('table', { name: 'Registrations' }).waitFor();
    const form = page.getByRole('form', { name: 'Register in a network' });
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('Choose at least one profile.').waitFor();
    await form.getByLabel('ORDER', { exact: true }).check();
    await form.getByLabel('Profile version').selectOption('');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText(/ORDER need a profile version/).waitFor();
    await form.getByLabel('ORDER', { exact: true }).uncheck();
    await form.getByLabel('INVOICE_AND_CREDIT_NOTE', { exact: true }).check();
    await form.getByRole('button', { name: 'Register' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This profile is already registered for this e-invoice address.');
    expect(await alert.textContent()).toContain('HTTP 422');
  });

  it('changes a setting and shows the service 400 at the field', async () => {
    await goTo(page, 'company');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const email = page.getByRole('group', { name: 'Sending invoices by e-mail' });
    await email.waitFor();
    expect(await email.getByLabel('How').inputValue()).not.toBe('');
    await email.getByLabel('Send invoices by e-mail').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const error = email.locator('#company-settings-send_invoice_email-how_to_send-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/only when enabled/);
    expect(await email.getByLabel('How').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('company-settings-send_invoice_email-how_to_send');

    // A value the form itself refuses never reaches the service.
    const address = page.getByRole('group', { name: 'Address' });
    await email.getByLabel('Send invoices by e-mail').check();
    await address.getByLabel(/Country code/).fill('Finland');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await address.getByText(/two-letter country code/).waitFor();
    await address.getByLabel(/Country code/).fill('FI');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  });

  it('toggles a Detect check, and the service keeps it', async () => {
    await goTo(page, 'detect');
    const vat = page.getByLabel('VAT registration');
    await vat.waitFor();
    const was = await vat.isChecked();
    await vat.setChecked(!was);
    const accountId = (await bridgeCall<{ id: string }[]>(host, 'accounts.list'))[0]?.id;
    await page.waitForFunction(() => !document.querySelector('input#detect-check-VAT:disabled'));
    const saved = await bridgeCall<{ on_invoice_receive: string[] }>(host, 'detect.checks.get', { accountId });
    expect(saved.on_invoice_receive.includes('VAT')).toBe(!was);
    await page.reload();
    await goTo(page, 'detect');
    await page.getByLabel('VAT registration').waitFor();
    await page.waitForFunction((on) => (document.querySelector('#detect-check-VAT') as HTMLInputElement | null)?.checked === on, !was);
    await page.getByLabel('VAT registration').setChecked(was);
  });

  it('finds a mandate by its KID', async () => {
    await goTo(page, 'norway');
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Mandates' });
    await table.locator('tbody tr').first().waitFor();
    const kid = (await table.locator('tbody tr').nth(3).locator('td').first().textContent())?.trim() ?? '';
    expect(kid).toMatch(/^\d+$/);
    await page.getByLabel('KID or reference').fill(kid);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction((k) => {
      const rows = [...document.querySelectorAll('table tbody tr')];
      return rows.length > 0 && rows.every((r) => r.querySelector('td')?.textContent?.includes(k));
    }, kid);
    expect(await table.locator('tbody tr td:first-child').allTextContents()).toContain(kid);
  });

  it('switches language: the words, the html lang and the formats follow', async () => {
    await goTo(page, 'settings');
    // The app's own language (Settings also has the sending options' language of generated PDFs).
    await page.getByRole('combobox', { name: 'Language', exact: true }).and(page.locator('#settings-language')).selectOption('fi');
    await page.getByRole('heading', { name: 'Asetukset', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    await page.locator('nav [data-page="invoices"]').click();
    await page.getByRole('heading', { name: 'Saapuneet laskut', level: 1 }).waitFor();
    const date = await page.getByRole('listbox').getByRole('option').first().locator('.inv-date').textContent();
    expect(date).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
    await page.locator('nav [data-page="settings"]').click();
    await page.getByRole('combobox', { name: 'Kieli', exact: true }).and(page.locator('#settings-language')).selectOption('en');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(problems).toEqual([]);
  });

  it('keeps a page that cannot be loaded to that page: the others work, and a reload brings it back', async () => {
    // The app was rebuilt or updated while the window was open: the Settings page's script is gone.
    const context = await browser.newContext(WINDOW);
    try {
      const other = await context.newPage();
      let blocked = true;
      await other.route(/\/assets\/SettingsPage-[\w-]+\.js$/, (route) =>
        blocked ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
      );
      await other.goto(host.url);
      await goTo(other, 'settings');
      const notice = other.locator('main').getByRole('alert');
      await notice.getByText('This page could not be shown.').waitFor();
      // The rest of the window goes on: the sidebar, and another page with its data.
      await goTo(other, 'invoices');
      await other.getByRole('listbox', { name: 'Received invoices' }).getByRole('option').first().waitFor();
      await goTo(other, 'settings');
      await notice.waitFor();
      blocked = false;
      await notice.getByRole('button', { name: 'Reload the window' }).click();
      await other.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await other.locator('main').getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('has an address for each page and open invoice: reload keeps the view, back and forward work', async () => {
    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').nth(2).click();
    await page.waitForURL(/#\/invoices\/[^/]+$/);
    const opened = page.url();
    await page.locator('main .browser.has-detail').waitFor();
    await goTo(page, 'sent');
    await page.waitForURL(/#\/sent$/);
    await page.reload();
    await page.waitForSelector('main[data-page="sent"]');
    await page.goBack();
    await page.waitForURL(opened);
    // The invoice is open again, its detail beside the list.
    await page.locator('main[data-page="invoices"] .browser.has-detail').waitFor();
    await page.goForward();
    await page.waitForSelector('main[data-page="sent"]');
    expect(problems).toEqual([]);
  });

  it('has an address for each tab of Sent and Documents and the item open there: reload, back and forward', async () => {
    await goTo(page, 'sent');
    await page.getByRole('tab', { name: 'Sent invoices' }).click();
    await page.waitForURL(/#\/sent\/invoices$/);
    const list = page.getByRole('listbox', { name: 'Sent invoices' });
    await list.getByRole('option').nth(1).click();
    await page.waitForURL(/#\/sent\/invoices\/[^/]+$/);
    const opened = page.url();
    // The heading says "Invoice" while the detail loads, then its recipient and number: take the loaded one.
    await page.waitForFunction(() => {
      const h = document.querySelector('section.detail h2')?.textContent ?? '';
      return h !== '' && h !== 'Invoice';
    });
    const title = (await page.locator('section.detail h2').textContent()) ?? '';
    await page.getByRole('tab', { name: 'Sent documents' }).click();
    await page.waitForURL(/#\/sent\/documents$/);
    await page.reload();
    await page.getByRole('tab', { name: 'Sent documents', selected: true }).waitFor();
    await page.goBack();
    await page.waitForURL(opened);
    // The sent invoice is open again, on its tab.
    await page.getByRole('tab', { name: 'Sent invoices', selected: true }).waitFor();
    await page.locator('section.detail h2', { hasText: title }).waitFor();
    await page.reload();
    await page.locator('section.detail h2', { hasText: title }).waitFor();
    await page.goBack();
    await page.waitForURL(/#\/sent\/invoices$/);
    await page.locator('main .browser:not(.has-detail)').waitFor();
    await page.goForward();
    await page.waitForURL(opened);
    await page.locator('section.detail h2', { hasText: title }).waitFor();

    await goTo(page, 'documents');
    await page.waitForURL(/#\/documents$/);
    await page.getByRole('tab', { name: 'Bank messages' }).click();
    await page.waitForURL(/#\/documents\/bank-messages$/);
    await page.reload();
    await page.getByRole('tab', { name: 'Bank messages', selected: true }).waitFor();
    await page.goBack();
    await page.waitForURL(/#\/documents$/);
    await page.getByRole('tab', { name: 'Received documents', selected: true }).waitFor();
    await page.goForward();
    await page.getByRole('tab', { name: 'Bank messages', selected: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('sorts by a column, totals the filter by currency, exports it as CSV and prints only the invoice', async () => {
    await goTo(page, 'invoices');
    const list = page.getByRole('listbox', { name: 'Received invoices' });
    await list.getByRole('option').first().waitFor();
    const sum = page.getByRole('columnheader', { name: 'Sum' });
    await sum.getByRole('button').click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]')?.textContent?.startsWith('Sum'));
    // Largest first: the rows shown are in falling order of their amounts.
    await page.waitForFunction(() => {
      const sums = [...document.querySelectorAll('[role="listbox"] .inv-sum')].map((e) =>
        Number(e.textContent?.replace(/[^\d.-]/g, '') ?? Number.NaN),
      );
      return sums.length > 5 && sums.every((s, i) => i === 0 || s <= (sums[i - 1] as number));
    });
    const totals = page.locator('p.list-totals');
    // The totals are asked once the list has settled; until then the line says they are being counted.
    await page.waitForFunction(() => /^Totals .*\d/.test(document.querySelector('p.list-totals')?.textContent ?? ''));
    await screenshot(page, 'invoices-sorted-by-sum');
    expect(await totals.textContent()).toMatch(/^Totals .*\d/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoices-received-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await new Response((await file.createReadStream()) as unknown as ReadableStream).text();
    const [head, ...rows] = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(head).toBe('Detect warning,Sender,Number,Date,Due,Status,Handled,Sum,Currency');
    const count = Number((await page.locator('.list-count').textContent())?.replace(/\D/g, ''));
    expect(rows.length).toBe(count);

    await list.getByRole('option').first().click();
    const detail = page.locator('section.detail');
    await detail.getByRole('table', { name: 'Lines' }).waitFor();
    await page.evaluate(() => {
      // What Print will print: the stylesheet keeps only the invoice while the page is marked.
      (window as unknown as { printed: string[] }).printed = [];
      window.print = () => {
        const shown = [...document.querySelectorAll('body *')].filter((e) => getComputedStyle(e).display !== 'none');
        (window as unknown as { printed: string[] }).printed = shown.map((e) => e.className.toString());
      };
    });
    await page.emulateMedia({ media: 'print' });
    await detail.getByRole('button', { name: 'Print' }).click();
    const printed = await page.evaluate(() => (window as unknown as { printed: string[] }).printed);
    await page.emulateMedia({ media: 'screen' });
    expect(printed.some((c) => c.includes('rendered-invoice'))).toBe(true);
    for (const chrome of ['sidebar', 'header', 'browser-list', 'detail-head', 'files']) {
      expect(
        printed.some((c) => c.split(' ').includes(chrome)),
        chrome,
      ).toBe(false);
    }
    await page.keyboard.press('Escape');
    await sum.getByRole('button').click();
    await sum.getByRole('button').click();
    await page.waitForFunction(() => !document.querySelector('th[aria-sort]'));
    expect(problems).toEqual([]);
  });
});
