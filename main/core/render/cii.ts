import type { RenderedInvoice, RenderedParty } from '../../../shared/bridge/views';
import { amount, attr, first, joined, kids, notesAt, textAt, textsAt, toIsoDate } from './tree';
import { CREDIT_NOTE_CODES, schemed } from './ubl';

function party(p: unknown): RenderedParty {
  const address = first(p, 'PostalTradeAddress');
  const contact = first(p, 'DefinedTradeContact');
  const vat = kids(p, 'SpecifiedTaxRegistration')
    .map((r) => first(r, 'ID'))
    .find((id) => attr(id, 'schemeID') === 'VA');
  const uri = first(p, 'URIUniversalCommunication', 'URIID');
  return {
    name: textAt(p, 'Name'),
    businessId: textAt(p, 'SpecifiedLegalOrganization', 'ID') ?? textAt(p, 'ID') ?? textAt(p, 'GlobalID'),
    vatId: textAt(vat),
    // An e-mail URI (scheme EM) is a contact, not an e-invoice address.
    eia: attr(uri, 'schemeID') === 'EM' ? null : schemed(uri),
    address: [
      textAt(address, 'LineOne'),
      textAt(address, 'LineTwo'),
      textAt(address, 'LineThree'),
      joined([textAt(address, 'PostcodeCode'), textAt(address, 'CityName')], ' '),
      textAt(address, 'CountrySubDivisionName'),
    ].filter((l): l is string => l !== null),
    country: textAt(address, 'CountryID'),
    contact: joined([
      textAt(contact, 'PersonName'),
      textAt(contact, 'TelephoneUniversalCommunication', 'CompleteNumber'),
      textAt(contact, 'EmailURIUniversalCommunication', 'URIID'),
    ]),
  };
}

/** UN/CEFACT Cross Industry Invoice (EN 16931 CII, XRechnung, Factur-X/ZUGFeRD XML). */
export function fromCii(root: unknown): RenderedInvoice {
  const doc = first(root, 'ExchangedDocument');
  const tx = first(root, 'SupplyChainTradeTransaction');
  const agreement = first(tx, 'ApplicableHeaderTradeAgreement');
  const settlement = first(tx, 'ApplicableHeaderTradeSettlement');
  const sums = first(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const terms = first(settlement, 'SpecifiedTradePaymentTerms');
  const means = kids(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const paidTo = means.find((m) => kids(m, 'PayeePartyCreditorFinancialAccount').length > 0) ?? means[0];
  const num = (node: unknown, ...path: string[]) => amount(textAt(node, ...path));
  const taxTotals = kids(sums, 'TaxTotalAmount');
  const taxTotal = taxTotals.find((t) => currency !== null && attr(t, 'currencyID') === currency) ?? taxTotals[0];
  const dueDate = toIsoDate(textAt(terms, 'DueDateDateTime', 'DateTimeString'));

  return {
    format: 'CII',
    kind: CREDIT_NOTE_CODES.has(textAt(doc, 'TypeCode') ?? '') ? 'credit_note' : 'invoice',
    number: textAt(doc, 'ID'),
    issueDate: toIsoDate(textAt(doc, 'IssueDateTime', 'DateTimeString')),
    dueDate,
    currency,
    buyerReference: textAt(agreement, 'BuyerReference'),
    orderReference: textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID'),
    seller: party(first(agreement, 'SellerTradeParty')),
    buyer: party(first(agreement, 'BuyerTradeParty')),
    lines: kids(tx, 'IncludedSupplyChainTradeLineItem').map((l) => {
      const qty = first(l, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
      const lineSettlement = first(l, 'SpecifiedLineTradeSettlement');
      return {
        id: textAt(l, 'AssociatedDocumentLineDocument', 'LineID'),
        description: textAt(l, 'SpecifiedTradeProduct', 'Name') ?? textAt(l, 'SpecifiedTradeProduct', 'Description') ?? '',
        quantity: num(qty),
        unit: attr(qty, 'unitCode'),
        unitPrice: num(l, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount'),
        vatRate: num(lineSettlement, 'ApplicableTradeTax', 'RateApplicablePercent'),
        net: num(lineSettlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      };
    }),
    vat: kids(settlement, 'ApplicableTradeTax').map((t) => ({
      rate: num(t, 'RateApplicablePercent'),
      category: textAt(t, 'CategoryCode'),
      taxable: num(t, 'BasisAmount'),
      tax: num(t, 'CalculatedAmount'),
    })),
    totals: {
      net: num(sums, 'TaxBasisTotalAmount'),
      tax: num(taxTotal),
      gross: num(sums, 'GrandTotalAmount'),
      payable: num(sums, 'DuePayableAmount'),
    },
    payment: {
      iban:
        textAt(paidTo, 'PayeePartyCreditorFinancialAccount', 'IBANID') ??
        textAt(paidTo, 'PayeePartyCreditorFinancialAccount', 'ProprietaryID'),
      bic: textAt(paidTo, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
      reference: textAt(settlement, 'PaymentReference'),
      terms: joined(textsAt(settlement, 'SpecifiedTradePaymentTerms', 'Description'), ' '),
      dueDate,
    },
    notes: notesAt(doc, 'IncludedNote', 'Content'),
  };
}
