import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import { ANSWER_FOLDER, AnswerRefused } from '../../../main/core/sync/invoice-answers';
import { needsPerson } from '../../../main/core/sync/needs-person';
import { FIXTURES, startTestEngine } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { ubl } from '../../support/small-ubl';
import { ensureRules } from '../../support/validation';

// Issue 42 item 1 against the sandbox over HTTP, the real SQLite file and real folders: an answer to a
// received invoice goes out once as an INVOICE_RESPONSE document, however often it is given and across
// a restart; a seller whose address receives no invoice responses is told, and nothing is written.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  await ensureRules();
}, 600_000);
afterAll(async () => sb.close());

async function deliver(c: TestCompany, xml: string, name: string): Promise<string> {
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name, data: xml }, { sender_name: 'Toimittaja Oy' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The seller: its Peppol address (0216:003712345678, the one small-ubl's invoices name) receives invoice responses. */
async function sellerReceivingResponses(): Promise<TestCompany> {
  const seller = await sb.company({ business_id: '1234567-8' });
  const token = await sb.token(seller);
  const res = await sb.call('/v1/company/profiles', { token, method: 'POST', json: { profiles: ['INVOICE_RESPONSE'] } });
  expect(res.status, await res.clone().text()).toBe(201);
  const reg = (await res.json()) as { id: string; endpoint_id: string };
  expect(reg.endpoint_id).toBe('003712345678');
  expect((await sb.call(`/__sandbox/profiles/${reg.id}/status`, { method: 'POST', json: { status: 'active' } })).status).toBe(200);
  return seller;
}

const responsesSent = async (c: TestCompany) =>
  ((await (await sb.call(`/__sandbox/companies/${c.company_id}/uploads`)).json()) as { kind: string; filename: string }[]).filter(
    (u) => u.kind === 'document',
  );

const REJECT = { code: 'RE' as const, reasons: ['PRI' as const], actions: ['NIN' as const], text: 'The unit price is not the agreed one' };

describe('answering a received invoice', () => {
  it('sends the answer once though it is given twice at once, again later and again after a restart', async () => {
    await sellerReceivingResponses();
    const buyer = await sb.company();
    const t = await startTestEngine(sb, buyer);
    const secrets = new MemorySecrets();
    let second: Engine | null = null;
    try {
      const id = await deliver(buyer, ubl('A-1', '1234567-8', '100.00', 'To be answered'), 'A-1.xml');
      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);

      // A double click: both find one answer, and one file.
      const [a, b] = await Promise.all([
        t.engine.answerInvoice(t.account.id, id, REJECT),
        t.engine.answerInvoice(t.account.id, id, REJECT),
      ]);
      expect([a.already, b.already].sort()).toEqual([false, true]);
      const folder = join(t.root, ...ANSWER_FOLDER.split('/'));
      const files = await readdir(folder);
      expect(files).toEqual([a.answer.fileName]);
      const xml = await readFile(join(folder, a.answer.fileName), 'utf8');
      expect(xml).toContain('<cbc:ResponseCode>RE</cbc:ResponseCode>');
      expect(xml).toContain('<cbc:ID>A-1</cbc:ID>');

      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);
      expect((await responsesSent(buyer)).map((u) => u.filename)).toEqual([a.answer.fileName]);
      expect((await t.engine.answerInvoice(t.account.id, id, REJECT)).already).toBe(true);
      expect(await readdir(folder)).toEqual([]);

      // A restart: the same data folder, a new engine; the same answer is the one given.
      await t.engine.stop();
      await secrets.set(t.account.id, { apiKey: buyer.api_key, vendorApiKey: null });
      second = new Engine({ dataDir: t.dataDir, secrets, runner: { watch: false, stableMs: 150 } });
      expect((await second.answerInvoice(t.account.id, id, REJECT)).already).toBe(true);
      await second.syncOnce();
      expect(await responsesSent(buyer)).toHaveLength(1);
      expect(second.store.invoiceAnswers.ofInvoice(t.account.id, id).map((x) => [x.code, x.state])).toEqual([['RE', 'written']]);

      // Another answer to the same invoice is an answer of its own.
      const paid = await second.answerInvoice(t.account.id, id, { code: 'PD', reasons: [], actions: [], text: null });
      expect(paid.already).toBe(false);
      await second.syncOnce();
      expect(await responsesSent(buyer)).toHaveLength(2);
    } finally {
      await second?.stop();
      await t.close();
    }
  });

  it('says the seller cannot receive invoice responses when the lookup does not list them, and writes nothing', async () => {
    const buyer = await sb.company();
    const t = await startTestEngine(sb, buyer);
    try {
      const id = await deliver(
        buyer,
        ubl('B-1', '7777777-7', '10.00', 'No responses here').replace('003712345678', '003777777777'),
        'B-1.xml',
      );
      await t.engine.syncOnce();
      const refused = await t.engine.answerInvoice(t.account.id, id, REJECT).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AnswerRefused);
      expect(refused).toMatchObject({
        code: 'answer_cannot_receive',
        message: expect.stringContaining('(0216:003777777777) cannot receive invoice responses'),
      });
      expect(t.engine.store.invoiceAnswers.ofInvoice(t.account.id, id)).toEqual([]);
      expect(await readdir(join(t.root, ...ANSWER_FOLDER.split('/')))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('answers to what was sent', () => {
  it('links an Invoice Response the sandbox delivers to the sent invoice it names, for the trail, the Sent list and "Needs a person"', async () => {
    const seller = await sb.company();
    const t = await startTestEngine(sb, seller);
    try {
      const token = await sb.token(seller);
      const xml = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
      const res = await sb.call('/v1/invoices', { method: 'POST', token, body: form({ name: 'sent.xml', data: xml }) });
      expect(res.status).toBe(201);
      const inv = (await res.json()) as { id: string; number: string };
      const answered = await sb.call(`/__sandbox/invoices/${inv.id}/invoice-response`, {
        method: 'POST',
        json: { code: 'RE', reasons: ['PRI'], text: 'Not the agreed price' },
      });
      expect(answered.status, await answered.clone().text()).toBe(201);
      // What the desktop's notification is made from (main/electron/notifications.ts).
      const told: unknown[] = [];
      const off = t.engine.events.on('answered', (p) => told.push(p));
      expect([...(await t.engine.syncOnce()).values()][0]?.problems).toEqual([]);
      off();
      expect(told).toEqual([{ accountId: t.account.id, invoiceId: inv.id, number: inv.number, code: 'RE' }]);

      const responses = t.engine.store.invoiceAnswers.responsesOf(t.account.id, inv.id);
      expect(responses.map((r) => [r.code, r.reasons, r.text, r.invoiceNumber])).toEqual([
        ['RE', ['PRI'], 'Not the agreed price', inv.number],
      ]);
      expect(t.engine.store.invoiceAnswers.latestResponses(t.account.id, [inv.id]).get(inv.id)).toEqual({ code: 'RE', reasons: ['PRI'] });
      expect(t.engine.store.invoiceAnswers.openResponses(t.account.id).map((r) => r.invoiceId)).toEqual([inv.id]);
      expect(needsPerson({ store: t.engine.store, accounts: [t.account], now: Date.now(), health: new Map() }).totals.invoiceAnswers).toBe(
        1,
      );

      // Paid later: the latest answer wins, and nothing is left for a person.
      await sb.call(`/__sandbox/invoices/${inv.id}/invoice-response`, { method: 'POST', json: { code: 'PD' } });
      await sb.advanceClock(1000);
      await t.engine.syncOnce();
      expect(t.engine.store.invoiceAnswers.latestResponses(t.account.id, [inv.id]).get(inv.id)?.code).toBe('PD');
      expect(t.engine.store.invoiceAnswers.openResponses(t.account.id)).toEqual([]);
      expect(t.engine.store.invoiceAnswers.openCounts().get(t.account.id)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
