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
  type ParsedParty,
  parseIsoDate,
  textOf,
  txt,
  type XNode,
} from './invoice-parsed';

/** UN/CEFACT Cross Industry Invoice (D16B), as EN 16931 and XRechnung use it. */

function party(p: XNode): ParsedParty {
  if (!p) return emptyParty();
  const uri = one(p, 'URIUniversalCommunication/URIID');
  const uriValue = textOf(uri);
  const scheme = attr(uri, 'schemeID');
  const vatReg = all(p, 'SpecifiedTaxRegistration/ID').find((n) => attr(n, 'schemeID') === 'VA');
  const addr = one(p, 'PostalTradeAddress');
  const country = txt(addr, 'CountryID');
  return {
    // An e-mail "address" (scheme EM) is not an e-invoice address.
    eia: uriValue && scheme !== 'EM' ? (scheme ? `${scheme}:${uriValue}` : uriValue) : null,
    bid: txt(p, 'SpecifiedLegalOrganization/ID') ?? txt(p, 'ID') ?? txt(p, 'GlobalID'),
    name: txt(p, 'Name') ?? txt(p, 'SpecifiedLegalOrganization/TradingBusinessName'),
    country,
    vat: vatReg ? textOf(vatReg) : null,
    operator: null,
    email: txt(p, 'DefinedTradeContact/EmailURIUniversalCommunication/URIID') ?? (scheme === 'EM' ? uriValue : null),
    address: addr ? { street: txt(addr, 'LineOne'), post_code: txt(addr, 'PostcodeCode'), city: txt(addr, 'CityName'), country } : null,
  };
}

/** CII may repeat TaxTotalAmount per currency; the one in the invoice currency (or without one) counts. */
function amountIn(nodes: XNode[], currency: string | null): number | null {
  const match = nodes.find((n) => attr(n, 'currencyID') === currency) ?? nodes.find((n) => attr(n, 'currencyID') === null) ?? nodes[0];
  return num(textOf(match));
}

export function parseCii(root: XNode): ParsedInvoice {
  const doc = one(root, 'ExchangedDocument');
  const tx = one(root, 'SupplyChainTradeTransaction');
  const agreement = one(tx, 'ApplicableHeaderTradeAgreement');
  const settlement = one(tx, 'ApplicableHeaderTradeSettlement');
  const sums = one(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = txt(settlement, 'InvoiceCurrencyCode');
  const means = one(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const iban = txt(means, 'PayeePartyCreditorFinancialAccount/IBANID');
  const proprietary = txt(means, 'PayeePartyCreditorFinancialAccount/ProprietaryID');
  const typeCode = txt(doc, 'TypeCode');
  const embedded: EmbeddedFile[] = [];
  for (const ref of all(agreement, 'AdditionalReferencedDocument')) {
    const obj = one(ref, 'AttachmentBinaryObject');
    const f = decodeBase64(attr(obj, 'filename') ?? `${txt(ref, 'IssuerAssignedID') ?? 'attachment'}`, attr(obj, 'mimeCode'), textOf(obj));
    if (f) embedded.push(f);
  }
  return {
    family: 'CII',
    source_format: 'CII',
    document_type: typeCode === '381' ? 'CREDIT_NOTE' : 'INVOICE',
    number: txt(doc, 'ID') ?? '',
    date: parseIsoDate(txt(doc, 'IssueDateTime/DateTimeString')),
    date_due: parseIsoDate(txt(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')),
    currency,
    sum: num(txt(sums, 'GrandTotalAmount')),
    sum_tax: amountIn(all(sums, 'TaxTotalAmount'), currency),
    sum_excluding_tax: num(txt(sums, 'TaxBasisTotalAmount')),
    sum_payable: num(txt(sums, 'DuePayableAmount')),
    reference: txt(settlement, 'PaymentReference') ?? txt(agreement, 'BuyerReference'),
    buyer_reference: txt(agreement, 'BuyerReference'),
    order_reference: txt(agreement, 'BuyerOrderReferencedDocument/IssuerAssignedID'),
    notes: all(doc, 'IncludedNote/Content')
      .map(textOf)
      .filter((s): s is string => s !== null),
    sender: party(one(agreement, 'SellerTradeParty')),
    recipient: party(one(agreement, 'BuyerTradeParty')),
    lines: all(tx, 'IncludedSupplyChainTradeLineItem').map((l) => ({
      id: txt(l, 'AssociatedDocumentLineDocument/LineID'),
      name: txt(l, 'SpecifiedTradeProduct/Name'),
      description: txt(l, 'SpecifiedTradeProduct/Description'),
      quantity: num(txt(l, 'SpecifiedLineTradeDelivery/BilledQuantity')),
      unit: attr(one(l, 'SpecifiedLineTradeDelivery/BilledQuantity'), 'unitCode'),
      unit_price: num(txt(l, 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice/ChargeAmount')),
      net_amount: num(txt(l, 'SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount')),
      vat_category: txt(l, 'SpecifiedLineTradeSettlement/ApplicableTradeTax/CategoryCode'),
      vat_percent: num(txt(l, 'SpecifiedLineTradeSettlement/ApplicableTradeTax/RateApplicablePercent')),
    })),
    vat_breakdown: all(settlement, 'ApplicableTradeTax').map((t) => ({
      category: txt(t, 'CategoryCode'),
      percent: num(txt(t, 'RateApplicablePercent')),
      taxable_amount: num(txt(t, 'BasisAmount')),
      tax_amount: num(txt(t, 'CalculatedAmount')),
    })),
    payment: {
      iban: isIban(iban) ? (iban ?? '').replace(/\s/g, '') : null,
      bic: txt(means, 'PayeeSpecifiedCreditorFinancialInstitution/BICID'),
      account: isIban(iban) ? null : (iban ?? proprietary),
      reference: txt(settlement, 'PaymentReference'),
      means_code: txt(means, 'TypeCode'),
      terms: txt(settlement, 'SpecifiedTradePaymentTerms/Description'),
    },
    embedded,
  };
}
