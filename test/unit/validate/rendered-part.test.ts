import { describe, expect, it } from 'vitest';
import { partKey, renderedPartOf } from '../../../shared/validation/rendered-part';

describe('the rendered part a rule points at', () => {
  it.each([
    ['/Invoice', { kind: 'head' }],
    ['/Invoice/cbc:IssueDate', { kind: 'head' }],
    ['/Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country', { kind: 'seller' }],
    ['/CreditNote/cac:AccountingCustomerParty/cac:Party', { kind: 'buyer' }],
    ['/Invoice/cac:InvoiceLine[2]/cac:Price/cbc:PriceAmount', { kind: 'line', index: 1 }],
    ['/CreditNote/cac:CreditNoteLine/cbc:ID', { kind: 'line', index: 0 }],
    ['/Invoice/cac:TaxTotal/cac:TaxSubtotal[1]/cac:TaxCategory', { kind: 'vat' }],
    ['/Invoice/cac:LegalMonetaryTotal', { kind: 'totals' }],
    ['/Invoice/cac:PaymentMeans/cac:PayeeFinancialAccount', { kind: 'payment' }],
    [
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[3]/ram:SpecifiedLineTradeSettlement',
      { kind: 'line', index: 2 },
    ],
    [
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress',
      { kind: 'seller' },
    ],
    [
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[2]',
      { kind: 'vat' },
    ],
    [
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      { kind: 'totals' },
    ],
    ['/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote', { kind: 'notes' }],
    ['/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IssueDateTime', { kind: 'head' }],
    ['/Finvoice/InvoiceRow[4]/RowVatRatePercent', { kind: 'line', index: 3 }],
    ['/Finvoice/InvoiceDetails/VatSpecificationDetails', { kind: 'vat' }],
    ['/Finvoice/InvoiceDetails/InvoiceTotalVatIncludedAmount', { kind: 'totals' }],
    ['/Finvoice/EpiDetails/EpiPartyDetails', { kind: 'payment' }],
  ])('%s', (location, part) => {
    expect(renderedPartOf(location)).toEqual(part);
  });

  it('says so when no rendered part shows the element, rather than guessing', () => {
    expect(renderedPartOf('/Invoice/cac:AdditionalDocumentReference/cbc:ID')).toBeNull();
    expect(
      renderedPartOf('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty'),
    ).toBeNull();
    expect(renderedPartOf('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement')).toBeNull();
    expect(renderedPartOf('')).toBeNull();
  });

  it('keys a line by its place', () => {
    expect(partKey({ kind: 'line', index: 2 })).toBe('line-2');
    expect(partKey({ kind: 'totals' })).toBe('totals');
  });
});
