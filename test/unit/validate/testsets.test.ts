import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '../../../main/core/validate';
import type { ValidationReport } from '../../../shared/validation/report';
import { FIXTURES } from '../../support/engine';
import { ensureRules, readTestSet, TEST_SETS, type TestSet } from '../../support/validation';

// The EN 16931 unit test sets for UBL (../shared/validation/tests/en16931-ubl/) and the 20 files of
// ../shared/fixtures/invalid/, which are test sets of the same form: every embedded document, validated
// on its own, breaks the rule under test exactly when the test set says `error` (as a fatal error) or
// `warning` (as a warning), and does not break it when the test set says `success`.

const files = [
  ...readdirSync(TEST_SETS)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => ({ label: f, path: join(TEST_SETS, f) })),
  ...readdirSync(join(FIXTURES, 'invalid'))
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => ({ label: `fixtures/invalid/${f}`, path: join(FIXTURES, 'invalid', f) })),
];
const sets = new Map<string, TestSet>(files.map((f) => [f.label, readTestSet(f.path)]));

let validator: Validator;
const reports = new Map<string, Promise<ValidationReport>[]>();

beforeAll(async () => {
  await ensureRules();
  validator = new Validator({ workers: 2 });
  // Everything is queued at once; each test waits for its own documents.
  for (const [label, set] of sets)
    reports.set(
      label,
      set.cases.map((c) => validator.validate(Buffer.from(c.xml), { name: `${label}#${c.n}`, profile: 'en16931' })),
    );
}, 600_000);

afterAll(async () => {
  await validator?.close();
});

describe('EN 16931 test sets', () => {
  it('finds every test set and its documents', () => {
    expect(files.length).toBe(246 + 20);
    const cases = [...sets.values()].reduce((n, s) => n + s.cases.length, 0);
    expect(cases).toBeGreaterThan(1000);
    for (const [label, set] of sets) {
      expect(set.cases.length, label).toBeGreaterThan(0);
      for (const c of set.cases)
        expect(
          c.expects.map((e) => e.rule),
          `${label} #${c.n}`,
        ).toContain(set.scope);
    }
  });

  for (const { label } of files) {
    it(label, { timeout: 600_000 }, async () => {
      const set = sets.get(label) as TestSet;
      const results = await Promise.all(reports.get(label) ?? []);
      const wrong = set.cases.flatMap((c, i) => {
        const r = results[i] as ValidationReport;
        return c.expects
          .filter((e) => {
            const flags = r.issues.filter((x) => x.id === e.rule).map((x) => x.flag);
            if (r.status === 'unreadable') return true;
            if (e.expect === 'success') return flags.length > 0;
            return !flags.includes(e.expect === 'error' ? 'fatal' : 'warning');
          })
          .map(
            (e) =>
              `#${c.n} expects ${e.expect} for ${e.rule} (${c.description}); got ${r.status === 'unreadable' ? r.problem : r.issues.map((x) => x.id).join(', ') || 'no issue'}`,
          );
      });
      expect(wrong).toEqual([]);
    });
  }
});
