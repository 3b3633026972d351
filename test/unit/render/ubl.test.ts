import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../../../main/core/render';
import { fixture } from './fixtures';

// Every expected value below was read in the fixture file itself.

describe('UBL invoices (Peppol BIS 3)', () => {
  const r = renderInvoice(fixture('peppol-bis3/base-example.xml'));

  it('reads the header', () => {
    expect(r).toMatchObject({
      format: 'UBL',
      kind: 'invoice',
      number: 'Snippet1',
      issueDate: '2017-11-13',
      dueDate: '2017-12-01',
      currency: 'EUR',
      buyerReference: '0150abc',
      orderReference: null,
    });
  });

  it('reads both parties: name, ids, endpoint, address, country, contact', () => {
    expect(r.seller).toEqual({
      name: 'SupplierTradingName Ltd.',
      businessId: 'GB983294',
      vatId: 'GB1232434',
      eia: '0088:9482348239847239874',
      address: ['Main street 1', 'Postbox 123', 'GB 123 EW London'],
      country: 'GB',
      contact: null,
    });
    expect(r.buyer).toEqual({
      name: 'BuyerTradingName AS',
      businessId: '39937423947',
      vatId: 'SE4598375937',
      eia: '0002:FR23342',
      address: ['Hovedgatan 32', 'Po box 878', '456 34 Stockholm'],
      country: 'SE',
      contact: 'Lisa Johnson, 23434234, lj@buyer.se',
    });
  });

  it('reads the lines, with negative quantities as they are', () => {
    expect(r.lines).toEqual([
      { id: '1', description: 'item name', quantity: 7, unit: 'DAY', unitPrice: 400, vatRate: 25, net: 2800 },
      { id: '2', description: 'item name 2', quantity: -3, unit: 'DAY', unitPrice: 500, vatRate: 25, net: -1500 },
    ]);
  });

  it('reads the VAT breakdown, totals and payment', () => {
    expect(r.vat).toEqual([{ rate: 25, category: 'S', taxable: 1325, tax: 331.25 }]);
    expect(r.totals).toEqual({ net: 1325, tax: 331.25, gross: 1656.25, payable: 1656.25 });
    expect(r.payment).toEqual({
      iban: 'IBAN32423940',
      bic: 'BIC324098',
      reference: 'Snippet1',
      terms: 'Payment within 10 days, 2% discount',
      dueDate: '2017-12-01',
    });
  });
});

describe('UBL credit notes', () => {
  it('reads a CreditNote document: CreditNoteLine, CreditedQuantity, payment without a due date', () => {
    const r = renderInvoice(fixture('en16931-ubl/ubl-tc434-creditnote1.xml'));
    expect(r).toMatchObject({ format: 'UBL', kind: 'credit_note', number: '018304 / 28865', issueDate: '2019-09-23', currency: 'EUR' });
    expect(r.seller).toMatchObject({
      name: 'My Supplier Company N.V.',
      businessId: '0000000196',
      vatId: 'BE0000000196',
      eia: '0201:0000000196',
      address: ['De Grote Meir 22', '2000 ANTWERPEN'],
      contact: 'john.doole@mysuppliercompany.be',
    });
    expect(r.lines).toEqual([
      { id: '1', description: 'Exonération du versement du PP', quantity: 1, unit: 'C62', unitPrice: 100.11, vatRate: 0, net: 100.11 },
    ]);
    expect(r.vat).toEqual([{ rate: 0, category: 'E', taxable: 100.11, tax: 0 }]);
    expect(r.totals).toEqual({ net: 100.11, tax: 0, gross: 100.11, payable: 100.11 });
    expect(r.payment).toEqual({ iban: 'BE91000000143476', bic: 'BPOTBEB1', reference: '010676609538', terms: null, dueDate: null });
  });

  it('reads an EHF 3 credit note', () => {
    const r = renderInvoice(fixture('ehf3/Creditnote_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml'));
    expect(r).toMatchObject({ kind: 'credit_note', number: '0997462625', issueDate: '2019-04-01', currency: 'NOK' });
    expect(r.seller.name).toBe('Havblikk Nett AS');
    expect(r.buyer.name).toBe('Kraftselskapet AS');
    expect(r.totals).toEqual({ net: 1234.71, tax: 308.63, gross: 1543.34, payable: 1543.34 });
    expect(r.payment.iban).toBe('NO9386011117947');
  });

  it('calls a UBL Invoice with type code 381 a credit note too', () => {
    const xml = fixture('peppol-bis3/base-example.xml')
      .toString('utf8')
      .replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>381</cbc:InvoiceTypeCode>');
    expect(renderInvoice(Buffer.from(xml)).kind).toBe('credit_note');
  });
});

describe('UBL details', () => {
  it('reads an EHF 3 invoice with several VAT rates and a rounded payable amount', () => {
    const r = renderInvoice(fixture('ehf3/ehf-3-faktura-1.xml'));
    expect(r).toMatchObject({ number: 'TOSL108', issueDate: '2013-06-30', currency: 'NOK' });
    expect(r.lines).toHaveLength(5);
    expect(r.vat.map((v) => v.rate)).toEqual([25, 15, 0]);
    expect(r.totals).toEqual({ net: 1436.5, tax: 365.28, gross: 1801.78, payable: 802 });
  });

  it('makes white space inside names one space', () => {
    const r = renderInvoice(fixture('en16931-ubl/sample-discount-price.xml'));
    expect(r.buyer.name).toBe('HEP-OPERATOR DISTRIBUCIJSKOG SUSTAVA D.O.O. ZA DISTRIBUCIJU I OPSKRBU ELEKTRICNE ENERGIJE');
  });

  it('decodes a UTF-16 file by its byte order mark', () => {
    const utf8 = fixture('peppol-bis3/base-example.xml').toString('utf8').replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf8, 'utf16le')]);
    expect(renderInvoice(utf16).seller.name).toBe('SupplierTradingName Ltd.');
  });
});
