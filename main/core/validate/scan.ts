/**
 * One linear pass over the tags of a document that has already passed `readableXml` (well-formed, no
 * DTD): element names with their namespaces resolved, attributes, depth and the line of each start tag.
 * It builds no tree, so a 100 MB file costs no more memory than its text; element content is skipped
 * with indexOf, so an embedded attachment costs little time. Used to tell the syntax, to read the
 * customization id and to find the line of the element a broken rule points at.
 */

export interface StartTag {
  /** The local name (without prefix). */
  local: string;
  /** The namespace URI, '' for none. */
  ns: string;
  /** 1 for the document element. */
  depth: number;
  /** 1-based line of the '<'. */
  line: number;
  /** Attributes by their name as written (prefix included), values unescaped; xmlns declarations excluded. */
  attrs: ReadonlyMap<string, string>;
  selfClosing: boolean;
  /** Index just after the '>' of the start tag. */
  end: number;
}

/** Return true from onStart to stop the walk. */
export interface ScanHandlers {
  onStart(tag: StartTag): boolean | undefined;
  onEnd?(tag: StartTag): void;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? '';
  });
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Name, attributes and self-closing flag of the start tag text between '<' and '>'. */
function parseTag(tag: string): { qname: string; attrs: [string, string][]; selfClosing: boolean } {
  let i = 0;
  while (i < tag.length && !isSpace(tag.charCodeAt(i)) && tag[i] !== '/') i++;
  const qname = tag.slice(0, i);
  const attrs: [string, string][] = [];
  let selfClosing = false;
  while (i < tag.length) {
    const c = tag.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 47) {
      selfClosing = true;
      i++;
      continue;
    }
    const nameStart = i;
    while (i < tag.length && tag[i] !== '=' && !isSpace(tag.charCodeAt(i))) i++;
    const name = tag.slice(nameStart, i);
    while (i < tag.length && tag[i] !== '=') i++;
    i++;
    while (i < tag.length && isSpace(tag.charCodeAt(i))) i++;
    const quote = tag[i];
    const valueEnd = tag.indexOf(quote as string, i + 1);
    if (valueEnd < 0) break;
    attrs.push([name, unescapeXml(tag.slice(i + 1, valueEnd))]);
    i = valueEnd + 1;
  }
  return { qname, attrs, selfClosing };
}

interface Frame {
  tag: StartTag;
  /** Prefix -> namespace declared on this element (only when it declares any). */
  scope: Map<string, string> | null;
}

export function scanElements(text: string, h: ScanHandlers): void {
  const stack: Frame[] = [];
  const lookup = (prefix: string): string => {
    for (let k = stack.length - 1; k >= 0; k--) {
      const v = stack[k]?.scope?.get(prefix);
      if (v !== undefined) return v;
    }
    return prefix === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : '';
  };
  let line = 1;
  let counted = 0;
  const lineAt = (at: number): number => {
    for (let n = text.indexOf('\n', counted); n !== -1 && n < at; n = text.indexOf('\n', n + 1)) line++;
    counted = at;
    return line;
  };
  let i = text.indexOf('<');
  while (i !== -1) {
    if (text.startsWith('<!--', i)) i = text.indexOf('-->', i + 4) + 3;
    else if (text.startsWith('<![CDATA[', i)) i = text.indexOf(']]>', i + 9) + 3;
    else if (text.startsWith('<?', i) || text.startsWith('<!', i)) i = text.indexOf('>', i) + 1;
    else if (text.charCodeAt(i + 1) === 47) {
      const frame = stack.pop();
      if (frame) h.onEnd?.(frame.tag);
      i = text.indexOf('>', i) + 1;
    } else {
      let j = i + 1;
      let quote = 0;
      for (; j < text.length; j++) {
        const ch = text.charCodeAt(j);
        if (quote) {
          if (ch === quote) quote = 0;
        } else if (ch === 34 || ch === 39) quote = ch;
        else if (ch === 62) break;
      }
      const parsed = parseTag(text.slice(i + 1, j));
      let scope: Map<string, string> | null = null;
      const attrs = new Map<string, string>();
      for (const [name, value] of parsed.attrs) {
        const declared = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice(6) : null;
        if (declared === null) attrs.set(name, value);
        else {
          scope ??= new Map();
          scope.set(declared, value);
        }
      }
      const colon = parsed.qname.indexOf(':');
      const prefix = colon < 0 ? '' : parsed.qname.slice(0, colon);
      const frame: Frame = {
        scope,
        tag: {
          local: parsed.qname.slice(colon + 1),
          ns: '',
          depth: stack.length + 1,
          line: lineAt(i),
          attrs,
          selfClosing: parsed.selfClosing,
          end: j + 1,
        },
      };
      stack.push(frame);
      frame.tag.ns = lookup(prefix);
      if (h.onStart(frame.tag)) return;
      if (parsed.selfClosing) {
        stack.pop();
        h.onEnd?.(frame.tag);
      }
      i = j + 1;
    }
    if (i <= 0) return;
    i = text.indexOf('<', i);
  }
}

/** The text content of a simple element (no child elements), unescaped and trimmed. */
export function simpleText(text: string, tag: StartTag): string {
  if (tag.selfClosing) return '';
  const end = text.indexOf('<', tag.end);
  if (text.startsWith('<![CDATA[', end)) {
    const close = text.indexOf(']]>', end);
    return (unescapeXml(text.slice(tag.end, end)) + text.slice(end + 9, close)).trim();
  }
  return unescapeXml(text.slice(tag.end, end < 0 ? undefined : end)).trim();
}
