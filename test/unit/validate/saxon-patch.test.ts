import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SaxonJS from 'saxon-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULES_BUILD_DIR } from '../../../scripts/build-rules';
import { FIXTURES } from '../../support/engine';
import { ensureRules } from '../../support/validation';

// patches/saxon-js+2.7.0.patch (applied by `npm install` through patch-package): SaxonJS walked the
// whole stylesheet tree at every transform to find its package nodes; it now does so once per
// stylesheet object. The walk was most of a warm transform's time, and its answer never changes.
// It also keeps an element's name on the element instead of building and checking it at every name
// test (about 14% of the CPU of a warm validation). It walks the descendant axis by the nodes' own links
// instead of a chain of nested iterators, and for a document marked as never changing it answers
// descendant::name and child::name from an index (sef-optimize.test.ts holds every report to the
// unindexed one).

const BASE = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
const broken = BASE.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EUR">1');
const sefText = () => readFileSync(join(RULES_BUILD_DIR, 'EN16931-UBL.sef.json'), 'utf8');
const run = (sef: unknown, xml: string) =>
  String(
    SaxonJS.transform(
      {
        stylesheetInternal: sef,
        sourceNode: SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } }),
        destination: 'serialized',
      },
      'sync',
    ).principalResult,
  );

describe('the patched SaxonJS', () => {
  beforeAll(async () => {
    await ensureRules();
  }, 600_000);

  it('is the one installed', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('saxon-js'), 'utf8');
    expect(source.match(/einvoice-sync patch/g)).toHaveLength(5);
  });

  it('answers the same from a stylesheet it has run before as from a fresh one, for a broken and a valid invoice', () => {
    const reused = JSON.parse(sefText()) as unknown;
    run(reused, BASE);
    const first = run(reused, broken);
    expect(first).toContain('BR-CO-16');
    for (const xml of [broken, BASE]) expect(run(reused, xml)).toBe(run(JSON.parse(sefText()), xml));
  });

  it('no longer walks the stylesheet at each run: a second run reads the child lists of a few of its nodes, not of all', () => {
    const sef = JSON.parse(sefText()) as { C?: unknown[] };
    // Each node's child list becomes a counted accessor; nothing else about the tree changes.
    let nodes = 0;
    let reads = 0;
    const count = (node: { C?: unknown[] }) => {
      nodes++;
      const children = node.C;
      if (!children) return;
      Object.defineProperty(node, 'C', {
        enumerable: true,
        get: () => {
          reads++;
          return children;
        },
      });
      for (const c of children) count(c as { C?: unknown[] });
    };
    count(sef);
    run(sef, '<x/>');
    reads = 0;
    run(sef, '<x/>');
    // Unpatched, every run walks the whole tree (58,000 nodes for EN 16931 UBL) three times.
    expect(nodes).toBeGreaterThan(50_000);
    expect(reads).toBeLessThan(nodes / 20);
  });
});
