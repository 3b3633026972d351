import { scanElements } from './scan';

/**
 * Where a broken rule points: the rules answer an XPath such as
 *   /*:Invoice[namespace-uri()='urn:...:Invoice-2'][1]/*:InvoiceLine[namespace-uri()='urn:...'][2]   (EN 16931)
 *   /Q{urn:...:Invoice-2}Invoice[1]/Q{urn:...}InvoiceLine[2]                                          (SchXslt, Peppol)
 * This turns it into a readable path (/Invoice/cac:InvoiceLine[2]) and finds the line of that element.
 */

export interface ElementStep {
  kind: 'element';
  local: string;
  ns: string;
  /** 1-based position among the siblings of the same name. */
  pos: number;
}
export interface OtherStep {
  kind: 'attribute' | 'text';
  name: string;
}
export type LocationStep = ElementStep | OtherStep;

/** Conventional prefixes of the namespaces invoices use, for readable paths. */
const PREFIXES: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram',
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100': 'rsm',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt',
};

/** Splits on the slashes that separate steps, not those inside predicates, braces or quotes. */
function splitSteps(xpath: string): string[] {
  const steps: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < xpath.length; i++) {
    const c = xpath[i] as string;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === '/' && depth === 0) {
      if (i > start) steps.push(xpath.slice(start, i));
      start = i + 1;
    }
  }
  if (xpath.length > start) steps.push(xpath.slice(start));
  return steps;
}

const NAME = String.raw`[A-Za-z_][\w.\-]*`;
const Q_NAME = new RegExp(String.raw`^Q\{([^}]*)\}(${NAME})`);
const STAR_NAME = new RegExp(String.raw`^\*:(${NAME})`);
const PLAIN_NAME = new RegExp(`^(?:${NAME}:)?(${NAME})`);
const LOCAL_NAME_PRED = new RegExp(String.raw`local-name\(\)\s*=\s*['"](${NAME})['"]`);
const NS_PRED = /namespace-uri\(\)\s*=\s*['"]([^'"]*)['"]/;
const POS_PRED = /\[(\d+)\]\s*$/;

function parseStep(step: string): LocationStep | null {
  if (/^text\(\)/.test(step)) return { kind: 'text', name: 'text()' };
  if (/^(comment|processing-instruction)\(/.test(step)) return null;
  if (step.startsWith('@')) {
    const s = step.slice(1);
    const name = Q_NAME.exec(s)?.[2] ?? LOCAL_NAME_PRED.exec(s)?.[1] ?? STAR_NAME.exec(s)?.[1] ?? PLAIN_NAME.exec(s)?.[1];
    return name ? { kind: 'attribute', name } : null;
  }
  let local: string | undefined;
  let ns = '';
  const q = Q_NAME.exec(step);
  if (q) {
    ns = q[1] ?? '';
    local = q[2];
  } else if (step.startsWith('*:')) {
    local = STAR_NAME.exec(step)?.[1];
    ns = NS_PRED.exec(step)?.[1] ?? '';
  } else if (step.startsWith('*[')) {
    local = LOCAL_NAME_PRED.exec(step)?.[1];
    ns = NS_PRED.exec(step)?.[1] ?? '';
  } else local = PLAIN_NAME.exec(step)?.[1];
  if (!local) return null;
  return { kind: 'element', local, ns, pos: Number(POS_PRED.exec(step)?.[1] ?? 1) };
}

/** The steps of a location, or null when it is not a path this app can follow. */
export function parseLocation(xpath: string): LocationStep[] | null {
  const x = xpath.trim();
  if (!x.startsWith('/')) return null;
  const steps: LocationStep[] = [];
  for (const s of splitSteps(x)) {
    const step = parseStep(s);
    if (!step) return null;
    steps.push(step);
  }
  return steps;
}

const keyOf = (ns: string, local: string) => `{${ns}}${local}`;

/** The key of the element a path of steps ends at (attribute and text steps stand for their element). */
function elementKey(steps: readonly LocationStep[]): string {
  let key = '';
  for (const s of steps) if (s.kind === 'element') key += `/${keyOf(s.ns, s.local)}[${s.pos}]`;
  return key;
}

export interface Located {
  /** A readable path: /Invoice/cac:InvoiceLine[2]/cbc:LineExtensionAmount/@currencyID. */
  path: string;
  line?: number;
}

/**
 * For each location (an XPath the rules answered, or an app path of the same form), its readable path
 * and the line of the element, in one pass over the document.
 */
export function locate(text: string, locations: readonly string[]): Map<string, Located> {
  const parsed = new Map<string, LocationStep[] | null>();
  const prefixes = new Set<string>();
  for (const loc of locations) {
    if (parsed.has(loc)) continue;
    const steps = parseLocation(loc);
    parsed.set(loc, steps);
    if (!steps) continue;
    let key = '';
    prefixes.add(key);
    for (const s of steps) {
      if (s.kind !== 'element') break;
      key += `/${keyOf(s.ns, s.local)}[${s.pos}]`;
      prefixes.add(key);
    }
  }
  const lines = new Map<string, number>();
  /** `{parent key}/{ns}local` -> how many such children the parent has. */
  const totals = new Map<string, number>();
  if (prefixes.size > 1) {
    // The key of each open element whose path is a prefix of a wanted one (null below the others),
    // and how many children of each name it has had so far.
    const keys: (string | null)[] = [''];
    const counts: (Map<string, number> | null)[] = [new Map()];
    scanElements(text, {
      onStart(tag) {
        const parentKey = keys[keys.length - 1] ?? null;
        const parentCounts = counts[counts.length - 1] ?? null;
        if (parentKey === null || parentCounts === null) {
          keys.push(null);
          counts.push(null);
          return undefined;
        }
        const name = keyOf(tag.ns, tag.local);
        const pos = (parentCounts.get(name) ?? 0) + 1;
        parentCounts.set(name, pos);
        const key = `${parentKey}/${name}[${pos}]`;
        const wanted = prefixes.has(key);
        if (wanted) lines.set(key, tag.line);
        keys.push(wanted ? key : null);
        counts.push(wanted ? new Map() : null);
        return undefined;
      },
      onEnd() {
        const key = keys.pop();
        const c = counts.pop();
        if (key != null && c) for (const [name, n] of c) totals.set(`${key}/${name}`, n);
      },
    });
    const rootCounts = counts[0];
    if (rootCounts) for (const [name, n] of rootCounts) totals.set(`/${name}`, n);
  }
  const out = new Map<string, Located>();
  for (const [loc, steps] of parsed) {
    if (!steps) {
      out.set(loc, { path: loc });
      continue;
    }
    let path = '';
    let parentKey = '';
    for (const s of steps) {
      if (s.kind === 'attribute') path += `/@${s.name}`;
      else if (s.kind === 'element') {
        const prefix = PREFIXES[s.ns];
        const total = totals.get(`${parentKey}/${keyOf(s.ns, s.local)}`);
        const many = total === undefined ? s.pos > 1 : total > 1;
        path += `/${prefix ? `${prefix}:` : ''}${s.local}${many ? `[${s.pos}]` : ''}`;
        parentKey += `/${keyOf(s.ns, s.local)}[${s.pos}]`;
      }
    }
    const line = lines.get(elementKey(steps));
    out.set(loc, line === undefined ? { path: path || '/' } : { path: path || '/', line });
  }
  return out;
}

/**
 * The first element whose whole text is `value`, as a path of the form the rules answer
 * (/Q{ns}local[n]/...), or null. Finds where a value that stopped the rules stands.
 */
export function pathOfValue(text: string, value: string): string | null {
  const frames: { path: string; counts: Map<string, number> }[] = [{ path: '', counts: new Map() }];
  let found: string | null = null;
  scanElements(text, {
    onStart(tag) {
      const parent = frames[frames.length - 1] as (typeof frames)[number];
      const name = keyOf(tag.ns, tag.local);
      const pos = (parent.counts.get(name) ?? 0) + 1;
      parent.counts.set(name, pos);
      const path = `${parent.path}/Q${name}[${pos}]`;
      if (!tag.selfClosing && text.startsWith(value, tag.end) && text.charCodeAt(tag.end + value.length) === 60) {
        found = path;
        return true;
      }
      frames.push({ path, counts: new Map() });
      return undefined;
    },
    onEnd() {
      frames.pop();
    },
  });
  return found;
}
