import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../../main/core/validate/rulesets';
import { VENDOR_DIR } from '../../../scripts/build-rules';
import { APP_LANGUAGES } from '../../../shared/settings';
import { EXPLANATIONS, explanationFor } from '../../../shared/validation/explanations';

const pad = (n: number) => String(n).padStart(2, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The rules users hit most, as the issue names them (PEPPOL-EN16931-R045 does not exist in Peppol BIS 3.0.19; R006 is CII's only). */
const MOST_HIT = [
  ...range(1, 16).map((n) => `BR-${pad(n)}`),
  ...[...range(3, 24), 26].map((n) => `BR-CO-${pad(n)}`),
  ...['S', 'Z', 'E', 'AE'].flatMap((c) => range(1, 10).map((n) => `BR-${c}-${pad(n)}`)),
  ...range(1, 8).map((n) => `PEPPOL-EN16931-R${String(n).padStart(3, '0')}`),
  ...[40, 41, 42, 43, 44, 46, 53, 120, 121].map((n) => `PEPPOL-EN16931-R${String(n).padStart(3, '0')}`),
];

/** Every rule id the shipped rule sets define. */
const ruleIds = new Set(
  RULESETS.flatMap((r) =>
    // Schematron: <assert id="...">; the EN 16931 XSLT: <xsl:attribute name="id">...</xsl:attribute>.
    [
      ...readFileSync(join(VENDOR_DIR, r.source), 'utf8').matchAll(/\bid="([A-Z][A-Z0-9-]+)"|<xsl:attribute name="id">([A-Z][A-Z0-9-]+)</g),
    ].map((m) => m[1] ?? m[2]),
  ),
);

describe('plain-words explanations of the rules', () => {
  it('explain every rule users hit most, in the four languages', () => {
    for (const id of MOST_HIT) {
      const e = explanationFor(id);
      expect(e, id).toBeDefined();
      for (const lang of APP_LANGUAGES) expect(e?.[lang].length, `${id} ${lang}`).toBeGreaterThan(20);
    }
  });

  it("explain only rules that exist in the shipped rule sets (or the app's own RULES-STOPPED)", () => {
    const unknown = Object.keys(EXPLANATIONS).filter((id) => !ruleIds.has(id) && id !== 'RULES-STOPPED');
    expect(unknown).toEqual([]);
    expect(ruleIds.has('PEPPOL-EN16931-R045')).toBe(false);
  });

  it('are translated: each language says it in its own words, as sentences', () => {
    for (const [id, e] of Object.entries(EXPLANATIONS)) {
      expect(new Set(APP_LANGUAGES.map((l) => e[l])).size, id).toBe(APP_LANGUAGES.length);
      for (const l of APP_LANGUAGES) expect(e[l], `${id} ${l}`).toMatch(/^[A-ZÅÄÖØÆ"].*[.)]$/s);
    }
  });

  it('answer nothing for a rule without an explanation, nor for inherited names', () => {
    expect(explanationFor('BR-CL-01')).toBeUndefined();
    expect(explanationFor('toString')).toBeUndefined();
  });
});
