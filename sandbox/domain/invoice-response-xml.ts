import type { RESPONSE_CODES, STATUS_REASONS } from '../../shared/invoice-response-codes';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const endpoint = (eia: string | null | undefined) => {
  const [scheme, id] = eia?.includes(':') ? eia.split(/:(.*)/s) : ['0216', eia ?? '003700000000'];
  return `<cbc:EndpointID schemeID="${esc(scheme ?? '')}">${esc(id ?? '')}</cbc:EndpointID>`;
};

export interface ResponseFor {
  id: string;
  issueDate: string;
  invoiceNumber: string;
  code: (typeof RESPONSE_CODES)[number];
  reasons: (typeof STATUS_REASONS)[number][];
  text: string | null;
  /** The buyer answering (the invoice's recipient). */
  from: { eia?: string | null; name?: string | null } | null;
  /** The seller (the invoice's sender). */
  to: { eia?: string | null; name?: string | null } | null;
}

/** What a buyer's system would send back for a sent invoice: a Peppol BIS Invoice Response 3. */
export function invoiceResponseXml(r: ResponseFor): string {
  const status = r.reasons.length
    ? r.reasons
        .map(
          (c, i) =>
            `<cac:Status><cbc:StatusReasonCode listID="OPStatusReason">${c}</cbc:StatusReasonCode>${i === 0 && r.text ? `<cbc:StatusReason>${esc(r.text)}</cbc:StatusReason>` : ''}</cac:Status>`,
        )
        .join('')
    : r.text
      ? `<cac:Status><cbc:StatusReason>${esc(r.text)}</cbc:StatusReason></cac:Status>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:invoice_response:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:invoice_response:3</cbc:ProfileID>
  <cbc:ID>${esc(r.id)}</cbc:ID>
  <cbc:IssueDate>${r.issueDate}</cbc:IssueDate>
  <cac:SenderParty>${endpoint(r.from?.eia)}<cac:PartyLegalEntity><cbc:RegistrationName>${esc(r.from?.name ?? 'Buyer')}</cbc:RegistrationName></cac:PartyLegalEntity></cac:SenderParty>
  <cac:ReceiverParty>${endpoint(r.to?.eia)}<cac:PartyLegalEntity><cbc:RegistrationName>${esc(r.to?.name ?? 'Seller')}</cbc:RegistrationName></cac:PartyLegalEntity></cac:ReceiverParty>
  <cac:DocumentResponse>
    <cac:Response><cbc:ResponseCode>${r.code}</cbc:ResponseCode>${status}</cac:Response>
    <cac:DocumentReference><cbc:ID>${esc(r.invoiceNumber)}</cbc:ID><cbc:DocumentTypeCode>380</cbc:DocumentTypeCode></cac:DocumentReference>
  </cac:DocumentResponse>
</ApplicationResponse>
`;
}
