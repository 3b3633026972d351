import { DEFAULT_SCHEME_BY_COUNTRY, DOCUMENT_TYPES, type DocumentType } from '../../shared/enums';
import type { CompanyRecord } from '../model';
import type { DocumentParty } from './document-record';
import { looksLikeXml, type ParsedDocument, parseTradingDocument } from './document-xml';

/** Operator given to a Peppol participant id (`scheme:id`) when the upload names none. */
export const DEFAULT_PEPPOL_OPERATOR = 'PEPPOL';

/** An ISO 6523 participant id as Peppol writes it: four-digit scheme, colon, identifier. */
export const isPeppolId = (eia: string) => /^\d{4}:[^\s:]+$/.test(eia);

const TYPES_LONGEST_FIRST = [...DOCUMENT_TYPES].sort((a, b) => b.length - a.length);

/** `ORDER_RESPONSE_101.xml` is an ORDER_RESPONSE, not an ORDER: the longest type prefix wins. */
export function typeFromFilename(filename: string): DocumentType | null {
  const upper = filename.toUpperCase();
  return TYPES_LONGEST_FIRST.find((t) => upper.startsWith(`${t}_`) || upper.startsWith(`${t}.`) || upper.startsWith(`${t}-`)) ?? null;
}

export type Described = Omit<ParsedDocument, 'root' | 'type'> & { type: DocumentType };

/**
 * What the primary file says about the document: for XML everything the parser reads, for other
 * files only the type from a file-name prefix. A file that claims to be XML must be well-formed.
 */
export function describePrimary(data: Buffer, filename: string): { ok: true; d: Described } | { ok: false; error: string } {
  if (looksLikeXml(data)) {
    const r = parseTradingDocument(data);
    if (!r.ok) return { ok: false, error: `not well-formed XML: ${r.error}` };
    const { root: _root, ...rest } = r.doc;
    return { ok: true, d: { ...rest, type: r.doc.type ?? typeFromFilename(filename) ?? 'UNKNOWN' } };
  }
  const pdf = data.subarray(0, 5).toString('latin1') === '%PDF-';
  return {
    ok: true,
    d: {
      type: typeFromFilename(filename) ?? 'UNKNOWN',
      number: null,
      reference: null,
      document_identifier: null,
      process_identifier: null,
      source_format: pdf ? 'PDF' : 'OTHER',
      format_version: null,
      sender: null,
      recipient: null,
    },
  };
}

/** The company as a document party; its address is the Peppol id its country's scheme gives it. */
export function companyParty(c: CompanyRecord): DocumentParty {
  const scheme = DEFAULT_SCHEME_BY_COUNTRY[c.country]?.[0];
  const digits = c.business_id.replace(/[^0-9A-Za-z]/g, '');
  const eia = !scheme ? null : c.country === 'FI' ? `${scheme}:0037${digits}` : `${scheme}:${digits}`;
  return { eia, bid: c.business_id, name: c.name, country: c.country, vat: c.vat };
}

/** Network of a sent document: Peppol for the Peppol operator, the operators' national network otherwise. */
export const networkOf = (operator: string) => (operator === DEFAULT_PEPPOL_OPERATOR ? 'PEPPOL' : 'NATIONALNET');
