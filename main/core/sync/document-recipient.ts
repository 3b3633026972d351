import { XMLParser } from 'fast-xml-parser';

/**
 * What a trading document's own XML says about its recipient: the address (UBL EndpointID with its
 * scheme, Finvoice's receiver address), the business id and country (for the receiver lookup), and
 * whether the file names the recipient's operator itself (Finvoice ToIntermediator), which the service
 * then reads. Only enough is read to tell the service what the file does not.
 */
export interface FileRecipient {
  eia: string | null;
  bid: string | null;
  country: string | null;
  namesOperator: boolean;
}

const NONE: FileRecipient = { eia: null, bid: null, country: null, namesOperator: false };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: false,
});

/** Where each UBL root keeps its recipient (as the service reads it; self-billing turns it round). */
const RECIPIENT_OF: Record<string, string[]> = {
  Order: ['SellerSupplierParty', 'Party'],
  OrderChange: ['SellerSupplierParty', 'Party'],
  OrderCancellation: ['SellerSupplierParty', 'Party'],
  OrderResponse: ['BuyerCustomerParty', 'Party'],
  Catalogue: ['ReceiverParty'],
  DespatchAdvice: ['DeliveryCustomerParty', 'Party'],
  ReceiptAdvice: ['DespatchSupplierParty', 'Party'],
  Invoice: ['AccountingCustomerParty', 'Party'],
  CreditNote: ['AccountingCustomerParty', 'Party'],
  Reminder: ['AccountingCustomerParty', 'Party'],
  CallForTenders: ['ReceiverParty'],
  Tender: ['ContractingParty', 'Party'],
};

type Node = Record<string, unknown>;
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
function at(node: unknown, ...path: string[]): unknown {
  let cur = first(node);
  for (const name of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = first((cur as Node)[name]);
  }
  return cur;
}
function text(node: unknown, ...path: string[]): string | null {
  const v = at(node, ...path);
  const s = typeof v === 'object' && v !== null ? (v as Node)['#text'] : v;
  return typeof s === 'string' && s.trim() ? s.trim() : null;
}

export function fileRecipient(data: Buffer): FileRecipient {
  const head = data
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\u00EF\u00BB\u00BF/, '')
    .trimStart();
  if (!head.startsWith('<')) return NONE;
  let tree: Node;
  try {
    tree = parser.parse(data.toString('utf8')) as Node;
  } catch {
    return NONE;
  }
  const rootName = Object.keys(tree).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!rootName) return NONE;
  const doc = tree[rootName];
  if (rootName === 'Finvoice') {
    return {
      eia: text(doc, 'MessageTransmissionDetails', 'MessageReceiverDetails', 'ToIdentifier') ?? text(doc, 'BuyerOrganisationUnitNumber'),
      bid: text(doc, 'BuyerPartyDetails', 'BuyerPartyIdentifier'),
      country: text(doc, 'BuyerPartyDetails', 'BuyerPostalAddressDetails', 'CountryCode'),
      namesOperator: text(doc, 'MessageTransmissionDetails', 'MessageReceiverDetails', 'ToIntermediator') !== null,
    };
  }
  let path = RECIPIENT_OF[rootName] ?? ['ReceiverParty'];
  // A self-billing invoice is sent by its customer to its supplier.
  if ((rootName === 'Invoice' || rootName === 'CreditNote') && /selfbilling/i.test(text(doc, 'CustomizationID') ?? '')) {
    path = ['AccountingSupplierParty', 'Party'];
  }
  const party = at(doc, ...path);
  if (typeof party !== 'object' || party === null) return NONE;
  const endpoint = text(party, 'EndpointID');
  const scheme = (at(party, 'EndpointID') as Node | undefined)?.['@_schemeID'];
  return {
    eia: endpoint ? (typeof scheme === 'string' && scheme ? `${scheme}:${endpoint}` : endpoint) : null,
    bid: text(party, 'PartyLegalEntity', 'CompanyID'),
    country: text(party, 'PostalAddress', 'Country', 'IdentificationCode'),
    namesOperator: false,
  };
}
