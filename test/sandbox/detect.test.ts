import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICES, type InvoiceRecord } from '../../sandbox/domain/records';
import type { Party } from '../../shared/schemas/invoice';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

const FI_SENDER: Party = { name: 'Toimittaja Oy', bid: '0112038-9', country: 'FI', eia: '0216:003701120389' };
let seq = 0;

/** A received invoice put straight into the invoices table (the invoices group owns its upload). */
function receive(c: TestCompany, over: Partial<InvoiceRecord> & { xml?: string } = {}): InvoiceRecord {
  const id = randomUUID();
  const blob = `test-${id}`;
  sb.ctx.store.blobs.put(blob, Buffer.from(over.xml ?? '<Invoice/>', 'latin1'));
  const at = new Date(Date.UTC(2026, 0, 1) + ++seq * 60_000).toISOString();
  const { xml: _xml, ...rest } = over;
  const rec: InvoiceRecord = {
    id,
    company_id: c.company_id,
    direction: 'RECEIVED',
    uuid: id,
    status: 'DELIVERED',
    number: `INV-${seq}`,
    reference: null,
    sender: FI_SENDER,
    recipient: null,
    received_at: at,
    created_at: at,
    date: at.slice(0, 10),
    date_due: null,
    source_format: 'PEPPOLBIS30',
    sum: 124,
    sum_tax: 24,
    currency: 'EUR',
    origin: 'EXTERNAL',
    destination: null,
    comment: null,
    files: [],
    actions: [],
    revision: 1,
    virtual_barcode: null,
    handled: false,
    seq: 1_000_000 + seq,
    internal: {
      original: { id: blob, filename: 'i.xml', mimetype: 'application/xml', blob, sha256: '', size: 0 },
      image: null,
      attachments: [],
      upload_fields: {},
    },
    ...rest,
  };
  return sb.ctx.store.table<InvoiceRecord>(INVOICES).put(rec);
}

const ubl = (iban: string) =>
  `<?xml version="1.0"?><Invoice><cac:PaymentMeans><cac:PayeeFinancialAccount><cbc:ID>${iban}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans></Invoice>`;

interface Result {
  status: string;
  executed_checks: string[];
  findings: string[];
}
const results = async (token: string, id: string, lang?: string) => {
  const res = await sb.call(`/v1/invoices/${id}/detect_results${lang ? `?lang=${lang}` : ''}`, { token });
  return { status: res.status, body: (await res.json()) as Result & { code?: string } };
};
const setFindings = (id: string, findings: { check: string; reason_code: string }[]) =>
  sb.call(`/__sandbox/invoices/${id}/detect`, { method: 'PUT', json: { findings } });

describe('Detect checks configuration', () => {
  it('enables all five checks for a new company, toggles them with on_invoice_receive[] and disables all with an empty list', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const get = async () =>
      ((await (await sb.call('/v1/services/detect/checks', { token })).json()) as { on_invoice_receive: string[] }).on_invoice_receive;
    expect(await get()).toEqual(['SUPPLIER_ACTIVATION', 'BANK_ACCOUNT_CHANGED', 'SENDER_BID_STATUS', 'SENDER_WARNING_LIST', 'VAT']);
    const patch = (qs: string) => sb.call(`/v1/services/detect/checks?${qs}`, { token, method: 'PATCH' });
    expect((await patch('on_invoice_receive[]=VAT&on_invoice_receive[]=SENDER_BID_STATUS')).status).toBe(204);
    expect(await get()).toEqual(['SENDER_BID_STATUS', 'VAT']);
    const bad = await patch('on_invoice_receive[]=VAT&on_invoice_receive[]=TELEPATHY');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: string[] }).details[0]).toContain("'TELEPATHY'");
    expect(await get()).toEqual(['SENDER_BID_STATUS', 'VAT']);
    expect((await patch('')).status).toBe(400);
    expect((await patch('on_invoice_receive[]=')).status).toBe(204);
    expect(await get()).toEqual([]);
  });

  it('needs analysis or company:read to read and analysis or company:write to change', async () => {
    const c = await sb.company();
    const lookup = await sb.token(c, 'lookup');
    expect((await sb.call('/v1/services/detect/checks', { token: lookup })).status).toBe(403);
    const analysis = await sb.token(c, 'analysis');
    expect((await sb.call('/v1/services/detect/checks', { token: analysis })).status).toBe(200);
    expect((await sb.call('/v1/services/detect/checks?on_invoice_receive=VAT', { token: analysis, method: 'PATCH' })).status).toBe(204);
    const readOnly = await sb.token(c, 'global');
    expect((await sb.call('/v1/services/detect/checks', { token: readOnly })).status).toBe(200);
    const denied = await sb.call('/v1/services/detect/checks?on_invoice_receive=VAT', { token: readOnly, method: 'PATCH' });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'forbidden', details: ['insufficient_scope', expect.any(String)] });
    expect((await sb.call('/v1/services/detect/checks')).status).toBe(401);
  });
});

describe('Detect results', () => {
  it('answers OK when every check ran without findings, with the executed checks named', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const inv = receive(c);
    const r = await results(token, inv.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'OK',
      executed_checks: [
        'Supplier activation',
        'Bank account change',
        'Sender business ID status',
        'Sender warning list',
        'VAT registration',
      ],
      findings: [],
    });
  });

  it('answers DISABLED when no checks are enabled, and keeps a result computed once', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const kept = receive(c);
    expect((await results(token, kept.id)).body.status).toBe('OK');
    await sb.call('/v1/services/detect/checks?on_invoice_receive[]=', { token, method: 'PATCH' });
    const later = receive(c, { sender: { ...FI_SENDER, bid: '9990005-9' } });
    expect((await results(token, later.id)).body).toEqual({ status: 'DISABLED', executed_checks: [], findings: [] });
    // The first invoice's result was computed with all checks enabled and stays so.
    expect((await results(token, kept.id)).body.executed_checks).toHaveLength(5);
    await sb.call('/v1/services/detect/checks?on_invoice_receive[]=SENDER_BID_STATUS', { token, method: 'PATCH' });
    expect((await results(token, later.id)).body.status).toBe('DISABLED');
    const third = receive(c, { sender: { ...FI_SENDER, bid: '9990005-9' } });
    expect((await results(token, third.id)).body).toEqual({
      status: 'WARN',
      executed_checks: ['Sender business ID status'],
      findings: ["The sender's company is bankrupt."],
    });
  });

  it('derives findings from the invoice: no VAT charged, unsupported country, invalid business ID, warning list', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const noVat = receive(c, { sum_tax: 0.5, sender: { name: 'Acme Inc', bid: '12-3456789', country: 'US' } });
    expect((await results(token, noVat.id)).body).toMatchObject({ status: 'OK', findings: [] });
    const invalid = receive(c, { sender: { ...FI_SENDER, bid: '112038-9', vat: null } });
    expect((await results(token, invalid.id)).body).toMatchObject({
      status: 'WARN',
      findings: ["The sender's business ID is not valid.", "The sender's VAT number is missing or not valid."],
    });
    const listed = receive(c, { sender: { name: 'Suspicious AS', bid: '999990088', country: 'NO' } });
    expect((await results(token, listed.id, 'nb')).body.findings).toEqual(['Avsenderen står på en liste over mistenkelige selskaper.']);
  });

  it('flags a bank account that replaces the account the sender always used', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const first = receive(c, { xml: ubl('FI21 1234 5600 0007 85') });
    const same = receive(c, { xml: ubl('FI2112345600000785') });
    const changed = receive(c, { xml: ubl('FI5542345670000081') });
    const other = receive(c, { xml: ubl('FI5542345670000081'), sender: { name: 'Toinen Oy', bid: '0737546-2', country: 'FI' } });
    expect((await results(token, first.id)).body.status).toBe('OK');
    expect((await results(token, same.id)).body.status).toBe('OK');
    expect((await results(token, changed.id, 'fi')).body).toMatchObject({
      status: 'WARN',
      findings: ['Pankkitili poikkeaa tileistä, joita lähettäjä on käyttänyt aiemmin.'],
    });
    expect((await results(token, other.id)).body.findings).toEqual([]);
    // After two different accounts the sender has no usual one: a third is not flagged.
    const third = receive(c, { xml: ubl('NO9386011117947') });
    expect((await results(token, third.id)).body.status).toBe('OK');
  });

  it('reads the bank account of a real Finvoice file', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const finvoice = readFileSync('/work/shared/fixtures/invoices/finvoice3/finvoice_30_example.xml').toString('latin1');
    receive(c, { xml: ubl('FI0000000000000001') });
    const inv = receive(c, { xml: finvoice });
    expect((await results(token, inv.id, 'sv')).body.findings).toEqual([
      'Bankkontot skiljer sig från de konton avsändaren har använt tidigare.',
    ]);
  });

  it('localises texts: fi, sv, nb and no; unknown languages and region tags fall back sensibly', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const inv = receive(c);
    await setFindings(inv.id, [{ check: 'SENDER_BID_STATUS', reason_code: 'SENDER_BID_STATUS_UNDER_LIQUIDATION' }]);
    const cases: [string | undefined, string, string][] = [
      [undefined, 'Sender business ID status', "The sender's company is in liquidation."],
      ['en', 'Sender business ID status', "The sender's company is in liquidation."],
      ['fi', 'Lähettäjän Y-tunnuksen tila', 'Lähettäjäyritys on selvitystilassa.'],
      ['fi-FI', 'Lähettäjän Y-tunnuksen tila', 'Lähettäjäyritys on selvitystilassa.'],
      ['sv', 'Avsändarens organisationsnummer', 'Avsändarens företag är i likvidation.'],
      ['nb', 'Avsenderens organisasjonsnummer', 'Avsenderens selskap er under avvikling.'],
      ['no', 'Avsenderens organisasjonsnummer', 'Avsenderens selskap er under avvikling.'],
      ['de', 'Sender business ID status', "The sender's company is in liquidation."],
    ];
    for (const [lang, check, finding] of cases) {
      const { body } = await results(token, inv.id, lang);
      expect(body.executed_checks[2], String(lang)).toBe(check);
      expect(body.findings, String(lang)).toEqual([finding]);
    }
    expect((await sb.call(`/v1/invoices/${inv.id}/detect_results?lang=fi&lang=sv`, { token })).status).toBe(400);
  });

  it('answers 404 not_found for an unknown, a sent or another company’s invoice', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const sent = receive(c, { direction: 'SENT' });
    const theirs = receive(await sb.company());
    for (const id of [randomUUID(), sent.id, theirs.id]) {
      const r = await results(token, id);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    }
  });

  it('answers 404 with the DISABLED entity when the Detect service is not enabled', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const inv = receive(c);
    const flag = await sb.call(`/__sandbox/companies/${c.company_id}/detect`, { method: 'PATCH', json: { enabled: false } });
    expect(await flag.json()).toMatchObject({ enabled: false });
    const r = await results(token, inv.id);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'service_not_enabled', status: 'DISABLED', executed_checks: [], findings: [] });
    await sb.call(`/__sandbox/companies/${c.company_id}/detect`, { method: 'PATCH', json: { enabled: true } });
    expect((await results(token, inv.id)).status).toBe(200);
    expect((await sb.call(`/__sandbox/companies/${randomUUID()}/detect`, { method: 'PATCH', json: { enabled: true } })).status).toBe(404);
    expect((await sb.call(`/__sandbox/companies/${c.company_id}/detect`, { method: 'PATCH', json: { enabled: 'no' } })).status).toBe(400);
  });

  it('needs invoice:receive or analysis', async () => {
    const c = await sb.company();
    const inv = receive(c);
    expect((await results(await sb.token(c, 'company'), inv.id)).status).toBe(403);
    expect((await results(await sb.token(c, 'invoice:receive'), inv.id)).status).toBe(200);
    expect((await results(await sb.token(c, 'analysis'), inv.id)).status).toBe(200);
  });
});

describe('admin findings', () => {
  it('sets findings (validated against the reason-code table), recomputes, and clears back to derived', async () => {
    const c = await sb.company();
    const token = await sb.token(c);
    const inv = receive(c, { sender: { ...FI_SENDER, bid: '9990005-9' } });
    expect((await results(token, inv.id)).body.findings).toEqual(["The sender's company is bankrupt."]);
    const bad = await setFindings(inv.id, [
      { check: 'VAT', reason_code: 'SENDER_BID_STATUS_BANKRUPT' },
      { check: 'VAT', reason_code: 'VAT_NOPE' },
      { check: 'VAT', reason_code: 'VAT_PENDING' },
    ]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: string[] }).details).toEqual([
      "findings.0.reason_code: 'SENDER_BID_STATUS_BANKRUPT' belongs to SENDER_BID_STATUS, not VAT",
      "findings.1.reason_code: 'VAT_NOPE' is not a reason code of the spec's table",
      'findings.2.reason_code: a PENDING code is not a finding',
    ]);
    const mixed = await setFindings(inv.id, [
      { check: 'VAT', reason_code: 'VAT_COMPANY_NOT_REGISTERED' },
      { check: 'VAT', reason_code: 'VAT_FAILED' },
    ]);
    expect(mixed.status).toBe(400);
    expect((await setFindings(inv.id, [{ check: 'TELEPATHY', reason_code: 'X' }])).status).toBe(400);

    const ok = await setFindings(inv.id, [
      { check: 'VAT', reason_code: 'VAT_COMPANY_NOT_REGISTERED' },
      { check: 'BANK_ACCOUNT_CHANGED', reason_code: 'BANK_ACCOUNT_CHANGED_CHANGED' },
    ]);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'WARN' });
    // The list names every warning: the derived bankruptcy is gone.
    expect((await results(token, inv.id)).body.findings).toEqual([
      'The bank account differs from the accounts the sender has used before.',
      'The sender is not registered for VAT, yet the invoice charges VAT.',
    ]);
    expect((await setFindings(inv.id, [])).status).toBe(200);
    expect((await results(token, inv.id)).body.status).toBe('OK');
    expect((await sb.call(`/__sandbox/invoices/${inv.id}/detect`, { method: 'DELETE' })).status).toBe(204);
    expect((await results(token, inv.id)).body.status).toBe('WARN');
    expect((await setFindings(randomUUID(), [])).status).toBe(404);
  });
});
