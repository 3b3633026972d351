import type { SourceFormat } from '../../shared/enums';

/**
 * What the sandbox reads out of an invoice file, whatever its format (UBL, CII, Finvoice). The
 * invoice record takes its header fields from here; EXTENDED_DETAILS and the generated PDF show the rest.
 */
export interface ParsedAddress {
  street: string | null;
  post_code: string | null;
  city: string | null;
  country: string | null;
}

export interface ParsedParty {
  eia: string | null;
  bid: string | null;
  name: string | null;
  country: string | null;
  vat: string | null;
  operator: string | null;
  email: string | null;
  address: ParsedAddress | null;
}

export interface ParsedLine {
  id: string | null;
  name: string | null;
  description: string | null;
  quantity: number | null;
  unit: string | null;
  unit_price: number | null;
  net_amount: number | null;
  vat_category: string | null;
  vat_percent: number | null;
}

export interface VatBreakdownRow {
  category: string | null;
  percent: number | null;
  taxable_amount: number | null;
  tax_amount: number | null;
}

export interface PaymentDetails {
  iban: string | null;
  bic: string | null;
  /** A bank account that is not an IBAN (such as a Norwegian BBAN). */
  account: string | null;
  reference: string | null;
  means_code: string | null;
  terms: string | null;
}

/** A file carried inside the XML itself (UBL EmbeddedDocumentBinaryObject, CII AttachmentBinaryObject). */
export interface EmbeddedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export type InvoiceFamily = 'UBL' | 'CII' | 'FINVOICE';
export type InvoiceDocumentType = 'INVOICE' | 'CREDIT_NOTE';

export interface ParsedInvoice {
  family: InvoiceFamily;
  source_format: SourceFormat;
  document_type: InvoiceDocumentType;
  number: string;
  date: string | null;
  date_due: string | null;
  currency: string | null;
  /** Total including VAT. */
  sum: number | null;
  sum_tax: number | null;
  sum_excluding_tax: number | null;
  /** Amount due after prepayments and rounding. */
  sum_payable: number | null;
  reference: string | null;
  buyer_reference: string | null;
  order_reference: string | null;
  notes: string[];
  sender: ParsedParty;
  recipient: ParsedParty;
  lines: ParsedLine[];
  vat_breakdown: VatBreakdownRow[];
  payment: PaymentDetails;
  embedded: EmbeddedFile[];
}

/** The file is not an invoice the sandbox can take; `details` are plain-words lines for the client. */
export class InvoiceFileError extends Error {
  constructor(
    message: string,
    readonly details: string[],
  ) {
    super(message);
  }
}

// ---- helpers over fast-xml-parser output (attributes as `@_name`, text as `#text` when attributed) ----

export type XNode = unknown;

const asList = (v: XNode): XNode[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** Every node at a slash-separated path below `node`, flattening repeated elements at each step. */
export function all(node: XNode, path: string): XNode[] {
  let cur = asList(node);
  for (const step of path.split('/')) {
    const next: XNode[] = [];
    for (const n of cur) if (n && typeof n === 'object' && !Array.isArray(n)) next.push(...asList((n as Record<string, XNode>)[step]));
    cur = next;
    if (cur.length === 0) break;
  }
  return cur;
}

export function one(node: XNode, path: string): XNode {
  return all(node, path)[0];
}

/** The text of a node: a plain string, or `#text` of an element with attributes; blank is null. */
export function textOf(node: XNode): string | null {
  let v: unknown = node;
  if (v && typeof v === 'object' && !Array.isArray(v)) v = (v as Record<string, unknown>)['#text'];
  if (typeof v === 'number' || typeof v === 'boolean') v = String(v);
  if (typeof v !== 'string') return null;
  // Pretty-printed files wrap long names over lines; one space is what the text means.
  const t = v.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

export function txt(node: XNode, path: string): string | null {
  for (const n of all(node, path)) {
    const t = textOf(n);
    if (t !== null) return t;
  }
  return null;
}

export function attr(node: XNode, name: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const v = (node as Record<string, unknown>)[`@_${name}`];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** A decimal from the file: `1234.5`, Finvoice's `1234,50`, with spaces as thousands separators. */
export function num(s: string | null): number | null {
  if (s === null) return null;
  const clean = s.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^[-+]?\d*\.?\d+$/.test(clean)) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

/** YYYY-MM-DD from `2024-01-31`, `20240131` (CII format 102, Finvoice CCYYMMDD) or a timestamp. */
export function parseIsoDate(s: string | null): string | null {
  if (s === null) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(s.trim());
  if (!m) return null;
  const d = `${m[1]}-${m[2]}-${m[3]}`;
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== d ? null : d;
}

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
export const isIban = (s: string | null): boolean => s !== null && IBAN.test(s.replace(/\s/g, ''));

export const emptyParty = (): ParsedParty => ({
  eia: null,
  bid: null,
  name: null,
  country: null,
  vat: null,
  operator: null,
  email: null,
  address: null,
});

export function decodeBase64(name: string, mimetype: string | null, b64: string | null): EmbeddedFile | null {
  if (!b64) return null;
  const data = Buffer.from(b64.replace(/\s/g, ''), 'base64');
  if (data.length === 0) return null;
  return { filename: name, mimetype: mimetype ?? 'application/octet-stream', data };
}
