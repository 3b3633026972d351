import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, OutboxItemView } from '../../shared/bridge/views';
import { bankMessage } from '../support/bank-messages';
import { FIXTURES } from '../support/engine';
import { lockFile } from '../support/locked-file';
import { closeDemoApp, type DemoApp, openDemoApp } from './support/app';
import { goTo, hasChromium, openAccountSettings, openApp, screenshot, seriousViolations, setLanguage } from './support/browser';
import { bridgeCall } from './support/host';

/** What the outbox shows for a bank message in each language: its kind, its sent and failed states, the bank's OK. */
const TEXTS = {
  en: {
    kind: 'Bank message',
    done: 'Sent',
    failed: 'Failed',
    ok: 'Accepted by the bank',
    deleteRi: 'Delete received bank messages (RI) from the service after download',
  },
  fi: { kind: 'Pankkisanoma', done: 'Lähetetty', failed: 'Epäonnistui', ok: 'Pankki hyväksyi' },
  sv: { kind: 'Bankmeddelande', done: 'Skickad', failed: 'Misslyckad', ok: 'Godkänt av banken' },
  nb: { kind: 'Bankmelding', done: 'Sendt', failed: 'Mislyktes', ok: 'Godtatt av banken' },
} as const;

const SENT = 'si-e2e.xml';
const NOT_BANK = 'not-a-bank-message-e2e.xml';
const LOCKED = 'locked-e2e.xml';
const rowOf = (page: Page, file: string): Locator => page.locator('tbody tr', { hasText: file });

/** Presses "Sync now" on the Overview once it can be pressed (it is disabled while a sync runs). */
async function syncNow(page: Page): Promise<void> {
  await goTo(page, 'overview');
  const button = page.getByRole('button', { name: 'Sync now', exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 60_000 }).toBe(true);
  await button.click();
}

/** The Sent page's outbox tab. */
async function openOutbox(page: Page): Promise<void> {
  await goTo(page, 'sent');
  await page.locator('#sent-tab-outbox').click();
}

/**
 * Waits for the row's delivery cell to show the bank's status: the status is asked after the send, so
 * when a sync ended before it was known, "Sync now" is pressed again (a few times at most).
 */
async function bankStatusShown(page: Page, row: Locator, text: string): Promise<void> {
  const cell = row.locator('td').nth(3).getByText(text, { exact: true });
  for (let tries = 0; ; tries++) {
    try {
      await cell.waitFor({ timeout: 20_000 });
      return;
    } catch (e) {
      if (tries >= 4) throw e;
    }
    await syncNow(page);
    await openOutbox(page);
  }
}

describe.skipIf(!hasChromium)('Finnish bank messages out, and the RI delete option (Chromium)', { timeout: 240_000 }, () => {
  let app: DemoApp | undefined;
  let page: Page;
  let account: AccountView;
  beforeAll(async () => {
    app = await openDemoApp();
    page = app.page;
    const [first] = await bridgeCall<AccountView[]>(app.host, 'accounts.list');
    if (!first) throw new Error('no account');
    account = first;
  }, 240_000);
  afterAll(() => closeDemoApp(app));

  it('a sender info message dropped into Outbox/BankMessages is sent as a bank message and the bank’s OK shows; a non-bank XML fails with its reason', async () => {
    const folder = join(account.root, 'Outbox', 'BankMessages');
    await writeFile(join(folder, SENT), bankMessage('FinvoiceSenderInfo', Date.now()));
    await writeFile(
      join(folder, NOT_BANK),
      '<?xml version="1.0" encoding="UTF-8"?>\n<Finvoice Version="3.0"><InvoiceDetails/></Finvoice>\n',
    );
    await syncNow(page);

    await openOutbox(page);
    const sent = rowOf(page, SENT);
    await sent.locator('.badge-outbox-done').waitFor({ timeout: 90_000 });
    expect(await sent.locator('td').nth(1).textContent()).toBe(TEXTS.en.kind);
    expect(await sent.locator('.badge-outbox-done').textContent()).toBe(TEXTS.en.done);
    expect(await sent.locator('.field-error').count()).toBe(0);

    // The bank's status is asked after the send; a later sync brings it when the first did not.
    await bankStatusShown(page, sent, TEXTS.en.ok);
    expect(await sent.locator('td').nth(3).textContent()).toBe(TEXTS.en.ok);

    const failed = rowOf(page, NOT_BANK);
    await failed.locator('.badge-outbox-failed').waitFor({ timeout: 60_000 });
    expect(await failed.locator('td').nth(1).textContent()).toBe(TEXTS.en.kind);
    expect(await failed.getAttribute('class')).toContain('is-failed');
    expect(await failed.locator('.field-error').textContent()).toMatch(/root element Finvoice is not a bank message/);

    if (!app) throw new Error('no app');
    const jobs = await bridgeCall<OutboxItemView[]>(app.host, 'outbox.list', { accountId: account.id });
    const [sentJob, failedJob] = [SENT, NOT_BANK].map((file) => jobs.find((j) => j.file.endsWith(file)));
    expect(sentJob).toMatchObject({ kind: 'bank_message', state: 'done', deliveryStatus: 'OK' });
    expect(failedJob).toMatchObject({ kind: 'bank_message', state: 'failed' });
    // The files left the Outbox: the sent one for Sent/, the refused one for Failed/ with its note beside it.
    expect(sentJob?.path).toBe(join(account.root, 'Sent', SENT));
    expect(failedJob?.path).toBe(join(account.root, 'Failed', NOT_BANK));
    for (const job of [sentJob, failedJob]) expect(existsSync(job?.path ?? '')).toBe(true);
    expect(await readFile(join(account.root, 'Failed', `${NOT_BANK}.error.txt`), 'utf8')).toMatch(
      /root element Finvoice is not a bank message/,
    );
    expect(existsSync(join(folder, SENT)) || existsSync(join(folder, NOT_BANK))).toBe(false);
    expect(app.problems).toEqual([]);
    await screenshot(page, 'bank-messages-outbox-en');
  });

  it('the sync doctor names files that differ only in case, and the Outbox shows a locked file with its reason', async () => {
    const failed = join(account.root, 'Failed');
    await writeFile(join(failed, 'note-e2e.txt'), 'one');
    await writeFile(join(failed, 'NOTE-e2e.txt'), 'two');
    const busy = join(account.root, 'Outbox', 'Invoices', LOCKED);
    await writeFile(busy, await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml')));
    const held = await lockFile(busy);
    try {
      await openOutbox(page);
      const row = page.locator('tr[data-pending-state="locked"]', { hasText: LOCKED });
      await row.waitFor({ timeout: 60_000 });
      expect(await row.locator('.badge').textContent()).toBe('Locked');
      expect(await row.textContent()).toContain(held.reason === 'locked' ? 'Locked by another program' : 'not allowed to read');
      await screenshot(page, 'outbox-locked-en');
      await openAccountSettings(page);
      const doctor = page.locator('[data-doctor]');
      const collision = doctor.locator('[data-finding="case-collision"]');
      await collision.waitFor();
      expect(await collision.textContent()).toMatch(/In Failed, NOTE-e2e\.txt, note-e2e\.txt differ only in upper and lower case/);
      expect(await doctor.locator('[data-finding="locked"]').textContent()).toContain(`Outbox/Invoices/${LOCKED}`);
      await doctor.scrollIntoViewIfNeeded();
      await screenshot(page, 'settings-doctor-en');
    } finally {
      // Gone before it is freed: the later steps see the outbox they expect.
      await rm(busy, { force: true });
      await held.release();
      await rm(join(failed, 'note-e2e.txt'), { force: true });
      await rm(join(failed, 'NOTE-e2e.txt'), { force: true });
    }
  });

  it('the RI delete option is off by default, is turned on and saved, and stays on after a reload', async () => {
    await setLanguage(page, 'en');
    await openAccountSettings(page);
    const box = page.getByLabel(TEXTS.en.deleteRi, { exact: true });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    const form = page.locator('form', { has: box });
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.locator('.notice-ok').waitFor();
    if (!app) throw new Error('no app');
    const [saved] = await bridgeCall<AccountView[]>(app.host, 'accounts.list');
    expect(saved?.deleteRiAfterDownload).toBe(true);
    await page.reload();
    await openAccountSettings(page);
    expect(await page.getByLabel(TEXTS.en.deleteRi, { exact: true }).isChecked()).toBe(true);
  });

  it('the outbox with its bank-message rows: translated and no serious axe violation in fi, sv, nb and en', async () => {
    const found: string[] = [];
    for (const lang of ['fi', 'sv', 'nb', 'en'] as const) {
      await setLanguage(page, lang);
      await openOutbox(page);
      const sent = rowOf(page, SENT);
      await sent.waitFor();
      // The rows are re-rendered in the new language after the switch: wait for it rather than read the old one.
      await expect.poll(() => sent.locator('td').nth(1).textContent(), { timeout: 10_000 }).toBe(TEXTS[lang].kind);
      expect(await sent.locator('.badge-outbox-done').textContent()).toBe(TEXTS[lang].done);
      expect(await sent.locator('td').nth(3).textContent()).toBe(TEXTS[lang].ok);
      const failed = rowOf(page, NOT_BANK);
      expect(await failed.locator('td').nth(1).textContent()).toBe(TEXTS[lang].kind);
      expect(await failed.locator('.badge-outbox-failed').textContent()).toBe(TEXTS[lang].failed);
      found.push(...(await seriousViolations(page)).map((v) => `${lang}: ${v}`));
      await screenshot(page, `bank-messages-outbox-${lang}`);
    }
    expect(found).toEqual([]);
  });

  it('the outbox with its bank-message rows in the dark theme: no serious axe violation', async () => {
    if (!app) throw new Error('no app');
    const { page: dark, context } = await openApp(app.browser, app.host.url, { colorScheme: 'dark' });
    try {
      await dark.waitForSelector('nav [data-page="sent"]');
      await setLanguage(dark, 'en');
      await openOutbox(dark);
      await rowOf(dark, SENT).locator('.badge-outbox-done').waitFor();
      await rowOf(dark, NOT_BANK).locator('.badge-outbox-failed').waitFor();
      expect(await seriousViolations(dark)).toEqual([]);
      await screenshot(dark, 'bank-messages-outbox-en-dark');
    } finally {
      await context.close();
    }
  });
});
