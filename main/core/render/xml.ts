import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { RenderError } from './errors';

/** The 3 MB sample with an embedded PDF passes with room to spare; bigger is not an invoice to show inline. */
export const MAX_XML_BYTES = 25 * 1024 * 1024;
/** UBL, CII and Finvoice nest about a dozen deep; hundreds deep is an attack on the parser's recursion. */
export const MAX_DEPTH = 64;

export interface XmlRoot {
  /** The document element's local name (namespace prefix removed). */
  name: string;
  node: unknown;
}

/** Decodes by the BOM, else by the XML declaration (Finvoice is usually ISO-8859-15), else UTF-8. */
export function decodeXml(bytes: Uint8Array): string {
  let label = 'utf-8';
  let declared = false;
  let body = bytes;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) body = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else {
    // The declaration is ASCII in every ASCII-compatible encoding, so it can be read before decoding.
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 300));
    const m = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
    if (m?.[1]) {
      label = m[1].toLowerCase();
      declared = true;
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new RenderError(`The file is in a character encoding this app does not know (${label})`);
  }
  try {
    return decoder.decode(body);
  } catch {
    throw new RenderError(
      declared
        ? `The file is not valid text in its declared encoding (${label})`
        : 'The file is not text (it may be a PDF or an image rather than XML)',
    );
  }
}

/**
 * One linear pass before any parser sees the text: refuses DTDs (entity expansion is how XML files
 * attack parsers, and no invoice format needs one) and nesting deeper than `maxDepth` (the parser
 * recurses per level). Comments, CDATA and processing instructions are skipped whole.
 */
export function guardStructure(text: string, maxDepth = MAX_DEPTH): void {
  let depth = 0;
  let i = text.indexOf('<');
  const skipTo = (end: string, from: number): number => {
    const e = text.indexOf(end, from);
    if (e < 0) throw new RenderError('The file is not well-formed XML: it ends inside a comment or a section');
    return e + end.length;
  };
  while (i !== -1) {
    if (text.startsWith('<!--', i)) i = skipTo('-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(']]>', i + 9);
    else if (text.startsWith('<!', i))
      throw new RenderError('The file declares a DTD (DOCTYPE or ENTITY), which invoices never need; it is not opened');
    else if (text.startsWith('<?', i)) i = skipTo('?>', i + 2);
    else {
      let j = i + 1;
      let quote = 0;
      for (; j < text.length; j++) {
        const ch = text.charCodeAt(j);
        if (quote) {
          if (ch === quote) quote = 0;
        } else if (ch === 34 || ch === 39) quote = ch;
        else if (ch === 62) break;
      }
      if (j >= text.length) throw new RenderError('The file is not well-formed XML: it ends inside a tag');
      if (text.charCodeAt(i + 1) === 47) depth--;
      else if (text.charCodeAt(j - 1) !== 47 && ++depth > maxDepth) {
        throw new RenderError(`The file nests elements more than ${maxDepth} deep, which no invoice does; it is not opened`);
      }
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays text: "0003434323213231" is a payment reference, not a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: false,
  // Every element is a list, so a repeated element never changes the shape the readers see.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** The text of well-formed XML without DTDs or absurd nesting; else a RenderError in plain words. */
function wellFormedText(bytes: Uint8Array): string {
  const text = decodeXml(bytes);
  if (!text.trim()) throw new RenderError('The file is empty');
  guardStructure(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new RenderError(`The file is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`);
  return text;
}

/** The document element of an XML file: its local name and namespace. */
export interface XmlIdentity {
  name: string;
  namespace: string | null;
}

/**
 * Checks that the bytes are well-formed XML without DTDs or absurd nesting and names the document
 * element, without building the tree: enough to know a file is the XML it should be.
 */
export function inspectXml(bytes: Uint8Array): XmlIdentity {
  const text = wellFormedText(bytes);
  // The first start tag after the prolog: skip the declaration, processing instructions and comments.
  let at = 0;
  for (;;) {
    at = text.indexOf('<', at);
    if (text.startsWith('<?', at)) at = text.indexOf('?>', at) + 2;
    else if (text.startsWith('<!--', at)) at = text.indexOf('-->', at) + 3;
    else break;
  }
  const m = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(text.slice(at, at + 65_536));
  if (!m?.[2]) throw new RenderError('The file has no document element');
  const prefix = m[1] ? m[1].slice(0, -1) : null;
  const attr = new RegExp(`\\sxmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*(["'])(.*?)\\1`).exec(m[3] ?? '');
  return { name: m[2], namespace: attr?.[2] ?? null };
}

/** Decodes, guards and parses an XML file; any failure is a RenderError with a plain message. */
export function parseXml(bytes: Uint8Array): XmlRoot {
  if (bytes.length > MAX_XML_BYTES)
    throw new RenderError(`The file is larger than ${MAX_XML_BYTES / 1024 / 1024} MB; open it in another program`);
  const text = wellFormedText(bytes);
  let doc: unknown;
  try {
    doc = parser.parse(text);
  } catch (e) {
    throw new RenderError(`The file could not be read as XML (${(e as Error).message})`);
  }
  const entries = typeof doc === 'object' && doc !== null ? Object.entries(doc).filter(([k]) => !k.startsWith('?')) : [];
  const [name, value] = entries[0] ?? [];
  if (!name || !Array.isArray(value)) throw new RenderError('The file has no document element');
  return { name, node: value[0] };
}
