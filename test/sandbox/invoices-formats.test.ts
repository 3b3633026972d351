import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInvoiceXml } from '../../sandbox/domain/invoice-xml';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/invoices/', import.meta.url));
const fixture = (path: string): Buffer => readFileSync(FIXTURES + path);

type Json = Record<string, unknown>;
let sb: TestSandbox;
let c: TestCompany;
let token: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c);
});
afterAll(async () => sb.close());

async function deliver(path: string, fields: Record<string, string> = {}): Promise<Json> {
  const name = path.split('/').at(-1) ?? 'x.xml';
  const res = await sb.call(`/__sandbox/companies/${c.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name, data: fixture(path) }, fields),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Json;
}
const get = (path: string) => sb.call(path, { token });

describe('parsing, one file per format, values as read in the files', () => {
  it('Peppol BIS 3 (UBL): peppol-bis3/base-example.xml', async () => {
    const inv = await deliver('peppol-bis3/base-example.xml');
    expect(inv).toMatchObject({
      direction: 'RECEIVED',
      status: 'DELIVERED',
      origin: 'EXTERNAL',
      source_format: 'PEPPOLBIS30',
      number: 'Snippet1',
      date: '2017-11-13',
      date_due: '2017-12-01',
      currency: 'EUR',
      sum: 1656.25,
      sum_tax: 331.25,
      reference: 'Snippet1',
      sender: { eia: '0088:9482348239847239874', bid: 'GB983294', name: 'SupplierTradingName Ltd.', country: 'GB', vat: 'GB1232434' },
      recipient: { eia: '0002:FR23342', name: 'BuyerTradingName AS', country: 'SE', vat: 'SE4598375937' },
    });
    expect((inv.actions as Json[])[0]).toMatchObject({ type: 'RECEIVED', channel: 'EINVOICE' });
    const ext = (await (await get(`/v1/invoices/${inv.id}?return_format=EXTENDED_DETAILS`)).json()) as Json;
    expect(ext).toMatchObject({
      document_type: 'INVOICE',
      buyer_reference: '0150abc',
      payment: { account: 'IBAN32423940', bic: 'BIC324098' },
    });
  });

  it('EHF 3.0: ehf3/ehf-3-faktura-1.xml, with its embedded attachment as a file', async () => {
    const inv = await deliver('ehf3/ehf-3-faktura-1.xml');
    expect(inv).toMatchObject({
      source_format: 'EHF30',
      number: 'TOSL108',
      date: '2013-06-30',
      date_due: '2013-07-20',
      currency: 'NOK',
      sum: 1801.78,
      sum_tax: 365.28,
      reference: '0003434323213231',
      sender: { eia: '0192:123456785', bid: '123456785', name: 'Salescompany ltd.', vat: 'NO123456785MVA', country: 'NO' },
      recipient: { eia: '0192:987654325', name: 'The Buyercompany' },
    });
    const files = inv.files as { filename: string; href: string }[];
    expect(files.map((f) => f.filename)).toEqual(['Hours-spent.csv']);
    const file = await fetch(files[0]?.href ?? '', { headers: { authorization: `Bearer ${token}` } });
    expect(await file.text()).toBe('Test base 64 encoding');
    expect(file.headers.get('content-disposition')).toContain('Hours-spent.csv');
    const ext = (await (await get(`/v1/invoices/${inv.id}?return_format=EXTENDED_DETAILS`)).json()) as Json;
    expect(ext.lines).toHaveLength(5);
    expect(ext.vat_breakdown).toHaveLength(3);
    expect((ext.lines as Json[])[0]).toMatchObject({ id: '1', name: 'Laptop computer', quantity: 1, net_amount: 1273, vat_percent: 25 });
    expect(ext.sum_payable).toBe(802);
  });

  it('UN/CEFACT CII: en16931-cii/CII_example3.xml', async () => {
    const inv = await deliver('en16931-cii/CII_example3.xml');
    expect(inv).toMatchObject({
      source_format: 'CII',
      number: 'TOSL108',
      date: '2013-04-10',
      date_due: '2013-05-10',
      currency: 'DKK',
      sum: 1125,
      sum_tax: 225,
      reference: 'Payref1',
      sender: { name: 'SubscriptionSeller', bid: 'DK16356706', vat: 'DK16356706', country: 'DK' },
      recipient: { name: 'Buyercompany ltd', country: 'DK' },
    });
    const ext = (await (await get(`/v1/invoices/${inv.id}?return_format=EXTENDED_DETAILS`)).json()) as Json;
    expect(ext).toMatchObject({
      payment: { iban: 'DK1212341234123412', means_code: '30' },
      notes: ['Contract was established through our website'],
    });
    expect(ext.lines).toEqual([expect.objectContaining({ name: 'Paper subscription', unit_price: 800, net_amount: 800 })]);
  });

  it('Finvoice 3.0 in ISO-8859-15: finvoice3/finvoice_30_example.xml, with its virtual barcode', async () => {
    const inv = await deliver('finvoice3/finvoice_30_example.xml');
    expect(inv).toMatchObject({
      source_format: 'FINVOICE30',
      number: '123456',
      date: '2018-12-03',
      date_due: '2018-12-17',
      currency: 'EUR',
      sum: 124,
      sum_tax: 24,
      reference: 'RF911234567890120',
      sender: {
        eia: '00371234567890',
        operator: 'NDEAFIHH',
        bid: '6666666-5',
        name: 'Pullin Musiikki oy',
        vat: 'FI66666665',
        country: 'FI',
      },
      recipient: { eia: '00370987654321', name: 'Sensorit Oy' },
      // version 5 (RF reference): account, euros, cents, RF check digits, reference, due date
      virtual_barcode: '574295018000000140001240091000000001234567890120181217',
    });
    const ext = (await (await get(`/v1/invoices/${inv.id}?return_format=EXTENDED_DETAILS`)).json()) as Json;
    // "päivää" only survives when the ISO-8859-15 bytes are decoded as such.
    expect(ext.payment).toMatchObject({ iban: 'FI7429501800000014', bic: 'NDEAFIHH', terms: '14 päivää netto' });
  });

  it('a UBL credit note: peppol-bis3/base-creditnote-correction.xml', async () => {
    const inv = await deliver('peppol-bis3/base-creditnote-correction.xml');
    const ext = (await (await get(`/v1/invoices/${inv.id}?return_format=EXTENDED_DETAILS`)).json()) as Json;
    expect(ext).toMatchObject({ document_type: 'CREDIT_NOTE', number: 'Snippet1', sum: 1656.25 });
  });
});

describe('GET /v1/invoices/{id} return formats', () => {
  it('answers the original XML for its own family, byte for byte, with type and file name', async () => {
    const fin = await deliver('finvoice3/finvoice_30_example.xml');
    const res = await get(`/v1/invoices/${fin.id}?return_format=FINVOICE30`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="finvoice_30_example.xml"; filename*=UTF-8''finvoice_30_example.xml`,
    );
    expect(Buffer.from(await res.arrayBuffer()).equals(fixture('finvoice3/finvoice_30_example.xml'))).toBe(true);
    const ehf = await deliver('ehf3/ehf-3-faktura-1.xml');
    const bis = await get(`/v1/invoices/${ehf.id}?return_format=PEPPOLBIS30`);
    expect(Buffer.from(await bis.arrayBuffer()).equals(fixture('ehf3/ehf-3-faktura-1.xml'))).toBe(true);
  });

  it('converts CII and Finvoice to Peppol BIS 3 that parses back to the same invoice; other formats 404', async () => {
    for (const path of ['en16931-cii/CII_example3.xml', 'finvoice3/finvoice_30_example.xml']) {
      const inv = await deliver(path);
      const res = await get(`/v1/invoices/${inv.id}?return_format=PEPPOLBIS30`);
      expect(res.status).toBe(200);
      const back = parseInvoiceXml(Buffer.from(await res.arrayBuffer()));
      expect(back).toMatchObject({
        source_format: 'PEPPOLBIS30',
        number: inv.number,
        date: inv.date,
        sum: inv.sum,
        sum_tax: inv.sum_tax,
        currency: inv.currency,
        sender: { name: (inv.sender as Json).name },
        recipient: { name: (inv.recipient as Json).name },
      });
      for (const other of ['VISMAXML60', 'TEAPPS30', 'OIOUBL21']) {
        const missing = await get(`/v1/invoices/${inv.id}?return_format=${other}`);
        expect(missing.status).toBe(404);
        expect(await missing.json()).toMatchObject({ code: 'not_found' });
      }
    }
    const cii = await deliver('en16931-cii/CII_example3.xml');
    expect((await get(`/v1/invoices/${cii.id}?return_format=FINVOICE30`)).status).toBe(404);
  });

  it('makes a real PDF for GENERATED_IMAGE and for ORIGINAL_OR_GENERATED_IMAGE without an image; ORIGINAL_IMAGE is 404', async () => {
    const inv = await deliver('ehf3/ehf-3-faktura-1.xml');
    for (const format of ['GENERATED_IMAGE', 'ORIGINAL_OR_GENERATED_IMAGE']) {
      const res = await get(`/v1/invoices/${inv.id}?return_format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('filename="invoice-TOSL108.pdf"');
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(1000);
    }
    const none = await get(`/v1/invoices/${inv.id}?return_format=ORIGINAL_IMAGE`);
    expect(none.status).toBe(404);
    expect((await get(`/v1/invoices/${inv.id}?return_format=JPEG`)).status).toBe(400);
    expect((await get(`/v1/invoices/${inv.id}?format=PDF`)).status).toBe(400);
  });

  it('answers 404 for an unknown id and for another company’s invoice', async () => {
    const inv = await deliver('peppol-bis3/base-example.xml');
    expect((await get(`/v1/invoices/${crypto.randomUUID()}`)).status).toBe(404);
    const other = await sb.token(await sb.company());
    for (const path of [
      `/v1/invoices/${inv.id}`,
      `/v1/invoices/${inv.id}/actions`,
      `/v1/invoices/${inv.id}?return_format=GENERATED_IMAGE`,
    ]) {
      const res = await sb.call(path, { token: other });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('actions and files', () => {
  it('lists actions, filtered by type, with channel details from version 2', async () => {
    const up = await sb.call('/v1/invoices', {
      method: 'POST',
      token,
      body: form({ name: 'b.xml', data: fixture('peppol-bis3/base-example.xml') }),
    });
    const inv = (await up.json()) as Json;
    const all = (await (await get(`/v1/invoices/${inv.id}/actions`)).json()) as Json[];
    expect(all.map((a) => a.type)).toEqual(['CREATED', 'SENT']);
    expect(all[1]).not.toHaveProperty('channel_details');
    const sent = (await (await get(`/v1/invoices/${inv.id}/actions?type[]=SENT&channel_details_version=2`)).json()) as Json[];
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'SENT',
        channel: 'EINVOICE',
        channel_details: { channel: 'EINVOICE', destination: '0002:FR23342', operator: null },
      }),
    ]);
    expect((await get(`/v1/invoices/${inv.id}/actions?type=LOST`)).status).toBe(400);
    expect((await get(`/v1/invoices/${inv.id}/actions?channel_details_version=3`)).status).toBe(400);
  });

  it('answers 404 for a file id the invoice does not have', async () => {
    const inv = await deliver('ehf3/ehf-3-faktura-1.xml');
    expect((await get(`/v1/invoices/${inv.id}/files/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
