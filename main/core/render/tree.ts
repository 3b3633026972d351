// Reading the parsed XML tree: every element is a list (see xml.ts), a leaf is a string or an object
// with '#text' and '@_' attributes. Missing parts read as empty lists and nulls, never as errors.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The child elements named `name`. */
export function kids(node: unknown, name: string): unknown[] {
  if (!isObj(node)) return [];
  const v = node[name];
  return Array.isArray(v) ? v : [];
}

/** Every element at the end of the path (all matches at each step). */
export function all(node: unknown, ...path: string[]): unknown[] {
  return path.reduce<unknown[]>((nodes, name) => nodes.flatMap((n) => kids(n, name)), [node]);
}

export function first(node: unknown, ...path: string[]): unknown {
  return all(node, ...path)[0];
}

/**
 * An element's own text, trimmed, with runs of white space (line breaks of a pretty-printer inside a
 * name) made one space; `keepLines` keeps the line breaks of free text such as notes.
 */
export function text(node: unknown, keepLines = false): string | null {
  const raw = typeof node === 'string' ? node : isObj(node) && typeof node['#text'] === 'string' ? node['#text'] : null;
  const t = keepLines
    ? raw
        ?.replace(/[ \t]+/g, ' ')
        .replace(/ *\r?\n */g, '\n')
        .trim()
    : raw?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
}

export function textAt(node: unknown, ...path: string[]): string | null {
  return text(first(node, ...path));
}

/** The texts of every element at the path, empties dropped. */
export function textsAt(node: unknown, ...path: string[]): string[] {
  return all(node, ...path)
    .map((n) => text(n))
    .filter((t): t is string => t !== null);
}

/** Free text (notes) of every element at the path, line breaks kept. */
export function notesAt(node: unknown, ...path: string[]): string[] {
  return all(node, ...path)
    .map((n) => text(n, true))
    .filter((t): t is string => t !== null);
}

export function attr(node: unknown, name: string): string | null {
  if (!isObj(node)) return null;
  const v = node[`@_${name}`];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** A number from invoice text: `1 234.50`, or with `decimalComma` Finvoice's `1234,50`. */
export function amount(t: string | null, decimalComma = false): number | null {
  if (t === null) return null;
  let s = t.replace(/[\s\u00a0]/g, '');
  if (decimalComma) s = s.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** YYYY-MM-DD from `2017-11-13`, `20130410` (CII format 102, Finvoice CCYYMMDD) or a timestamp. */
export function toIsoDate(t: string | null): string | null {
  if (t === null) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const dashed = /^(\d{4}-\d{2}-\d{2})/.exec(t);
  return dashed?.[1] ?? t;
}

/** Non-empty parts joined, or null when none is left. */
export function joined(parts: (string | null)[], sep = ', '): string | null {
  const kept = parts.filter((p): p is string => !!p);
  return kept.length ? kept.join(sep) : null;
}
