import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeInvoice } from '../../bench/large-invoice';
import { RULES_BUILD_DIR } from '../../scripts/build-rules';
import type { OutboxItemView } from '../../shared/bridge';
import { FIXTURES } from '../support/engine';
import { ensureRules, readTestSet } from '../support/validation';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, openApp, SCREENSHOTS, screenshot, seriousViolations } from './support/browser';
import { bridgeCall } from './support/host';

/** A broken invoice of the official test sets (fixtures/invalid): the first case that must break its rule. */
async function testSetCase(rule: string): Promise<Buffer> {
  const set = readTestSet(join(FIXTURES, 'invalid', `${rule}.xml`));
  const broken = set.cases.find((c) => c.expects.some((e) => e.rule === rule && e.expect === 'error'));
  if (!broken) throw new Error(`no breaking case in ${rule}.xml`);
  return Buffer.from(broken.xml);
}

/** A valid UBL invoice made wrong in three places: line 2 lost its quantity and its net amount, so VAT and totals no longer add up. */
async function brokenInvoice(): Promise<Buffer> {
  const src = await readFile(join(FIXTURES, 'invoices/en16931-ubl/guide-example1.xml'), 'utf8');
  let n = 0;
  const wrongAmount = src.replace(
    /(<cac:InvoiceLine>[\s\S]*?)<cbc:LineExtensionAmount currencyID="EUR">[\d.]+<\/cbc:LineExtensionAmount>/g,
    (m, head) => (++n === 2 ? `${head}<cbc:LineExtensionAmount currencyID="EUR">999.00</cbc:LineExtensionAmount>` : m),
  );
  return Buffer.from(
    wrongAmount.replace(
      /(<cac:InvoiceLine>[\s\S]*?<cac:InvoiceLine>[\s\S]*?)<cbc:InvoicedQuantity[^>]*>[^<]*<\/cbc:InvoicedQuantity>/,
      '$1',
    ),
  );
}

/**
 * Hands a file over: with the "Choose file" button pressed from the keyboard and the system's chooser
 * it opens (`keyboard`), or straight into the page's file input, as that chooser would.
 */
async function choose(page: Page, name: string, buffer: Buffer, via: 'keyboard' | 'input' = 'input'): Promise<void> {
  const file = { name, mimeType: 'application/xml', buffer };
  if (via === 'keyboard') {
    // The button is disabled while a validation runs, and Enter on it then opens nothing: wait as a person would.
    await page.waitForSelector('.drop-zone button.primary:not([disabled])');
    // Focus and Enter in one step: focus taken apart from the key press could be lost to a re-render between them.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('.drop-zone button.primary').press('Enter')]);
    await chooser.setFiles(file);
  } else {
    await page.locator('.drop-zone input[type="file"]').setInputFiles(file);
  }
  await page.locator('.validation-panel').getByText(name, { exact: true }).waitFor();
}

/** Drops a file on the drop zone as a file manager would. */
async function drop(page: Page, name: string, buffer: Buffer): Promise<void> {
  const data = await page.evaluateHandle(
    ({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'application/xml' }));
      return dt;
    },
    { name, text: buffer.toString('utf8') },
  );
  await page.dispatchEvent('.drop-zone', 'dragover', { dataTransfer: data });
  await page.dispatchEvent('.drop-zone', 'drop', { dataTransfer: data });
  await page.locator('.validation-panel').getByText(name, { exact: true }).waitFor();
}

const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const pane = (el.closest('.validation-invoice') as HTMLElement).getBoundingClientRect();
    return box.bottom > pane.top && box.top < pane.bottom && box.top < window.innerHeight;
  });

describe.skipIf(!hasChromium)('the Validate page and the outbox’s reports (Chromium)', { timeout: 180_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  /** Where the host looks for the rule sets: empty at first (the first tests), then filled as an install fills it. */
  let rulesDir: string;
  beforeAll(async () => {
    await ensureRules();
    rulesDir = await mkdtemp(join(tmpdir(), 'e2e-rules-later-'));
    app = await openDemoApp({ env: { EINVOICE_RULES_DIR: rulesDir } });
    page = app.page;
    // Each report here is a validation on a worker shared with the host's own first sync; under a busy
    // CI run one took longer than Playwright's 30 s default wait, though the test takes 8 s alone.
    page.setDefaultTimeout(60_000);
  }, 240_000);
  afterAll(async () => {
    await closeDemoApp(app);
    await rm(rulesDir, { recursive: true, force: true });
  });

  // Issue 37, items 2 and 3: until the rules arrive, the Validate page says it is this computer's rule sets,
  // not the service; a `warn` folder's invoice is sent and marked "Sent unchecked"; a `block` folder's
  // invoice waits in the Outbox, the Overview saying why, and goes out once the rules are there, while the
  // unchecked row stays unchecked; a sent invoice's detail says when it was sent. (The same bytes checked
  // later for another file: test/integration/sync/rules-missing.test.ts.)
  const accountOf = async () => {
    const [first] = await bridgeCall<{ id: string; root: string }[]>((app as DemoApp).host, 'accounts.list');
    if (!first) throw new Error('no account');
    return first;
  };
  const mode = async (validation: string) =>
    bridgeCall((app as DemoApp).host, 'sendingOptions.set', {
      accountId: (await accountOf()).id,
      folder: 'Outbox/Invoices',
      options: { validation },
    });
  const outbox = async () => bridgeCall<OutboxItemView[]>((app as DemoApp).host, 'outbox.list', { accountId: (await accountOf()).id });
  const invoice = () => readFile(join(FIXTURES, 'invoices/en16931-ubl/guide-example1.xml'));

  it('the Validate page says the rule sets on this computer are missing, not that the service needs something', async () => {
    await goTo(page, 'validate');
    await page
      .locator('.drop-zone input[type="file"]')
      .setInputFiles({ name: 'x.xml', mimeType: 'application/xml', buffer: await invoice() });
    const notice = page.locator('main .notice[role="alert"]');
    await notice.waitFor();
    expect(await notice.locator('.notice-title').textContent()).toBe(
      'The official rule sets are missing or damaged on this computer, so nothing can be checked here until they are back.',
    );
    expect(await page.getByText('The service needs something from you first').count()).toBe(0);
  });

  it('warn sends unchecked and says so; block waits with the account saying why, then goes out once the rules load', async () => {
    if (!app) throw new Error('no app');
    const account = await accountOf();
    const invoices = () => join(account.root, 'Outbox', 'Invoices');
    await mode('warn');
    await writeFile(join(invoices(), 'unchecked.xml'), await invoice());
    await bridgeCall(app.host, 'sync.now', { accountId: account.id });
    await goTo(page, 'sent');
    const unchecked = page.locator('tr', { hasText: 'Outbox/Invoices/unchecked.xml' });
    await unchecked.locator('.badge-outbox-done').waitFor();
    // "Sent", and beside it "Unchecked": sent unchecked, as the folder's warn allows.
    expect(await unchecked.locator('.badge-outbox-done').textContent()).toBe('Sent');
    expect(await unchecked.locator('[data-validation="unchecked"]').textContent()).toBe('Unchecked');
    expect(await unchecked.getByText('they could not be loaded, and this folder is set to “Send it, and keep the report”').count()).toBe(1);

    await mode('block');
    await writeFile(
      join(invoices(), 'waits.xml'),
      Buffer.from((await invoice()).toString('utf8').replace(/<cbc:ID>[^<]*</, '<cbc:ID>W-1<')),
    );
    await bridgeCall(app.host, 'sync.now', { accountId: account.id });
    await goTo(page, 'overview');
    await page
      .locator('.status-card .health-what')
      .getByText(/Invoices wait in the Outbox, neither sent nor failed, until they can be checked/)
      .waitFor();
    await screenshot(page, 'rules-missing-overview-en');
    expect(await readdir(invoices())).toContain('waits.xml');
    expect((await outbox()).map((r) => r.file)).not.toContain('Outbox/Invoices/waits.xml');

    // The rules arrive as an install puts them: the stylesheets, then the manifest that names them.
    for (const n of (await readdir(RULES_BUILD_DIR)).filter((f) => f.endsWith('.sef.json')))
      await copyFile(join(RULES_BUILD_DIR, n), join(rulesDir, n));
    await copyFile(join(RULES_BUILD_DIR, 'manifest.json'), join(rulesDir, 'manifest.json'));
    await bridgeCall(app.host, 'sync.now', { accountId: account.id });
    await goTo(page, 'sent');
    const waited = page.locator('tr', { hasText: 'Outbox/Invoices/waits.xml' });
    await waited.locator('.badge-outbox-done').waitFor();
    expect(await waited.locator('[data-validation="valid"]').count()).toBe(1);
    expect(await unchecked.locator('[data-validation]').evaluateAll((els) => els.map((e) => e.getAttribute('data-validation')))).toEqual([
      'unchecked',
    ]);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rules-missing-outbox-en');
  });

  it("a sent invoice's detail says it was sent, and when", async () => {
    const row = (await outbox()).find((r) => r.file === 'Outbox/Invoices/waits.xml');
    expect(row?.remoteId).toBeTruthy();
    await page.evaluate((id) => {
      location.hash = `#/sent/invoices/${id}`;
    }, row?.remoteId);
    const meta = page.locator('.detail .detail-meta');
    await meta.getByText(/^Sent /).waitFor();
    expect(await meta.getByText(/^Received /).count()).toBe(0);
    await screenshot(page, 'rules-missing-sent-detail-en');
    // The Sent page remembers its tab: back to the outbox, where the tests below look.
    await page.getByRole('tab', { name: 'Outbox' }).click();
  });

  it('a dropped test-set invoice: the report grouped by rule, and the reported line marked in the source when the invoice cannot be rendered', async () => {
    await goTo(page, 'validate');
    await drop(page, 'BR-13.xml', await testSetCase('BR-13'));
    const panel = page.locator('.validation-panel');
    await panel.locator('[data-status="invalid"]').waitFor();
    expect(await panel.locator('.validation-verdict').textContent()).toMatch(/Refused by the rules \d+ fatal/);
    expect(await panel.getByText('EN 16931 business rules (UBL)').count()).toBe(1);
    // The report names the rule pack it was checked against, and that it is the one in force today (issue 41).
    expect(await panel.locator('[data-pack-role="in-force"]').textContent()).toMatch(
      /^EN 16931 business rules validation-1\.3\.16 \(in force on \d{4}-\d{2}-\d{2}\)$/,
    );
    const group = panel.locator('[data-rule="BR-13"]');
    expect(await group.locator('h4').textContent()).toBe('BR-13 Fatal');
    expect(await group.locator('dd[lang="en"]').textContent()).toBe('An Invoice shall have the Invoice total amount without VAT (BT-109).');
    expect(await group.locator('.rule-texts dd').nth(1).textContent()).toMatch(/\S/);
    // One group per rule, however many places: the ids are unique.
    const ids = await panel.locator('.rule-group').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')));
    expect(new Set(ids).size).toBe(ids.length);
    expect(await panel.getByText(/The invoice cannot be shown: /).count()).toBe(1);

    await group.locator('.rule-place').first().click();
    const marked = panel.locator('.source-excerpt li.is-marked');
    await marked.waitFor();
    expect(await marked.getAttribute('data-line')).toBe('3');
    expect(await marked.textContent()).toMatch(/LegalMonetaryTotal/);
  });

  it('a chosen broken invoice: each picked place marks its part of the rendered invoice and brings it into view; a valid one is valid', async () => {
    await goTo(page, 'validate');
    await choose(page, 'wrong-line.xml', await brokenInvoice(), 'keyboard');
    const panel = page.locator('.validation-panel');
    for (const rule of ['BR-22', 'BR-S-08', 'BR-CO-10']) await panel.locator(`[data-rule="${rule}"]`).waitFor();

    await panel.locator('[data-rule="BR-22"] .rule-place').first().click();
    await panel.locator('tr[data-part="line-1"].is-highlighted').waitFor();
    expect(await panel.locator('.is-highlighted').count()).toBe(1);
    expect(await panel.locator('.validation-where').textContent()).toBe('Marked in the invoice below: invoice line 2.');
    expect(await inView(page, 'tr[data-part="line-1"]')).toBe(true);
    expect(await panel.locator('.source-excerpt li.is-marked').textContent()).toMatch(/<cac:InvoiceLine>/);

    await panel.locator('[data-rule="BR-CO-10"] .rule-place').first().click();
    await panel.locator('table[data-part="totals"].is-highlighted').waitFor();
    expect(await inView(page, 'table[data-part="totals"]')).toBe(true);
    await panel.locator('[data-rule="BR-S-08"] .rule-place').first().click();
    await panel.locator('table[data-part="vat"].is-highlighted').waitFor();
    await screenshot(page, 'validate-highlight-en');

    await choose(page, 'finvoice.xml', await readFile(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml')));
    await panel.locator('[data-status="valid"]').waitFor();
    expect(await panel.locator('[data-note="no-business-rules"]').count()).toBe(1);
    expect(await panel.getByText('No rule is broken.').count()).toBe(1);
    expect(app?.problems).toEqual([]);
  });

  // Issue 41, item 2: a large invoice's check shows its progress (an estimate, pushed by main) and stops on Cancel.
  it("a large invoice's check shows its progress, and Cancel stops it", async () => {
    await goTo(page, 'validate');
    const big = Buffer.from(largeInvoice(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 1500));
    await page.locator('.drop-zone input[type="file"]').setInputFiles({ name: 'big.xml', mimeType: 'application/xml', buffer: big });
    const bar = page.locator('.check-progress [role="progressbar"]');
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(await page.locator('.check-progress .progress-label').textContent()).toMatch(/^Checking big\.xml: /);
    await page.getByRole('button', { name: 'Cancel the check of big.xml' }).click();
    await page.getByText('The check of big.xml was cancelled.').waitFor();
    expect(await page.locator('.check-progress').count()).toBe(0);
    expect(await page.locator('.validation-panel').count()).toBe(0);
    await page.waitForSelector('.drop-zone button.primary:not([disabled])');
    expect(app?.problems).toEqual([]);
  });

  it('stays clean under axe with a report and a marked part, in the four languages', async () => {
    await goTo(page, 'validate');
    await choose(page, 'wrong-line.xml', await brokenInvoice());
    const found: string[] = [];
    for (const lang of ['fi', 'sv', 'nb', 'en']) {
      await goTo(page, 'settings');
      await page.locator('#settings-language').selectOption(lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await goTo(page, 'validate');
      await page.locator('[data-rule="BR-22"] .rule-place').first().click();
      await page.locator('.validation-panel .is-highlighted').waitFor();
      // The explanation is in the page's language, not English.
      const explained = await page.locator('[data-rule="BR-CO-10"] .rule-texts dd').nth(1).textContent();
      if (lang !== 'en') expect(explained).not.toMatch(/invoice lines/i);
      found.push(...(await seriousViolations(page)).map((v) => `${lang}: ${v}`));
      await screenshot(page, `validate-${lang}`);
    }
    expect(found).toEqual([]);
  });

  it('stays clean under axe in the dark theme', async () => {
    if (!app) throw new Error('no app');
    const { page: dark, context } = await openApp(app.browser, app.host.url, { colorScheme: 'dark' });
    try {
      await dark.waitForSelector('nav [data-page="validate"]');
      await goTo(dark, 'validate');
      await choose(dark, 'wrong-line.xml', await brokenInvoice());
      await dark.locator('[data-rule="BR-CO-10"] .rule-place').first().click();
      await dark.locator('.validation-panel .is-highlighted').waitFor();
      expect(await seriousViolations(dark)).toEqual([]);
      await screenshot(dark, 'validate-en-dark');
    } finally {
      await context.close();
    }
  });

  it('an outbox file refused by the rules shows its badge, and its report opens from the outbox', async () => {
    if (!app) throw new Error('no app');
    const [account] = await bridgeCall<{ id: string; root: string }[]>(app.host, 'accounts.list');
    if (!account) throw new Error('no account');
    await writeFile(join(account.root, 'Outbox', 'Invoices', 'refused-e2e.xml'), await brokenInvoice());
    await bridgeCall(app.host, 'sync.now', { accountId: account.id });
    await goTo(page, 'sent');
    const row = page.locator('tr', { hasText: 'refused-e2e.xml' });
    await row.locator('[data-validation="invalid"]').waitFor({ timeout: 60_000 });
    expect(await row.locator('.badge-outbox-failed').count()).toBe(1);
    await row.getByRole('button', { name: 'Validation report of Outbox/Invoices/refused-e2e.xml' }).click();
    const report = page.locator('.outbox-report');
    await report.locator('[data-rule="BR-22"]').waitFor();
    // Focus moves to the report that opened below the table.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('outbox-report-title');
    await report.locator('[data-rule="BR-CO-10"] .rule-place').first().click();
    await report.locator('table[data-part="totals"].is-highlighted').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Every header's words on one line: the Attempts header (a number column) once sat a few px low.
    const tops = await page.locator('main table thead th .sort-button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const words = document.createRange();
        words.selectNodeContents(b.firstChild as Node);
        return [b.textContent ?? '', Math.round(words.getBoundingClientRect().top)] as const;
      }),
    );
    await page.locator('main table thead').first().scrollIntoViewIfNeeded();
    await page
      .locator('main table')
      .first()
      .screenshot({ path: join(SCREENSHOTS, 'outbox-header-en.png') });
    expect(tops.length).toBeGreaterThan(5);
    expect(tops.filter(([, top]) => Math.abs(top - (tops[0]?.[1] ?? 0)) > 1)).toEqual([]);
    await screenshot(page, 'outbox-report-en');
    await report.getByRole('button', { name: 'Close the report' }).click();
    expect(await page.locator('.outbox-report').count()).toBe(0);
  });
});
