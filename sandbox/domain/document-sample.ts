import type { DocumentType } from '../../shared/enums';

/** UBL root element and Peppol transaction of the types that have one. */
const UBL_ROOTS: Partial<Record<DocumentType, [root: string, transaction: string]>> = {
  ORDER: ['Order', 'order'],
  ORDER_RESPONSE: ['OrderResponse', 'order_response'],
  ORDER_CHANGE: ['OrderChange', 'order_change'],
  ORDER_CANCELLATION: ['OrderCancellation', 'order_cancellation'],
  CATALOGUE: ['Catalogue', 'catalogue'],
  CATALOGUE_RESPONSE: ['ApplicationResponse', 'catalogue_response'],
  DESPATCH_ADVICE: ['DespatchAdvice', 'despatch_advice'],
  INVOICE_RESPONSE: ['ApplicationResponse', 'invoice_response'],
  MESSAGE_LEVEL_RESPONSE: ['ApplicationResponse', 'mlr'],
  TENDER: ['Tender', 'tender'],
  CALL_FOR_TENDERS: ['CallForTenders', 'call_for_tenders'],
  TENDER_RECEIPT: ['TenderReceipt', 'tender_receipt'],
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A small but well-formed document of the type, for documents the admin API creates without a file:
 * a Peppol BIS 3 UBL skeleton where the type has one, a generic XML envelope otherwise.
 */
export function sampleDocument(type: DocumentType, number: string, issueDate: string): { filename: string; data: Buffer } {
  const ubl = UBL_ROOTS[type];
  const filename = `${type}_${number.replace(/[^\w.-]/g, '_')}.xml`;
  if (!ubl) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Document type="${type}">\n  <ID>${esc(number)}</ID>\n  <IssueDate>${issueDate}</IssueDate>\n</Document>\n`;
    return { filename, data: Buffer.from(xml) };
  }
  const [root, transaction] = ubl;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:${transaction}:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:${transaction}:3</cbc:ProfileID>
  <cbc:ID>${esc(number)}</cbc:ID>
  <cbc:IssueDate>${issueDate}</cbc:IssueDate>
</${root}>
`;
  return { filename, data: Buffer.from(xml) };
}
