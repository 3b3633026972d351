import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseCii } from './invoice-cii';
import { parseFinvoice } from './invoice-finvoice';
import { InvoiceFileError, type ParsedInvoice } from './invoice-parsed';
import { parseUbl } from './invoice-ubl';

/**
 * Reads an uploaded invoice file: decodes it by its BOM or XML declaration (Finvoice is usually
 * ISO-8859-15), checks it is well-formed, recognises the format by its root element and namespace,
 * and parses it. Anything else is refused with an InvoiceFileError whose details say why.
 */

const NS = {
  ublInvoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublCreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  ublPrefix: 'urn:oasis:names:specification:ubl:schema:xsd:',
  cii: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
};

export function decodeInvoiceXml(bytes: Buffer): { text: string; encoding: string } {
  let label = 'utf-8';
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) body = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else {
    // The declaration is ASCII in every ASCII-compatible encoding, so read it as Latin-1 first.
    const head = bytes.subarray(0, 300).toString('latin1');
    const m = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
    if (m?.[1]) label = m[1].toLowerCase();
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new InvoiceFileError('The file is in an unsupported character encoding', [`encoding: '${label}' is not supported`]);
  }
  try {
    return { text: decoder.decode(body), encoding: decoder.encoding };
  } catch {
    throw new InvoiceFileError('The file is not valid text in its declared encoding', [`encoding: the bytes are not valid ${label}`]);
  }
}

interface RootTag {
  prefix: string | null;
  name: string;
  namespace: string | null;
  attrs: string;
}

/** The document element's name and namespace, read from the text (the parser drops xmlns attributes). */
function rootTag(text: string): RootTag | null {
  const m = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(text);
  if (!m?.[2]) return null;
  const prefix = m[1] ? m[1].slice(0, -1) : null;
  const attrs = m[3] ?? '';
  const nsAttr = prefix ? `xmlns:${prefix}` : 'xmlns';
  const ns = new RegExp(`\\s${nsAttr.replace('.', '\\.')}\\s*=\\s*["']([^"']*)["']`).exec(attrs);
  return { prefix, name: m[2], namespace: ns?.[1] ?? null, attrs };
}

const parser = (): XMLParser =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    // Keep every value as text: "0003434323213231" is a payment reference, not a number.
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    htmlEntities: false,
  });

/** No DTDs: entity expansion is how XML files attack parsers, and no invoice format needs one. */
function noDoctype(text: string): void {
  if (/<!DOCTYPE/i.test(text.slice(0, 4096))) {
    throw new InvoiceFileError('The file declares a DTD, which is not accepted', [
      'xml: DOCTYPE declarations are not allowed in invoice files',
    ]);
  }
}

function wellFormed(text: string): void {
  const v = XMLValidator.validate(text);
  if (v !== true) {
    throw new InvoiceFileError('The file is not well-formed XML', [`xml: line ${v.err.line}, column ${v.err.col}: ${v.err.msg}`]);
  }
}

function requireCore(inv: ParsedInvoice): ParsedInvoice {
  const missing: string[] = [];
  if (!inv.number) missing.push('number: the invoice number is missing');
  if (!inv.date) missing.push('date: the issue date is missing or not a date');
  if (!inv.sender.name) missing.push('sender.name: the seller name is missing');
  if (!inv.recipient.name) missing.push('recipient.name: the buyer name is missing');
  if (!inv.currency) missing.push('currency: the invoice currency is missing');
  if (missing.length) throw new InvoiceFileError('The invoice lacks required information', missing);
  return inv;
}

/** EHF reminders and Peppol self-billing invoices use the Invoice root but are documents of their own. */
function notADocument(text: string): void {
  const customization = /<(?:[\w.-]+:)?CustomizationID[^>]*>([^<]*)</.exec(text)?.[1] ?? '';
  const kind = customization.includes(':ehf:reminder:')
    ? 'an EHF reminder (REMINDER)'
    : customization.includes(':poacc:selfbilling:')
      ? 'a Peppol self-billing invoice (SELF_BILLING_INVOICE)'
      : null;
  if (kind) {
    throw new InvoiceFileError(`The file is ${kind}, not an invoice`, [
      `CustomizationID: '${customization}' identifies ${kind}; send it with POST /v1/documents`,
    ]);
  }
}

/** Parse an XML invoice file (bytes as uploaded). Throws InvoiceFileError when it is not one. */
export function parseInvoiceXml(bytes: Buffer): ParsedInvoice {
  const { text } = decodeInvoiceXml(bytes);
  noDoctype(text);
  const root = rootTag(text);
  if (!root) throw new InvoiceFileError('The file is not XML', ['xml: no root element found']);
  wellFormed(text);
  const doc = parser().parse(text) as Record<string, unknown>;
  const node = doc[root.name];
  const ns = root.namespace;
  if ((root.name === 'Invoice' && ns === NS.ublInvoice) || (root.name === 'CreditNote' && ns === NS.ublCreditNote)) {
    notADocument(text);
    return requireCore(parseUbl(node, root.name));
  }
  if (root.name === 'CrossIndustryInvoice' && ns === NS.cii) return requireCore(parseCii(node));
  if (root.name === 'Finvoice') {
    const version = /\sVersion\s*=\s*["']([^"']*)["']/.exec(root.attrs)?.[1] ?? '';
    if (!version.startsWith('3.')) {
      throw new InvoiceFileError('Only Finvoice 3.0 is accepted', [`Finvoice: Version is '${version || 'missing'}', expected 3.0`]);
    }
    return requireCore(parseFinvoice(node));
  }
  if (ns?.startsWith(NS.ublPrefix)) {
    throw new InvoiceFileError('The file is a UBL document but not an invoice', [
      `xml: root element ${root.name} is not Invoice or CreditNote; send trading documents with POST /v1/documents`,
    ]);
  }
  throw new InvoiceFileError('The file is not a recognised invoice', [
    `xml: root element ${root.prefix ? `${root.prefix}:` : ''}${root.name}${ns ? ` (namespace ${ns})` : ''} is not a UBL 2.1 Invoice or CreditNote, a UN/CEFACT CrossIndustryInvoice or a Finvoice 3.0`,
  ]);
}
