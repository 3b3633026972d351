import { XMLParser } from 'fast-xml-parser';
import type { IssueFlag } from '../../../shared/validation/report';

/** One broken rule as SVRL tells it: a failed assert, or a report that fired. */
export interface SvrlFinding {
  id: string;
  flag: IssueFlag;
  location: string;
  text: string;
}

// preserveOrder keeps mixed content in order (svrl:text may hold svrl:emph and friends); htmlEntities
// decodes numeric character references too.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // svrl:failed-assert and any other prefix bound to the SVRL namespace read the same.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
});

/** An element in preserveOrder form: { name: children, ':@': attributes }, or a text node { '#text': ... }. */
type OrderedNode = Record<string, unknown>;

const nameOf = (n: OrderedNode) => Object.keys(n).find((k) => k !== ':@') ?? '';
const childrenOf = (n: OrderedNode) => (n[nameOf(n)] as OrderedNode[] | undefined) ?? [];
const attrOf = (n: OrderedNode, a: string) => (n[':@'] as Record<string, unknown> | undefined)?.[a];

function textOf(nodes: OrderedNode[]): string {
  return nodes.map((n) => (nameOf(n) === '#text' ? String(n['#text']) : textOf(childrenOf(n)))).join('');
}

/** fatal and error fail the invoice; warning and information (and anything else) do not. */
function flagOf(flag: unknown): IssueFlag {
  const f = typeof flag === 'string' ? flag.trim().toLowerCase() : '';
  return f === '' || f === 'fatal' || f === 'error' ? 'fatal' : 'warning';
}

/** Parses an SVRL report (a real XML parse: attribute order and prefixes vary between the rule sets). */
export function parseSvrl(svrl: string): SvrlFinding[] {
  const doc = parser.parse(svrl) as OrderedNode[];
  const root = doc.find((n) => nameOf(n) === 'schematron-output');
  if (!root) throw new Error('The rules answered no SVRL report');
  const findings: SvrlFinding[] = [];
  for (const a of childrenOf(root)) {
    const kind = nameOf(a);
    if (kind !== 'failed-assert' && kind !== 'successful-report') continue;
    const id = String(attrOf(a, 'id') ?? '').trim() || 'UNNAMED-RULE';
    const text = textOf(childrenOf(a).filter((c) => nameOf(c) === 'text'))
      .replace(/\s+/g, ' ')
      .trim();
    // EN 16931's texts repeat the id in front ("[BR-CO-10]-Sum of ..."): the id is a field of its own.
    const prefix = `[${id}]`;
    findings.push({
      id,
      flag: flagOf(attrOf(a, 'flag')),
      location: String(attrOf(a, 'location') ?? '').trim(),
      text: text.startsWith(prefix) ? text.slice(prefix.length).replace(/^\s*-\s*/, '') : text,
    });
  }
  return findings;
}
