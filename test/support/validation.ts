import { readFileSync } from 'node:fs';
import SaxonJS from 'saxon-js';
import { buildRules } from '../../scripts/build-rules';

/** ../shared/validation beside the checkout: the official rule sources and their test sets (read-only). */
export const SHARED_VALIDATION = new URL('../../../shared/validation/', import.meta.url).pathname;
export const TEST_SETS = `${SHARED_VALIDATION}tests/en16931-ubl/`;

/** Compiles the rule sets into build/rules/ when they are missing or stale (a no-op otherwise: npm test compiles first). */
export async function ensureRules(): Promise<void> {
  await buildRules();
}

export interface TestSetCase {
  /** 1-based position of the <test> in the file. */
  n: number;
  description: string;
  /**
   * What the test says of each rule it names (usually one: the test set's scope): success, not broken;
   * error, broken (fatal); warning, broken with the flag warning.
   */
  expects: { rule: string; expect: 'success' | 'error' | 'warning' }[];
  /** The embedded Invoice or CreditNote, as a document of its own (its in-scope namespaces declared). */
  xml: string;
}

export interface TestSet {
  scope: string;
  cases: TestSetCase[];
}

const text = (xpath: string, node: unknown) => String(SaxonJS.XPath.evaluate(`string(${xpath})`, node) ?? '').trim();

/**
 * Reads an EN 16931 test set (<testSet> with <test> elements, each an <assert> saying success or error
 * for a rule, then one UBL document) with a real XML parser.
 */
export function readTestSet(path: string): TestSet {
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml: readFileSync(path, 'utf8') } });
  const tests = SaxonJS.XPath.evaluate('/*:testSet/*:test', doc, { resultForm: 'array' }) as unknown[];
  return {
    scope: text('/*:testSet/*:assert/*:scope', doc),
    cases: tests.map((t, i) => {
      const named = SaxonJS.XPath.evaluate('*:assert/(*:success | *:error | *:warning)', t, { resultForm: 'array' }) as unknown[];
      const expects = named.map((e) => ({ rule: text('.', e), expect: text('local-name(.)', e) as 'success' | 'error' | 'warning' }));
      const element = SaxonJS.XPath.evaluate('*[not(self::*:assert)][1]', t);
      return {
        n: i + 1,
        description: text('*:assert/*:description', t),
        expects,
        xml: String(SaxonJS.XPath.evaluate('serialize($e)', null, { params: { e: element } })),
      };
    }),
  };
}
