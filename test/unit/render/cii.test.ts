import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../../../main/core/render';
import { fixture } from './fixtures';

// Every expected value below was read in the fixture file itself.

describe('UN/CEFACT CII invoices', () => {
  const r = renderInvoice(fixture('en16931-cii/CII_example3.xml'));

  it('reads the header, with format-102 dates as ISO dates', () => {
    expect(r).toMatchObject({
      format: 'CII',
      kind: 'invoice',
      number: 'TOSL108',
      issueDate: '2013-04-10',
      dueDate: '2013-05-10',
      currency: 'DKK',
      buyerReference: null,
      notes: ['Contract was established through our website'],
    });
  });

  it('reads both parties', () => {
    expect(r.seller).toEqual({
      name: 'SubscriptionSeller',
      businessId: 'DK16356706',
      vatId: 'DK16356706',
      eia: null,
      address: ['Main street 2, Building 4', '54321 Big city'],
      country: 'DK',
      contact: 'antonio@SubscriptionsSeller.dk',
    });
    expect(r.buyer).toEqual({
      name: 'Buyercompany ltd',
      businessId: '5790000435975',
      vatId: null,
      eia: null,
      address: ['Anystreet, Building 1', '101 Anytown'],
      country: 'DK',
      contact: null,
    });
  });

  it('reads lines, VAT, totals and payment', () => {
    expect(r.lines).toEqual([
      { id: '1', description: 'Paper subscription', quantity: 1, unit: 'C62', unitPrice: 800, vatRate: 25, net: 800 },
    ]);
    expect(r.vat).toEqual([{ rate: 25, category: 'S', taxable: 900, tax: 225 }]);
    expect(r.totals).toEqual({ net: 900, tax: 225, gross: 1125, payable: 1125 });
    expect(r.payment).toEqual({ iban: 'DK1212341234123412', bic: null, reference: 'Payref1', terms: null, dueDate: '2013-05-10' });
  });

  it('reads several VAT rates, order reference and the payable amount after prepayment', () => {
    const big = renderInvoice(fixture('en16931-cii/CII_example2.xml'));
    expect(big).toMatchObject({ number: 'TOSL108', issueDate: '2013-06-30', currency: 'NOK', orderReference: '123' });
    expect(big.vat.map((v) => v.rate)).toEqual([25, 15, 0]);
    expect(big.totals).toEqual({ net: 1436.5, tax: 365.28, gross: 1801.78, payable: 801.78 });
    expect(big.lines).toHaveLength(5);
  });
});
