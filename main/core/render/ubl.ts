import type { RenderedInvoice, RenderedParty } from '../../../shared/bridge/views';
import { amount, attr, first, joined, kids, notesAt, text, textAt, textsAt, toIsoDate } from './tree';

/** UNTDID 1001 codes that make a UBL Invoice (or a CII document) a credit note. */
export const CREDIT_NOTE_CODES = new Set(['81', '83', '381', '396', '532']);

/** `scheme:identifier`, the spec's way of writing an e-invoice address. */
export function schemed(node: unknown): string | null {
  const value = text(node);
  if (!value) return null;
  const scheme = attr(node, 'schemeID');
  return scheme && !value.startsWith(`${scheme}:`) ? `${scheme}:${value}` : value;
}

function party(p: unknown): RenderedParty {
  const legal = first(p, 'PartyLegalEntity');
  const taxSchemes = kids(p, 'PartyTaxScheme');
  const vat = taxSchemes.find((t) => textAt(t, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT') ?? taxSchemes[0];
  const address = first(p, 'PostalAddress');
  const contact = first(p, 'Contact');
  return {
    name: textAt(p, 'PartyName', 'Name') ?? textAt(legal, 'RegistrationName'),
    businessId: textAt(legal, 'CompanyID') ?? textAt(p, 'PartyIdentification', 'ID'),
    vatId: textAt(vat, 'CompanyID'),
    eia: schemed(first(p, 'EndpointID')),
    address: [
      textAt(address, 'StreetName'),
      textAt(address, 'AdditionalStreetName'),
      ...textsAt(address, 'AddressLine', 'Line'),
      joined([textAt(address, 'PostalZone'), textAt(address, 'CityName')], ' '),
      textAt(address, 'CountrySubentity'),
    ].filter((l): l is string => l !== null),
    country: textAt(address, 'Country', 'IdentificationCode'),
    contact: joined([textAt(contact, 'Name'), textAt(contact, 'Telephone'), textAt(contact, 'ElectronicMail')]),
  };
}

/** UBL 2.1 Invoice and CreditNote: Peppol BIS Billing 3, EHF 3 and plain EN 16931 UBL. */
export function fromUbl(root: unknown, rootName: 'Invoice' | 'CreditNote'): RenderedInvoice {
  const credit = rootName === 'CreditNote';
  const typeCode = textAt(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode');
  const currency = textAt(root, 'DocumentCurrencyCode');
  const num = (node: unknown, ...path: string[]) => amount(textAt(node, ...path));
  const inCurrency = (nodes: unknown[], amountTag: string) =>
    nodes.find((n) => currency !== null && attr(first(n, amountTag), 'currencyID') === currency) ?? nodes[0];

  const taxTotals = kids(root, 'TaxTotal');
  const breakdown = taxTotals.find((t) => kids(t, 'TaxSubtotal').length > 0);
  const totals = first(root, 'LegalMonetaryTotal');
  const means = kids(root, 'PaymentMeans');
  const paidTo = means.find((m) => kids(m, 'PayeeFinancialAccount').length > 0) ?? means[0];
  const dueDate = toIsoDate(textAt(root, 'DueDate') ?? textAt(paidTo, 'PaymentDueDate'));
  const qtyTag = credit ? 'CreditedQuantity' : 'InvoicedQuantity';

  return {
    format: 'UBL',
    kind: credit || CREDIT_NOTE_CODES.has(typeCode ?? '') ? 'credit_note' : 'invoice',
    number: textAt(root, 'ID'),
    issueDate: toIsoDate(textAt(root, 'IssueDate')),
    dueDate,
    currency,
    buyerReference: textAt(root, 'BuyerReference'),
    orderReference: textAt(root, 'OrderReference', 'ID'),
    seller: party(first(root, 'AccountingSupplierParty', 'Party')),
    buyer: party(first(root, 'AccountingCustomerParty', 'Party')),
    lines: kids(root, credit ? 'CreditNoteLine' : 'InvoiceLine').map((l) => ({
      id: textAt(l, 'ID'),
      description: textAt(l, 'Item', 'Name') ?? textAt(l, 'Item', 'Description') ?? '',
      quantity: num(l, qtyTag),
      unit: attr(first(l, qtyTag), 'unitCode'),
      unitPrice: num(l, 'Price', 'PriceAmount'),
      vatRate: num(l, 'Item', 'ClassifiedTaxCategory', 'Percent'),
      net: num(l, 'LineExtensionAmount'),
    })),
    vat: kids(breakdown, 'TaxSubtotal').map((s) => ({
      rate: num(s, 'TaxCategory', 'Percent'),
      category: textAt(s, 'TaxCategory', 'ID'),
      taxable: num(s, 'TaxableAmount'),
      tax: num(s, 'TaxAmount'),
    })),
    totals: {
      net: num(totals, 'TaxExclusiveAmount'),
      tax: num(inCurrency(taxTotals, 'TaxAmount'), 'TaxAmount'),
      gross: num(totals, 'TaxInclusiveAmount'),
      payable: num(totals, 'PayableAmount'),
    },
    payment: {
      iban: textAt(paidTo, 'PayeeFinancialAccount', 'ID'),
      bic: textAt(paidTo, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'),
      reference: textAt(paidTo, 'PaymentID'),
      terms: joined(textsAt(root, 'PaymentTerms', 'Note'), ' '),
      dueDate,
    },
    notes: notesAt(root, 'Note'),
  };
}
