// Which part of the rendered invoice (main/core/render, RenderedInvoiceView) a broken rule points at,
// from the readable path validation reports (/Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount).

export type RenderedSection = 'head' | 'seller' | 'buyer' | 'vat' | 'totals' | 'payment' | 'notes';
/** A section of the rendered invoice, or one of its lines by index (0-based, in the file's order). */
export type RenderedPart = { kind: RenderedSection } | { kind: 'line'; index: number };

// Element local names (UBL, CII, Finvoice) and the part they are shown in. The first segment of a path
// below the document element decides (a party's address lands in its party, a line's price in its
// line); wrappers that only group are looked through, and containers of the head are looked into.
const SECTIONS: Readonly<Record<string, RenderedSection>> = {
  // UBL 2.1 Invoice and CreditNote
  AccountingSupplierParty: 'seller',
  AccountingCustomerParty: 'buyer',
  TaxTotal: 'vat',
  LegalMonetaryTotal: 'totals',
  PaymentMeans: 'payment',
  PaymentTerms: 'payment',
  Note: 'notes',
  ID: 'head',
  IssueDate: 'head',
  DueDate: 'head',
  InvoiceTypeCode: 'head',
  CreditNoteTypeCode: 'head',
  DocumentCurrencyCode: 'head',
  BuyerReference: 'head',
  OrderReference: 'head',
  CustomizationID: 'head',
  ProfileID: 'head',
  // UN/CEFACT CII
  SellerTradeParty: 'seller',
  BuyerTradeParty: 'buyer',
  ApplicableTradeTax: 'vat',
  SpecifiedTradeSettlementHeaderMonetarySummation: 'totals',
  SpecifiedTradeSettlementPaymentMeans: 'payment',
  SpecifiedTradePaymentTerms: 'payment',
  IncludedNote: 'notes',
  BuyerOrderReferencedDocument: 'head',
  InvoiceCurrencyCode: 'head',
  // Finvoice 3.0
  SellerPartyDetails: 'seller',
  SellerInformationDetails: 'seller',
  SellerCommunicationDetails: 'seller',
  BuyerPartyDetails: 'buyer',
  BuyerCommunicationDetails: 'buyer',
  VatSpecificationDetails: 'vat',
  EpiDetails: 'payment',
  PaymentStatusDetails: 'payment',
  PaymentTermsDetails: 'payment',
  InvoiceFreeText: 'notes',
  InvoiceTotalVatExcludedAmount: 'totals',
  InvoiceTotalVatAmount: 'totals',
  InvoiceTotalVatIncludedAmount: 'totals',
  InvoiceNumber: 'head',
  InvoiceDate: 'head',
  InvoiceDueDate: 'head',
};
const LINES = new Set(['InvoiceLine', 'CreditNoteLine', 'IncludedSupplyChainTradeLineItem', 'InvoiceRow']);
/** CII's groups: what is below them is what matters. */
const WRAPPERS = new Set([
  'SupplyChainTradeTransaction',
  'ApplicableHeaderTradeAgreement',
  'ApplicableHeaderTradeDelivery',
  'ApplicableHeaderTradeSettlement',
]);
/** Shown in the head unless what is below them is shown elsewhere (Finvoice keeps VAT and totals in InvoiceDetails). */
const HEAD_CONTAINERS = new Set(['ExchangedDocument', 'ExchangedDocumentContext', 'InvoiceDetails']);

const localName = (segment: string) => segment.replace(/\[\d+\]$/, '').replace(/^.*:/, '');
const position = (segment: string) => Number(/\[(\d+)\]$/.exec(segment)?.[1] ?? '1');

/**
 * The rendered part a rule's location points at: the invoice's head for the document itself (a rule
 * about what the whole invoice lacks), a party, a line, the VAT breakdown, the totals, the payment or
 * the notes; null when no rendered part shows that element (the page then shows the XML around it).
 */
export function renderedPartOf(location: string): RenderedPart | null {
  const segments = location.split('/').filter(Boolean);
  if (segments.length === 0) return null;
  if (segments.length === 1) return { kind: 'head' };
  let fallback: RenderedPart | null = null;
  for (const segment of segments.slice(1)) {
    const name = localName(segment);
    if (LINES.has(name)) return { kind: 'line', index: position(segment) - 1 };
    const section = SECTIONS[name];
    if (section) return { kind: section };
    if (WRAPPERS.has(name)) continue;
    if (!HEAD_CONTAINERS.has(name)) return fallback;
    fallback = { kind: 'head' };
  }
  return fallback;
}

/** The same part, as a key (data-part in the rendered invoice). */
export const partKey = (p: RenderedPart): string => (p.kind === 'line' ? `line-${p.index}` : p.kind);
