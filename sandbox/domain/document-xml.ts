import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { DocumentType } from '../../shared/enums';

/**
 * Reads the metadata of a trading document from its XML: UBL 2.1 documents of Peppol BIS 3 and EHF
 * (Order, OrderResponse, Catalogue, DespatchAdvice, ApplicationResponse, Invoice-based reminders and
 * self-billing, ...) and Finvoice 3.0. Only what the document record shows is read.
 */
export interface ParsedDocumentParty {
  eia: string | null;
  bid: string | null;
  name: string | null;
  country: string | null;
  vat: string | null;
  operator: string | null;
}

export interface ParsedDocument {
  root: string;
  type: DocumentType | null;
  number: string | null;
  reference: string | null;
  document_identifier: string | null;
  process_identifier: string | null;
  source_format: string;
  format_version: string | null;
  sender: ParsedDocumentParty | null;
  recipient: ParsedDocumentParty | null;
}

export type XmlResult = { ok: true; doc: ParsedDocument } | { ok: false; error: string };

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** A file is treated as XML when it says so in its first bytes (after a BOM and whitespace). */
export function looksLikeXml(data: Buffer): boolean {
  const head = data
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
    .trimStart();
  return head.startsWith('<?xml') || /^<[A-Za-z_]/.test(head);
}

/** Decode with the encoding the declaration names (Finvoice is often ISO-8859-15, some UBL ISO-8859-1). */
export function decodeXml(data: Buffer): string {
  const head = data.subarray(0, 200).toString('latin1');
  const declared = /^(?:\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let text: string;
  try {
    text = new TextDecoder(declared ?? 'utf-8').decode(data);
  } catch {
    text = data.toString('utf8');
  }
  return text.replace(/^\uFEFF/, '');
}

/** Null when the text is well-formed XML without a DTD; otherwise the problem in plain words. */
export function xmlProblem(text: string): string | null {
  // A DTD can expand entities without bound; Peppol and Finvoice never carry one.
  if (/<!DOCTYPE/i.test(text)) return 'a DOCTYPE declaration is not accepted';
  const r = XMLValidator.validate(text);
  if (r === true) return null;
  // The validator reports elements left open at the end as a JSON list of their names.
  const open = /^Invalid '(\[[\s\S]*\])' found/.exec(r.err.msg)?.[1];
  if (open) {
    try {
      return `the file ends before these elements are closed: ${(JSON.parse(open) as string[]).join(', ')}`;
    } catch {
      // fall through to the validator's own words
    }
  }
  return `${r.err.msg} (line ${r.err.line}, column ${r.err.col})`;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const first = (v: unknown): unknown => asArray(v)[0];

/** Follow element names; repeated elements take the first. */
function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const name of path) {
    const n = first(cur);
    if (typeof n !== 'object' || n === null) return undefined;
    cur = (n as Node)[name];
  }
  return first(cur);
}

function text(node: unknown, ...path: string[]): string | null {
  const v = at(node, ...path);
  const s = typeof v === 'string' ? v : typeof v === 'object' && v !== null ? (v as Node)['#text'] : undefined;
  if (typeof s === 'number') return String(s);
  return typeof s === 'string' && s.trim() !== '' ? s.trim() : null;
}

function attr(node: unknown, name: string, ...path: string[]): string | null {
  const v = at(node, ...path);
  const a = typeof v === 'object' && v !== null ? (v as Node)[`@_${name}`] : undefined;
  return typeof a === 'string' && a.trim() !== '' ? a.trim() : null;
}

function ublParty(p: unknown): ParsedDocumentParty | null {
  if (typeof p !== 'object' || p === null) return null;
  const endpoint = text(p, 'EndpointID');
  const scheme = attr(p, 'schemeID', 'EndpointID');
  const party: ParsedDocumentParty = {
    eia: endpoint ? (scheme ? `${scheme}:${endpoint}` : endpoint) : null,
    bid: text(p, 'PartyLegalEntity', 'CompanyID') ?? text(p, 'PartyIdentification', 'ID'),
    name: text(p, 'PartyLegalEntity', 'RegistrationName') ?? text(p, 'PartyName', 'Name'),
    country:
      text(p, 'PostalAddress', 'Country', 'IdentificationCode') ??
      text(p, 'PartyLegalEntity', 'RegistrationAddress', 'Country', 'IdentificationCode'),
    vat: text(p, 'PartyTaxScheme', 'CompanyID'),
    operator: null,
  };
  return Object.values(party).some((v) => v !== null) ? party : null;
}

/** Where each UBL document keeps its sender and its recipient. */
const UBL_PARTIES: Record<string, { sender: string[]; recipient: string[] }> = {
  Order: { sender: ['BuyerCustomerParty', 'Party'], recipient: ['SellerSupplierParty', 'Party'] },
  OrderChange: { sender: ['BuyerCustomerParty', 'Party'], recipient: ['SellerSupplierParty', 'Party'] },
  OrderCancellation: { sender: ['BuyerCustomerParty', 'Party'], recipient: ['SellerSupplierParty', 'Party'] },
  OrderResponse: { sender: ['SellerSupplierParty', 'Party'], recipient: ['BuyerCustomerParty', 'Party'] },
  Catalogue: { sender: ['ProviderParty'], recipient: ['ReceiverParty'] },
  DespatchAdvice: { sender: ['DespatchSupplierParty', 'Party'], recipient: ['DeliveryCustomerParty', 'Party'] },
  ReceiptAdvice: { sender: ['DeliveryCustomerParty', 'Party'], recipient: ['DespatchSupplierParty', 'Party'] },
  Invoice: { sender: ['AccountingSupplierParty', 'Party'], recipient: ['AccountingCustomerParty', 'Party'] },
  CreditNote: { sender: ['AccountingSupplierParty', 'Party'], recipient: ['AccountingCustomerParty', 'Party'] },
  Reminder: { sender: ['AccountingSupplierParty', 'Party'], recipient: ['AccountingCustomerParty', 'Party'] },
  CallForTenders: { sender: ['ContractingParty', 'Party'], recipient: ['ReceiverParty'] },
  Tender: { sender: ['TendererParty'], recipient: ['ContractingParty', 'Party'] },
};

const ROOT_TYPES: Record<string, DocumentType> = {
  Order: 'ORDER',
  OrderResponse: 'ORDER_RESPONSE',
  OrderChange: 'ORDER_CHANGE',
  OrderCancellation: 'ORDER_CANCELLATION',
  Catalogue: 'CATALOGUE',
  DespatchAdvice: 'DESPATCH_ADVICE',
  Invoice: 'INVOICE',
  CreditNote: 'CREDIT_NOTE',
  Reminder: 'REMINDER',
  ExpressionOfInterestRequest: 'EXPRESSION_OF_INTEREST_REQUEST',
  ExpressionOfInterestResponse: 'EXPRESSION_OF_INTEREST_RESPONSE',
  TenderStatusRequest: 'TENDER_STATUS_REQUEST',
  CallForTenders: 'CALL_FOR_TENDERS',
  Tender: 'TENDER',
  TenderReceipt: 'TENDER_RECEIPT',
  Finvoice: 'INVOICE',
};

/** The type a UBL root and its CustomizationID stand for (responses and invoice variants need both). */
function ublType(root: string, customization: string): DocumentType | null {
  const c = customization.toLowerCase();
  if (root === 'ApplicationResponse') {
    if (c.includes('catalogue_response')) return 'CATALOGUE_RESPONSE';
    if (c.includes('invoice_response')) return 'INVOICE_RESPONSE';
    if (c.includes(':mlr')) return 'MESSAGE_LEVEL_RESPONSE';
    return null;
  }
  if (root === 'Invoice' || root === 'CreditNote') {
    if (c.includes('reminder')) return 'REMINDER';
    if (c.includes('selfbilling') || c.includes('self-billing'))
      return root === 'Invoice' ? 'SELF_BILLING_INVOICE' : 'SELF_BILLING_CREDIT_NOTE';
  }
  return ROOT_TYPES[root] ?? null;
}

function rootOf(text: string): { name: string; namespace: string | null } | null {
  const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const m = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(body);
  if (!m) return null;
  const prefix = m[1] ? m[1].slice(0, -1) : null;
  const attrs = m[3] ?? '';
  const ns = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(attrs)?.[1] ?? null;
  return { name: m[2] ?? '', namespace: ns };
}

function parseUbl(tree: Node, root: string, namespace: string | null): ParsedDocument {
  const doc = tree[root];
  const customization = text(doc, 'CustomizationID') ?? '';
  const type = ublType(root, customization);
  let roles = UBL_PARTIES[root] ?? { sender: ['SenderParty'], recipient: ['ReceiverParty'] };
  // In self-billing the buyer issues the invoice to its supplier.
  if (type === 'SELF_BILLING_INVOICE' || type === 'SELF_BILLING_CREDIT_NOTE') roles = { sender: roles.recipient, recipient: roles.sender };
  const c = customization.toLowerCase();
  return {
    root,
    type,
    number: text(doc, 'ID'),
    reference:
      text(doc, 'OrderReference', 'ID') ??
      text(doc, 'BuyerReference') ??
      text(doc, 'CustomerReference') ??
      text(doc, 'DocumentResponse', 'DocumentReference', 'ID') ??
      text(doc, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
    document_identifier: namespace && customization ? `${namespace}::${root}##${customization}::2.1` : null,
    process_identifier: text(doc, 'ProfileID'),
    source_format: c.includes('anskaffelser.no') ? 'EHF30' : c.includes('peppol.eu') ? 'PEPPOLBIS30' : 'UBL21',
    format_version: '2.1',
    sender: ublParty(at(doc, ...roles.sender)),
    recipient: ublParty(at(doc, ...roles.recipient)),
  };
}

function parseFinvoice(tree: Node): ParsedDocument {
  const doc = tree.Finvoice;
  const t = (...p: string[]) => text(doc, ...p);
  return {
    root: 'Finvoice',
    type: 'INVOICE',
    number: t('InvoiceDetails', 'InvoiceNumber'),
    reference: t('InvoiceDetails', 'OrderIdentifier') ?? t('EpiDetails', 'EpiPaymentInstructionDetails', 'EpiRemittanceInfoIdentifier'),
    document_identifier: null,
    process_identifier: null,
    source_format: 'FINVOICE30',
    format_version: attr(tree, 'Version', 'Finvoice') ?? '3.0',
    sender: {
      eia:
        t('MessageTransmissionDetails', 'MessageSenderDetails', 'FromIdentifier') ??
        t('SellerInformationDetails', 'SellerOrganisationUnitNumber'),
      bid: t('SellerPartyDetails', 'SellerPartyIdentifier'),
      name: t('SellerPartyDetails', 'SellerOrganisationName'),
      country: t('SellerPartyDetails', 'SellerPostalAddressDetails', 'CountryCode'),
      vat: t('SellerPartyDetails', 'SellerOrganisationTaxCode'),
      operator: t('MessageTransmissionDetails', 'MessageSenderDetails', 'FromIntermediator'),
    },
    recipient: {
      eia: t('MessageTransmissionDetails', 'MessageReceiverDetails', 'ToIdentifier') ?? t('BuyerOrganisationUnitNumber'),
      bid: t('BuyerPartyDetails', 'BuyerPartyIdentifier'),
      name: t('BuyerPartyDetails', 'BuyerOrganisationName'),
      country: t('BuyerPartyDetails', 'BuyerPostalAddressDetails', 'CountryCode'),
      vat: t('BuyerPartyDetails', 'BuyerOrganisationTaxCode'),
      operator: t('MessageTransmissionDetails', 'MessageReceiverDetails', 'ToIntermediator'),
    },
  };
}

/** Parse an XML file; any well-formed XML answers at least its root, unknown roots no type. */
export function parseTradingDocument(data: Buffer): XmlResult {
  const xml = decodeXml(data);
  const problem = xmlProblem(xml);
  if (problem) return { ok: false, error: problem };
  const root = rootOf(xml);
  if (!root) return { ok: false, error: 'no root element' };
  let tree: Node;
  try {
    tree = parser.parse(xml) as Node;
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  if (root.name === 'Finvoice') return { ok: true, doc: parseFinvoice(tree) };
  if (root.namespace?.startsWith('urn:oasis:names:specification:ubl:schema:xsd:')) {
    return { ok: true, doc: parseUbl(tree, root.name, root.namespace) };
  }
  return {
    ok: true,
    doc: {
      root: root.name,
      type: null,
      number: null,
      reference: null,
      document_identifier: null,
      process_identifier: null,
      source_format: 'XML',
      format_version: null,
      sender: null,
      recipient: null,
    },
  };
}
