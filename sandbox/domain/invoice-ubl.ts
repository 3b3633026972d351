import type { SourceFormat } from '../../shared/enums';
import {
  all,
  attr,
  decodeBase64,
  type EmbeddedFile,
  emptyParty,
  isIban,
  num,
  one,
  type ParsedInvoice,
  type ParsedLine,
  type ParsedParty,
  parseIsoDate,
  textOf,
  txt,
  type XNode,
} from './invoice-parsed';

/** UBL 2.1 Invoice and CreditNote: Peppol BIS Billing 3.0, EHF 3.0 and plain EN 16931 UBL. */

function party(p: XNode): ParsedParty {
  if (!p) return emptyParty();
  const endpoint = one(p, 'EndpointID');
  const endpointValue = txt(p, 'EndpointID');
  const scheme = attr(endpoint, 'schemeID');
  const vatScheme = all(p, 'PartyTaxScheme').find((t) => (txt(t, 'TaxScheme/ID') ?? '').toUpperCase() === 'VAT');
  const addr = one(p, 'PostalAddress');
  const country = txt(addr, 'Country/IdentificationCode');
  return {
    eia: endpointValue ? (scheme ? `${scheme}:${endpointValue}` : endpointValue) : null,
    bid: txt(p, 'PartyLegalEntity/CompanyID') ?? txt(p, 'PartyIdentification/ID'),
    name: txt(p, 'PartyName/Name') ?? txt(p, 'PartyLegalEntity/RegistrationName'),
    country,
    vat: vatScheme ? txt(vatScheme, 'CompanyID') : null,
    operator: null,
    email: txt(p, 'Contact/ElectronicMail'),
    address: addr ? { street: txt(addr, 'StreetName'), post_code: txt(addr, 'PostalZone'), city: txt(addr, 'CityName'), country } : null,
  };
}

function line(l: XNode, credit: boolean): ParsedLine {
  return {
    id: txt(l, 'ID'),
    name: txt(l, 'Item/Name'),
    description: txt(l, 'Item/Description') ?? txt(l, 'Note'),
    quantity: num(txt(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity')),
    unit: attr(one(l, credit ? 'CreditedQuantity' : 'InvoicedQuantity'), 'unitCode'),
    unit_price: num(txt(l, 'Price/PriceAmount')),
    net_amount: num(txt(l, 'LineExtensionAmount')),
    vat_category: txt(l, 'Item/ClassifiedTaxCategory/ID'),
    vat_percent: num(txt(l, 'Item/ClassifiedTaxCategory/Percent')),
  };
}

function sourceFormat(customization: string | null, sellerCountry: string | null): SourceFormat {
  const c = customization ?? '';
  if (c.includes('anskaffelser.no')) return 'EHF30';
  // EHF Billing 3.0 is Peppol BIS Billing 3.0 with the Norwegian rules: a Norwegian seller's BIS 3 is EHF 3.0.
  if (c.includes('peppol.eu:2017:poacc:billing:3.0')) return sellerCountry === 'NO' ? 'EHF30' : 'PEPPOLBIS30';
  return 'UBL21';
}

export function parseUbl(root: XNode, rootName: 'Invoice' | 'CreditNote'): ParsedInvoice {
  const credit = rootName === 'CreditNote';
  const sender = party(one(root, 'AccountingSupplierParty/Party'));
  const recipient = party(one(root, 'AccountingCustomerParty/Party'));
  const currency = txt(root, 'DocumentCurrencyCode');
  // A second TaxTotal may give the VAT in the tax currency; the one in the document currency counts.
  const taxTotals = all(root, 'TaxTotal');
  const taxTotal = taxTotals.find((t) => attr(one(t, 'TaxAmount'), 'currencyID') === currency) ?? taxTotals[0];
  const means = one(root, 'PaymentMeans');
  const account = txt(means, 'PayeeFinancialAccount/ID');
  const typeCode = txt(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode');
  const embedded: EmbeddedFile[] = [];
  for (const ref of all(root, 'AdditionalDocumentReference')) {
    const obj = one(ref, 'Attachment/EmbeddedDocumentBinaryObject');
    const f = decodeBase64(
      attr(obj, 'filename') ?? `${txt(ref, 'ID') ?? 'attachment'}`,
      attr(obj, 'mimeCode'),
      txt(ref, 'Attachment/EmbeddedDocumentBinaryObject'),
    );
    if (f) embedded.push(f);
  }
  return {
    family: 'UBL',
    source_format: sourceFormat(txt(root, 'CustomizationID'), sender.country),
    document_type: credit || typeCode === '381' ? 'CREDIT_NOTE' : 'INVOICE',
    number: txt(root, 'ID') ?? '',
    date: parseIsoDate(txt(root, 'IssueDate')),
    date_due: parseIsoDate(txt(root, 'DueDate') ?? txt(means, 'PaymentDueDate')),
    currency,
    sum: num(txt(root, 'LegalMonetaryTotal/TaxInclusiveAmount')),
    sum_tax: num(txt(taxTotal, 'TaxAmount')),
    sum_excluding_tax: num(txt(root, 'LegalMonetaryTotal/TaxExclusiveAmount')),
    sum_payable: num(txt(root, 'LegalMonetaryTotal/PayableAmount')),
    reference: txt(means, 'PaymentID') ?? txt(root, 'BuyerReference'),
    buyer_reference: txt(root, 'BuyerReference'),
    order_reference: txt(root, 'OrderReference/ID'),
    notes: all(root, 'Note')
      .map(textOf)
      .filter((s): s is string => s !== null),
    sender,
    recipient,
    lines: all(root, credit ? 'CreditNoteLine' : 'InvoiceLine').map((l) => line(l, credit)),
    vat_breakdown: all(taxTotal, 'TaxSubtotal').map((s) => ({
      category: txt(s, 'TaxCategory/ID'),
      percent: num(txt(s, 'TaxCategory/Percent')),
      taxable_amount: num(txt(s, 'TaxableAmount')),
      tax_amount: num(txt(s, 'TaxAmount')),
    })),
    payment: {
      iban: isIban(account) ? (account ?? '').replace(/\s/g, '') : null,
      bic: txt(means, 'PayeeFinancialAccount/FinancialInstitutionBranch/ID'),
      account: isIban(account) ? null : account,
      reference: txt(means, 'PaymentID'),
      means_code: txt(means, 'PaymentMeansCode'),
      terms: txt(root, 'PaymentTerms/Note'),
    },
    embedded,
  };
}
