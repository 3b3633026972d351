import type { BankMessageType } from '../../shared/enums';

/**
 * Finvoice-style messages of the Finnish banks' consumer e-invoice notification service:
 * FinvoiceSenderInfo (SI, the biller's notice), FinvoiceReceiverInfo (RI, a consumer orders or
 * cancels e-invoices) and ReceiverProposal (RP, the biller proposes e-invoicing to a consumer), plus
 * the error notice the sandbox answers for a sent message it could not process.
 */
export interface Biller {
  name: string;
  business_id: string;
}

export interface Consumer {
  name: string;
  street: string;
  postCode: string;
  town: string;
  iban: string;
  bic: string;
  customerNumber: string;
}

const FIRST = ['Aino', 'Eero', 'Helmi', 'Juhani', 'Kaisa', 'Lauri', 'Maija', 'Onni', 'Pirjo', 'Sanna', 'Tapio', 'Veera'];
const LAST = ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Laine', 'Heikkinen', 'Koskinen', 'Järvinen'];
const STREETS = ['Mannerheimintie', 'Hämeenkatu', 'Aleksanterinkatu', 'Puistokatu', 'Koulukatu', 'Rantatie', 'Kirkkokatu'];
const TOWNS: [string, string][] = [
  ['00100', 'HELSINKI'],
  ['33100', 'TAMPERE'],
  ['20100', 'TURKU'],
  ['90100', 'OULU'],
  ['40100', 'JYVÄSKYLÄ'],
  ['70100', 'KUOPIO'],
];
const BICS = ['NDEAFIHH', 'OKOYFIHH', 'DABAFIHH', 'HELSFIHH', 'AABAFI22', 'SBANFIHH', 'POPFFI22', 'ITELFIHH'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const digits = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** A Finnish IBAN with a correct ISO 7064 mod 97-10 check. */
export function finnishIban(bban: string): string {
  const check = 98 - Number(BigInt(`${bban}151800`) % 97n);
  return `FI${String(check).padStart(2, '0')}${bban}`;
}

export function randomConsumer(random: () => number): Consumer {
  const [postCode, town] = pick(random, TOWNS);
  return {
    name: `${pick(random, FIRST)} ${pick(random, LAST)}`,
    street: `${pick(random, STREETS)} ${1 + Math.floor(random() * 60)} A ${1 + Math.floor(random() * 20)}`,
    postCode,
    town,
    iban: finnishIban(digits(random, 14)),
    bic: pick(random, BICS),
    customerNumber: digits(random, 8),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Finvoice writes dates as CCYYMMDD. */
const finDate = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const ovt = (b: Biller) => `0037${b.business_id.replace(/\D/g, '')}`;

function sellerParty(b: Biller): string {
  return `  <SellerPartyDetails>
    <SellerPartyIdentifier>${esc(b.business_id)}</SellerPartyIdentifier>
    <SellerOrganisationNames LanguageCode="FI">
      <SellerOrganisationName>${esc(b.name)}</SellerOrganisationName>
    </SellerOrganisationNames>
  </SellerPartyDetails>`;
}

function messageDetails(code: string, text: string, action: string, at: string, id: string, idTag: string): string {
  return `  <MessageDetails>
    <MessageTypeCode>${code}</MessageTypeCode>
    <MessageTypeText>${text}</MessageTypeText>
    <MessageActionCode>${action}</MessageActionCode>
    <MessageDate Format="CCYYMMDD">${finDate(at)}</MessageDate>
    <${idTag}>${esc(id)}</${idTag}>
  </MessageDetails>`;
}

function buyer(c: Consumer): string {
  return `  <BuyerPartyDetails>
    <BuyerOrganisationName>${esc(c.name)}</BuyerOrganisationName>
    <BuyerPostalAddressDetails>
      <BuyerStreetName>${esc(c.street)}</BuyerStreetName>
      <BuyerTownName>${esc(c.town)}</BuyerTownName>
      <BuyerPostCodeIdentifier>${c.postCode}</BuyerPostCodeIdentifier>
      <CountryCode>FI</CountryCode>
    </BuyerPostalAddressDetails>
  </BuyerPartyDetails>`;
}

function recipient(c: Consumer): string {
  return `  <InvoiceRecipientDetails>
    <SellerInvoiceIdentifier>${c.customerNumber}</SellerInvoiceIdentifier>
    <InvoiceRecipientAddress>${c.iban}</InvoiceRecipientAddress>
    <InvoiceRecipientIntermediatorAddress>${c.bic}</InvoiceRecipientIntermediatorAddress>
  </InvoiceRecipientDetails>`;
}

export function receiverInfoXml(b: Biller, c: Consumer, at: string, id: string, action: 'ADD' | 'DEL' | 'CHANGE' = 'ADD'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<FinvoiceReceiverInfo Version="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="FinvoiceReceiverInfo.xsd">
${messageDetails('RECEIVERINFO', 'RECEIVER NOTIFICATION', action, at, id, 'ReceiverInfoIdentifier')}
  <ReceiverInfoTimeStamp>${at.slice(0, 19)}</ReceiverInfoTimeStamp>
${sellerParty(b)}
  <InvoiceSenderInformationDetails>
    <InvoiceSenderAddress>${ovt(b)}</InvoiceSenderAddress>
    <InvoiceSenderIntermediatorAddress>NDEAFIHH</InvoiceSenderIntermediatorAddress>
  </InvoiceSenderInformationDetails>
${buyer(c)}
${recipient(c)}
</FinvoiceReceiverInfo>
`;
}

export function senderInfoXml(b: Biller, at: string, id: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<FinvoiceSenderInfo Version="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="FinvoiceSenderInfo.xsd">
${messageDetails('SENDERINFO', 'INVOICER NOTIFICATION', 'ADD', at, id, 'SenderInfoIdentifier')}
${sellerParty(b)}
  <InvoiceSenderInformationDetails>
    <SellerWebaddressNameText>${esc(b.name)}</SellerWebaddressNameText>
    <InvoiceSenderAddress>${ovt(b)}</InvoiceSenderAddress>
    <InvoiceSenderIntermediatorAddress>NDEAFIHH</InvoiceSenderIntermediatorAddress>
  </InvoiceSenderInformationDetails>
  <SellerAccountDetails>
    <SellerAccountID IdentificationSchemeName="IBAN">${finnishIban(`1234560${b.business_id.replace(/\D/g, '').slice(0, 7).padEnd(7, '0')}`)}</SellerAccountID>
    <SellerBic IdentificationSchemeName="BIC">NDEAFIHH</SellerBic>
  </SellerAccountDetails>
  <SellerInvoiceDetails>
    <PaymentInstructionIdentifier>${esc(b.name.slice(0, 35))}</PaymentInstructionIdentifier>
    <SellerInvoiceTypeDetails>
      <SellerInvoiceTypeText LanguageCode="FI">Laskut</SellerInvoiceTypeText>
      <SellerInvoiceIdentifierText LanguageCode="FI" SellerInvoiceIdentifierType="09" SellerInvoiceIdentifierMinLength="8" SellerInvoiceIdentifierMaxLength="8">Asiakasnumero</SellerInvoiceIdentifierText>
    </SellerInvoiceTypeDetails>
    <SellerServiceCode>00</SellerServiceCode>
  </SellerInvoiceDetails>
  <ProposedDueDateAccepted>NO</ProposedDueDateAccepted>
  <ProposedInvoicePeriodAccepted>NO</ProposedInvoicePeriodAccepted>
</FinvoiceSenderInfo>
`;
}

export function receiverProposalXml(b: Biller, c: Consumer, at: string, id: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ReceiverProposal Version="3.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="ReceiverProposal.xsd">
${messageDetails('RECEIVERPROPOSAL', 'RECEIVER PROPOSAL', 'ADD', at, id, 'ReceiverProposalIdentifier')}
${sellerParty(b)}
  <InvoiceSenderInformationDetails>
    <InvoiceSenderAddress>${ovt(b)}</InvoiceSenderAddress>
    <InvoiceSenderIntermediatorAddress>NDEAFIHH</InvoiceSenderIntermediatorAddress>
  </InvoiceSenderInformationDetails>
${buyer(c)}
${recipient(c)}
</ReceiverProposal>
`;
}

/** Root element -> message type, for sent files. */
export const MESSAGE_ROOTS: Record<string, BankMessageType> = {
  FinvoiceSenderInfo: 'SI',
  FinvoiceReceiverInfo: 'RI',
  ReceiverProposal: 'RP',
};

export function messageXml(type: BankMessageType, b: Biller, c: Consumer, at: string, id: string): string {
  if (type === 'SI') return senderInfoXml(b, at, id);
  if (type === 'RP') return receiverProposalXml(b, c, at, id);
  return receiverInfoXml(b, c, at, id);
}

export function errorMessageXml(
  original: { id: string; type: BankMessageType | null; timestamp: string },
  code: string,
  text: string,
  at: string,
  id: string,
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<BankMessageError Version="1.0">
  <MessageDetails>
    <MessageIdentifier>${esc(id)}</MessageIdentifier>
    <MessageTimeStamp>${at.slice(0, 19)}</MessageTimeStamp>
  </MessageDetails>
  <OriginalMessageDetails>
    <MessageIdentifier>${esc(original.id)}</MessageIdentifier>
    <MessageType>${original.type ?? 'UNKNOWN'}</MessageType>
    <ReceivedTimeStamp>${original.timestamp.slice(0, 19)}</ReceivedTimeStamp>
  </OriginalMessageDetails>
  <ErrorDetails>
    <ErrorCode>${esc(code)}</ErrorCode>
    <ErrorText>${esc(text)}</ErrorText>
  </ErrorDetails>
</BankMessageError>
`;
}
