import { inspectXml } from '../render/xml';

/**
 * What a download must be before it may take its name in the Inbox. A proxy's error page, a captive
 * portal, a garbled or cut-short answer all arrive as "200 OK": the bytes themselves are checked.
 */
export type Expectation =
  /** XML whose document element is one of `roots` (local names; any when empty) in one of `namespaces` (any when empty). */
  | { kind: 'xml'; what: string; roots: readonly string[]; namespaces: readonly string[] }
  | { kind: 'pdf'; what: string }
  /** A file of a declared type (an attachment): its size where known, and never a stray JSON message or web page. */
  | { kind: 'file'; what: string; mimetype: string | null; filename: string | null; size?: number | null; sha256?: string | null };

const UBL_NAMESPACES = [
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
];

/** The invoice file in the return format asked for (originalFormat in downloads.ts). */
export function invoiceXml(format: 'FINVOICE30' | 'PEPPOLBIS30'): Expectation {
  return format === 'FINVOICE30'
    ? { kind: 'xml', what: 'a Finvoice 3.0 invoice', roots: ['Finvoice'], namespaces: [] }
    : { kind: 'xml', what: 'a Peppol BIS 3 (UBL) invoice', roots: ['Invoice', 'CreditNote'], namespaces: UBL_NAMESPACES };
}

export const invoiceImage: Expectation = { kind: 'pdf', what: "the invoice's PDF image" };

/**
 * Finnish bank messages are Finvoice-family XML (SenderInfo, ReceiverInfo...), but the service keeps
 * what was sent as it was sent, even a message cut short in transfer: only a stray JSON message or
 * web page is refused here; a transfer cut short is caught by its length.
 */
export const bankMessage: Expectation = { kind: 'file', what: 'a Finnish bank message', mimetype: null, filename: null };

/** An attachment or a document's file: what its record says it is. */
export function declaredFile(what: string, mimetype: string | null | undefined, filename: string | null | undefined): Expectation {
  return { kind: 'file', what, mimetype: mimetype ?? null, filename: filename ?? null };
}

const isJsonType = (mime: string | null, name: string | null) => /[/+]json\b/i.test(mime ?? '') || /\.json$/i.test(name ?? '');
const isHtmlType = (mime: string | null, name: string | null) => /\/x?html\b/i.test(mime ?? '') || /\.html?$/i.test(name ?? '');

/**
 * Answers why `data` (with the Content-Type it came with) is not what was asked for, or null when it
 * is. Pure and cheap: XML is checked for well-formedness and its document element without building a
 * tree; a PDF by its header and trailer.
 */
export function verifyDownload(data: Buffer, contentType: string | null, exp: Expectation): string | null {
  if (data.length === 0) return `the answer was empty instead of ${exp.what}`;
  if (exp.kind === 'pdf') return pdfProblem(data, exp.what);
  if (exp.kind === 'xml') return xmlProblem(data, exp.roots, exp.namespaces, exp.what);
  if (exp.size != null && exp.size !== data.length) return `${data.length} bytes arrived where ${exp.what} has ${exp.size}`;
  // An error page or a JSON message where a file of another kind was asked for is not that file.
  if (isJsonType(contentType, null) && !isJsonType(exp.mimetype, exp.filename)) return `a JSON message arrived instead of ${exp.what}`;
  if (isHtmlType(contentType, null) && !isHtmlType(exp.mimetype, exp.filename)) return `a web page arrived instead of ${exp.what}`;
  // Senders label attachments loosely (a "PDF" that is a CSV is a real sample): a declared type proves
  // nothing about the bytes, and the service hands back what it was given.
  return null;
}

function pdfProblem(data: Buffer, what: string): string | null {
  // The header may follow a little junk (the PDF reference allows it within the first 1024 bytes).
  if (data.subarray(0, 1024).indexOf('%PDF-') < 0) return `what arrived is not a PDF (${what})`;
  if (data.subarray(Math.max(0, data.length - 2048)).indexOf('%%EOF') < 0) return `the PDF is incomplete (${what}): it has no end`;
  return null;
}

function xmlProblem(data: Buffer, roots: readonly string[], namespaces: readonly string[], what: string): string | null {
  let id: ReturnType<typeof inspectXml>;
  try {
    id = inspectXml(data);
  } catch (e) {
    return `what arrived is not ${what}: ${lowerFirst((e as Error).message)}`;
  }
  if (roots.length && !roots.includes(id.name)) return `what arrived is not ${what} (its document element is ${id.name})`;
  if (namespaces.length && !namespaces.includes(id.namespace ?? '')) {
    return `what arrived is not ${what} (its document element is in ${id.namespace ? `the namespace ${id.namespace}` : 'no namespace'})`;
  }
  return null;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
