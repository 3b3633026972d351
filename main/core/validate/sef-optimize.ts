// One optimizing pass over a compiled stylesheet (SEF, as xslt3 exports it), run by build:rules.
//
// The EN 16931 rules say `//cac:TaxCategory[...]` about a hundred times. xslt3 kept most of these as
// root/descendant-or-self::node()/child::X[p]: a walk of the whole invoice that then asks every node
// for its X children (about 100,000 child-axis asks per invoice, most of a validation's time). When no
// predicate can be positional, that is the same node sequence as root/descendant::X[p], which the
// patched SaxonJS answers from an index of the invoice's elements by name (patches/saxon-js+2.7.0.patch).
//
// A predicate is safe when its filter carries no flags: SaxonJS then takes it as a plain boolean test
// of each node ('p' marks a predicate that may be a position, 'i' one that does not depend on the node,
// which may be numeric too). The rewritten stylesheet gives the same reports byte for byte; the tests
// run every fixture and the official test sets through both.
//
// The official EN 16931 stylesheets also write an svrl:fired-rule for every node a rule matches (about
// 2,000 bytes of SVRL per invoice line, 20 MB for 10,000 lines, each built as a tree, serialized and
// parsed again). The app reads only failed asserts and successful reports (svrl.ts), so the pass drops
// those constructors, as SchXslt's compact SVRL does for the Peppol rules: a constant element with a
// constant attribute, it computes nothing a finding depends on. The reports are the same less those
// elements, which the tests check byte for byte too.

/** The pass as build:rules names it beside the compiler: a change to what it rewrites needs a new number. */
export const SEF_OPTIMIZER = 'sef-optimize 2';

/** A node of the SEF tree: `N` is its kind, `C` its children, the rest its properties. */
interface SefNode {
  N: string;
  C?: SefNode[];
  [property: string]: unknown;
}

const isNode = (v: unknown): v is SefNode => typeof v === 'object' && v !== null && typeof (v as SefNode).N === 'string';

const isAnyDescendantOrSelf = (n: SefNode | undefined) => n?.N === 'axis' && n.name === 'descendant-or-self' && n.nodeTest === '*N';

// An element test ('*NE' any element, '*NE nQ{uri}local' one name) on the child axis.
const isChildElements = (n: SefNode) =>
  n.N === 'axis' && n.name === 'child' && typeof n.nodeTest === 'string' && n.nodeTest.startsWith('*NE');

const isPlainFilter = (n: SefNode) => n.N === 'filter' && !('flags' in n) && n.C?.length === 2;

/** child::X, child::X[p]..., or a union of those, as the same on the descendant axis; null when not safe. */
function onDescendantAxis(n: SefNode): SefNode | null {
  if (isChildElements(n)) return { ...n, name: 'descendant' };
  const [a, b] = n.C ?? [];
  if (isPlainFilter(n) && a && b) {
    const base = onDescendantAxis(a);
    return base ? { ...n, C: [base, b] } : null;
  }
  if (n.N === 'union' && n.op === '|' && n.C?.length === 2 && a && b) {
    const left = onDescendantAxis(a);
    const right = onDescendantAxis(b);
    return left && right ? { ...n, C: [left, right] } : null;
  }
  return null;
}

/** E/descendant-or-self::node()/R as E/R', where R' is R on the descendant axis; the node unchanged otherwise. */
function rewriteStep(n: SefNode): SefNode | null {
  if (n.N !== 'slash' || n.op !== '/' || n.C?.length !== 2) return null;
  const [left, right] = n.C as [SefNode, SefNode];
  if (left.N !== 'slash' || left.op !== '/' || left.C?.length !== 2 || !isAnyDescendantOrSelf(left.C[1])) return null;
  const step = onDescendantAxis(right);
  return step ? { ...n, C: [left.C[0] as SefNode, step] } : null;
}

const SVRL = 'http://purl.oclc.org/dsdl/svrl';
const isFiredRule = (n: SefNode) => n.N === 'elem' && n.nsuri === SVRL && n.name === 'svrl:fired-rule';

/** Drops svrl:fired-rule constructors from the sequences (template actions) that hold them; answers how many. */
function dropFiredRules(root: SefNode): number {
  let count = 0;
  const visit = (node: SefNode) => {
    if (node.N === 'sequence' && node.C?.some(isFiredRule)) {
      const kept = node.C.filter((c) => !isFiredRule(c));
      count += node.C.length - kept.length;
      node.C = kept;
    }
    for (const v of Object.values(node)) {
      if (Array.isArray(v)) for (const c of v) isNode(c) && visit(c);
      else if (isNode(v)) visit(v);
    }
  };
  visit(root);
  return count;
}

// Children first, so a step nested in a rewritten one's predicate is rewritten too.
function rewriteTree(root: SefNode): number {
  let count = 0;
  const visit = (holder: Record<string, unknown> | unknown[], key: string | number, node: SefNode) => {
    for (const [k, v] of Object.entries(node)) {
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const c: unknown = v[i];
          if (isNode(c)) visit(v, i, c);
        }
      } else if (isNode(v)) visit(node, k, v);
    }
    const better = rewriteStep(node);
    if (better) {
      (holder as Record<string | number, unknown>)[key] = better;
      count++;
    }
  };
  const top = { root };
  visit(top, 'root', root);
  return count;
}

const SIGMA = 'Σ';

/**
 * SaxonJS 2.7's checksum of a SEF tree, as it checks it when it loads a stylesheet (it refuses one whose
 * `Σ` differs): a fold of every node's kind and properties, in tree order.
 */
export function sefChecksum(root: SefNode): string {
  const fold = (text: unknown, seed: number) => {
    let k = seed << 8;
    // SaxonJS folds strings; a number or a boolean property has no length and adds only its seed.
    if (typeof text === 'string') for (let i = 0; i < text.length; i++) k = (k << 1) + text.charCodeAt(i);
    return k;
  };
  const pair = (a: string, b: string, seed: number) => fold(a, seed) ^ fold(b, seed);
  let h = 0;
  let n = 0;
  const walk = (node: SefNode) => {
    h ^= pair(node.N, 'http://ns.saxonica.com/xslt/export', n++);
    for (const k of Object.keys(node)) {
      if (k === 'N' || k === 'C' || k === 'ELAB' || k === 'PUSH' || k === 'parentNode' || k === SIGMA) continue;
      if (node.N === 'catch' && k === 'test') continue;
      h ^= pair(k, '', n);
      h ^= fold(node[k], n);
    }
    for (const c of node.C ?? []) walk(c);
    h ^= 1;
  };
  walk(root);
  return (h < 0 ? 4294967295 + h + 1 : h).toString(16);
}

/** Rewrites a parsed SEF in place and gives it its new checksum; answers how many steps it rewrote. */
export function optimizeSef(sef: unknown): number {
  if (!isNode(sef)) throw new Error('Not a compiled stylesheet (SEF): its root has no kind');
  const count = rewriteTree(sef) + dropFiredRules(sef);
  if (count > 0) sef[SIGMA] = sefChecksum(sef);
  return count;
}
