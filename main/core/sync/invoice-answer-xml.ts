import { CLARIFICATION_LISTS, type InvoiceAnswerInput } from '../../../shared/invoice-response-codes';

/** A party of the answer: its electronic address (scheme:identifier) and name. */
export interface AnswerParty {
  eia: string;
  name: string;
}

export interface InvoiceAnswerDocument extends InvoiceAnswerInput {
  /** The response's own id (cbc:ID): the answer's key, so the same answer makes the same document. */
  id: string;
  issueDate: string;
  /** The buyer answering. */
  sender: AnswerParty;
  /** The seller who sent the invoice. */
  receiver: AnswerParty;
  invoice: { number: string; issueDate: string | null; typeCode: '380' | '381' };
}

export const CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3';
export const PROFILE_ID = 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3';

/** Whether XML 1.0 can carry the character at all (tab, newline and carriage return are the only controls it takes). */
const xmlChar = (c: string) => {
  const n = c.charCodeAt(0);
  return n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n !== 0xfffe && n !== 0xffff);
};

const esc = (s: string) =>
  [...s].filter(xmlChar).join('').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function party(tag: string, p: AnswerParty): string {
  const at = p.eia.indexOf(':');
  const scheme = at > 0 ? p.eia.slice(0, at) : '';
  const id = at > 0 ? p.eia.slice(at + 1) : p.eia;
  return [
    `  <cac:${tag}>`,
    `    <cbc:EndpointID${scheme ? ` schemeID="${esc(scheme)}"` : ''}>${esc(id)}</cbc:EndpointID>`,
    '    <cac:PartyLegalEntity>',
    `      <cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>`,
    '    </cac:PartyLegalEntity>',
    `  </cac:${tag}>`,
  ].join('\n');
}

/**
 * A Peppol BIS Invoice Response 3 (UBL ApplicationResponse) for one answer. Deterministic: the same
 * answer gives the same bytes, so a file written again after a crash is the same file (and is sent under
 * the same key). Each reason and action is a cac:Status of its own, as the BIS shows; the free text
 * rides on the first one (or on a status of its own when no code was chosen).
 */
export function invoiceAnswerXml(d: InvoiceAnswerDocument): string {
  const text = d.text?.trim() || null;
  const codes = [
    ...d.reasons.map((c) => ({ list: CLARIFICATION_LISTS.reason, c })),
    ...d.actions.map((c) => ({ list: CLARIFICATION_LISTS.action, c })),
  ];
  const statuses = codes.map((s, i) =>
    [
      '        <cac:Status>',
      `          <cbc:StatusReasonCode listID="${s.list}">${s.c}</cbc:StatusReasonCode>`,
      ...(i === 0 && text ? [`          <cbc:StatusReason>${esc(text)}</cbc:StatusReason>`] : []),
      '        </cac:Status>',
    ].join('\n'),
  );
  if (!codes.length && text)
    statuses.push(
      ['        <cac:Status>', `          <cbc:StatusReason>${esc(text)}</cbc:StatusReason>`, '        </cac:Status>'].join('\n'),
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"',
    '  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    '  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    `  <cbc:CustomizationID>${CUSTOMIZATION_ID}</cbc:CustomizationID>`,
    `  <cbc:ProfileID>${PROFILE_ID}</cbc:ProfileID>`,
    `  <cbc:ID>${esc(d.id)}</cbc:ID>`,
    `  <cbc:IssueDate>${esc(d.issueDate)}</cbc:IssueDate>`,
    party('SenderParty', d.sender),
    party('ReceiverParty', d.receiver),
    '  <cac:DocumentResponse>',
    '    <cac:Response>',
    `      <cbc:ResponseCode>${d.code}</cbc:ResponseCode>`,
    ...statuses,
    '    </cac:Response>',
    '    <cac:DocumentReference>',
    `      <cbc:ID>${esc(d.invoice.number)}</cbc:ID>`,
    ...(d.invoice.issueDate ? [`      <cbc:IssueDate>${esc(d.invoice.issueDate)}</cbc:IssueDate>`] : []),
    `      <cbc:DocumentTypeCode>${d.invoice.typeCode}</cbc:DocumentTypeCode>`,
    '    </cac:DocumentReference>',
    '  </cac:DocumentResponse>',
    '</ApplicationResponse>',
    '',
  ].join('\n');
}
