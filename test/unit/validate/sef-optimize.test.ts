import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SaxonJS from 'saxon-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { identify, rulesetsFor } from '../../../main/core/validate/detect';
import { optimizeSef, sefChecksum } from '../../../main/core/validate/sef-optimize';
import { exportDirOf, RULES_BUILD_DIR } from '../../../scripts/build-rules';
import type { CompiledRulesetId } from '../../../shared/validation/report';
import { FIXTURES } from '../../support/engine';
import { ensureRules, readTestSet, TEST_SETS } from '../../support/validation';

// main/core/validate/sef-optimize.ts (run by build:rules) rewrites root/descendant-or-self::node()/child::X[p]
// as root/descendant::X[p], and the patched SaxonJS answers descendant::X and child::X of a parsed invoice
// marked as never changing from an index; the pass also drops the svrl:fired-rule elements the official
// EN 16931 stylesheets write for every node a rule matches. Every report must stay exactly as it was, less
// those elements.

type Sef = { N: string; C?: Sef[]; [k: string]: unknown };
const RULESETS: CompiledRulesetId[] = ['EN16931-UBL', 'EN16931-CII', 'PEPPOL-BIS3-UBL', 'PEPPOL-BIS3-CII'];
const readIn = (dir: string, id: CompiledRulesetId) => JSON.parse(readFileSync(join(dir, `${id}.sef.json`), 'utf8')) as Sef;
// As xslt3 exported it, and as build:rules ships it after the optimizing pass.
const exported = (id: CompiledRulesetId) => readIn(exportDirOf(RULES_BUILD_DIR), id);
const shipped = (id: CompiledRulesetId) => readIn(RULES_BUILD_DIR, id);

function report(sef: unknown, xml: string, indexed: boolean): string {
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } }) as { _saxonImmutable?: boolean };
  if (indexed) doc._saxonImmutable = true;
  try {
    return String(SaxonJS.transform({ stylesheetInternal: sef, sourceNode: doc, destination: 'serialized' }, 'sync').principalResult);
  } catch (e) {
    // A rule that meets an unreadable value stops the run; both must stop alike.
    return `stopped: ${(e as Error).message}`;
  }
}

// root/descendant-or-self::node()/<step>, as xslt3 writes //<step>.
const anywhere = (step: Sef): Sef => ({
  N: 'slash',
  op: '/',
  C: [{ N: 'slash', op: '/', C: [{ N: 'root' }, { N: 'axis', name: 'descendant-or-self', nodeTest: '*N' }] }, step],
});
const child = (local: string): Sef => ({ N: 'axis', name: 'child', nodeTest: `*NE nQ{urn:x}${local}` });
const test: Sef = { N: 'gc', op: '=', C: [child('ID'), { N: 'str', val: 'S' }] };
// What the reports of the original rules are compared as: an SVRL without its fired-rule elements.
const withoutFiredRules = (svrl: string) => svrl.replace(/\s*<svrl:fired-rule\b[^>]*\/>/g, '');

describe('the stylesheet rewrite', () => {
  it('takes //X, //X[p][q] and //(X|Y) onto the descendant axis, keeping the path before them and the predicates', () => {
    const tree: Sef = {
      N: 'package',
      C: [
        anywhere(child('A')),
        anywhere({ N: 'filter', C: [{ N: 'filter', C: [child('B'), test] }, test] }),
        anywhere({ N: 'union', op: '|', C: [child('C'), child('D')] }),
      ],
    };
    expect(optimizeSef(tree)).toBe(3);
    const [a, b, c] = tree.C as [Sef, Sef, Sef];
    expect(a).toEqual({ N: 'slash', op: '/', C: [{ N: 'root' }, { ...child('A'), name: 'descendant' }] });
    expect(b.C?.[1]).toEqual({ N: 'filter', C: [{ N: 'filter', C: [{ ...child('B'), name: 'descendant' }, test] }, test] });
    expect(c.C?.[1]?.C?.map((s) => s.name)).toEqual(['descendant', 'descendant']);
  });

  it('drops the svrl:fired-rule constructors of a template rule and keeps its asserts', () => {
    const fired: Sef = { N: 'elem', name: 'svrl:fired-rule', nsuri: 'http://purl.oclc.org/dsdl/svrl', C: [] };
    const assert: Sef = { N: 'choose', C: [] };
    const other: Sef = { N: 'elem', name: 'svrl:failed-assert', nsuri: 'http://purl.oclc.org/dsdl/svrl', C: [] };
    const tree: Sef = { N: 'package', C: [{ N: 'sequence', role: 'action', C: [fired, assert, other, { N: 'applyT' }] }] };
    expect(optimizeSef(tree)).toBe(1);
    expect(tree.C?.[0]?.C?.map((n) => n.N)).toEqual(['choose', 'elem', 'applyT']);
  });

  it('leaves a step alone where the two could differ: a predicate that may be a position, attributes, other node kinds', () => {
    const positional = anywhere({ N: 'filter', flags: 'p', C: [child('A'), { N: 'int', val: '1' }] });
    const independent = anywhere({ N: 'filter', flags: 'i', C: [child('A'), { N: 'true' }] });
    const attributes = anywhere({ N: 'axis', name: 'attribute', nodeTest: '*NA nQ{}id' });
    const text = anywhere({ N: 'axis', name: 'child', nodeTest: '*NT' });
    const mixedUnion = anywhere({ N: 'union', op: '|', C: [child('A'), { N: 'axis', name: 'attribute', nodeTest: '*NA' }] });
    const tree: Sef = { N: 'package', C: [positional, independent, attributes, text, mixedUnion] };
    const before = structuredClone(tree);
    expect(optimizeSef(tree)).toBe(0);
    expect(tree).toEqual(before);
  });
});

describe('the optimized rule sets', () => {
  beforeAll(async () => {
    await ensureRules();
  }, 600_000);

  it('carry the checksum SaxonJS computes: the port agrees with every stylesheet xslt3 exported', () => {
    for (const id of RULESETS) {
      const sef = exported(id);
      expect(sefChecksum(sef), id).toBe(sef.Σ);
    }
  });

  it('are what the pass makes of the export: the EN 16931 steps rewritten, and a checksum SaxonJS accepts', () => {
    for (const id of RULESETS) {
      const sef = exported(id);
      const rewritten = optimizeSef(sef);
      if (id.startsWith('EN16931')) expect(rewritten, id).toBeGreaterThan(15);
      expect(shipped(id), id).toEqual(sef);
      expect(report(sef, '<x/>', true), id).toContain('schematron-output');
    }
  });

  // Every fixture invoice, every document of the invalid fixtures (test sets that break BR-01..BR-20) and
  // of the official test sets, through each rule set it gets: the original stylesheet walking the tree,
  // against the rewritten one answering from the index.
  const documents = [
    ...readdirSync(join(FIXTURES, 'invoices')).flatMap((d) =>
      readdirSync(join(FIXTURES, 'invoices', d)).map((f) => ({
        label: `${d}/${f}`,
        xml: readFileSync(join(FIXTURES, 'invoices', d, f), 'utf8'),
      })),
    ),
    ...readdirSync(join(FIXTURES, 'invalid')).flatMap((f) =>
      readTestSet(join(FIXTURES, 'invalid', f)).cases.map((c) => ({ label: `invalid/${f}#${c.n}`, xml: c.xml })),
    ),
    // The official EN 16931 UBL test sets, each case a document that breaks or keeps one rule.
    ...readdirSync(TEST_SETS)
      .sort()
      .flatMap((f) => readTestSet(join(TEST_SETS, f)).cases.map((c) => ({ label: `tests/${f}#${c.n}`, xml: c.xml }))),
  ];

  it(`give byte-identical reports to the original rules (less their fired-rule elements) over ${documents.length} documents`, () => {
    const original = new Map(RULESETS.map((id) => [id, exported(id)]));
    const optimized = new Map(RULESETS.map((id) => [id, shipped(id)]));
    let compared = 0;
    let broken = 0;
    for (const { label, xml } of documents) {
      const id = identify(xml);
      if (id.syntax === 'finvoice' || id.syntax === 'other') continue;
      for (const r of rulesetsFor(id, undefined)) {
        const before = withoutFiredRules(report(original.get(r), xml, false));
        expect(report(optimized.get(r), xml, true), `${label} (${r})`).toBe(before);
        compared++;
        if (before.includes('failed-assert')) broken++;
      }
    }
    // The comparison covers reports that flag rules, not only clean ones.
    expect(compared).toBeGreaterThan(600);
    expect(broken).toBeGreaterThan(300);
  }, 600_000);
});
