import { describe, expect, it } from 'vitest';
import { renderInvoice } from '../../../main/core/render';
import { fixture } from './fixtures';

// The fixture is ISO-8859-15, as Finvoice files usually are; expected values were read in the file.

describe('Finvoice 3.0', () => {
  const bytes = fixture('finvoice3/finvoice_30_example.xml');
  const r = renderInvoice(bytes);

  it('is decoded by its XML declaration (ISO-8859-15), not as UTF-8', () => {
    expect(bytes.includes(Buffer.from('päivää', 'latin1'))).toBe(true);
    expect(r.payment.terms).toBe('14 päivää netto');
  });

  it('reads the header', () => {
    expect(r).toMatchObject({
      format: 'FINVOICE',
      kind: 'invoice',
      number: '123456',
      issueDate: '2018-12-03',
      dueDate: '2018-12-17',
      currency: 'EUR',
      orderReference: '20130801',
    });
  });

  it('reads both parties, the e-invoice addresses from the transmission details', () => {
    expect(r.seller).toEqual({
      name: 'Pullin Musiikki oy',
      businessId: '6666666-5',
      vatId: 'FI66666665',
      eia: '00371234567890',
      address: ['Antinkatu 3C', '00100 Helsinki'],
      country: 'FI',
      contact: null,
    });
    expect(r.buyer).toEqual({
      name: 'Sensorit Oy',
      businessId: '1234567-1',
      vatId: 'FI12345671',
      eia: '00370987654321',
      address: ['Mannerheimintie 1', '00100 Helsinki'],
      country: 'FI',
      contact: null,
    });
  });

  it('reads decimal-comma amounts in lines, VAT and totals', () => {
    expect(r.lines).toEqual([{ id: '1', description: 'Sisustustaulu', quantity: 2, unit: 'C62', unitPrice: 50, vatRate: 24, net: 100 }]);
    expect(r.vat).toEqual([{ rate: 24, category: 'S', taxable: 100, tax: 24 }]);
    expect(r.totals).toEqual({ net: 100, tax: 24, gross: 124, payable: 124 });
  });

  it('reads the payment from the EPI details (the beneficiary account, not the first seller account)', () => {
    expect(r.payment).toEqual({
      iban: 'FI7429501800000014',
      bic: 'NDEAFIHH',
      reference: 'RF911234567890120',
      terms: '14 päivää netto',
      dueDate: '2018-12-17',
    });
  });

  it('calls INV02 a credit note', () => {
    const credit = Buffer.from(
      bytes.toString('latin1').replace('<InvoiceTypeCode>INV01</InvoiceTypeCode>', '<InvoiceTypeCode>INV02</InvoiceTypeCode>'),
      'latin1',
    );
    expect(renderInvoice(credit).kind).toBe('credit_note');
  });
});
