import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES, ProgressEstimate, phaseShare, timeLimitFor } from '../../../main/core/validate/progress';
import type { CheckPhase } from '../../../shared/validation/report';

const MB = 1024 * 1024;
const PLAN: CheckPhase[] = ['parse', 'EN16931-UBL', 'PEPPOL-BIS3-UBL'];

describe('the time limit of a check', () => {
  it('grows with the size of the file from the base every file gets', () => {
    expect(timeLimitFor(0, 120_000, 8_000)).toBe(120_000);
    expect(timeLimitFor(15 * MB, 120_000, 8_000)).toBe(240_000);
    expect(timeLimitFor(100 * MB, 120_000, 8_000)).toBe(920_000);
    expect(timeLimitFor(MB / 2, 1_000, 1_000)).toBe(1_500);
  });
});

describe('the estimated progress of a check', () => {
  it('goes through the phases, staying under 100 until the report, however long a phase takes', () => {
    const e = new ProgressEstimate(1, { ...DEFAULT_RATES });
    const bytes = 10 * MB;
    expect(e.progress(0)).toEqual({ phase: 'read', percent: 0 });
    e.step(0, 'parse', ['parse'], bytes, 0);
    e.step(0, 'parse', PLAN, bytes, 100);
    expect(e.progress(1_000).phase).toBe('parse');
    e.step(0, 'EN16931-UBL', PLAN, bytes, 3_000);
    const inEn = e.progress(3_000).percent;
    expect(e.progress(3_000).phase).toBe('en16931');
    expect(inEn).toBeGreaterThan(5);
    // Far longer than expected: still short of the next phase, never 100.
    const stuck = e.progress(10_000_000).percent;
    expect(stuck).toBeLessThan(99);
    e.step(0, 'PEPPOL-BIS3-UBL', PLAN, bytes, 10_000_001);
    expect(e.progress(10_000_001).percent).toBeGreaterThanOrEqual(stuck);
    expect(e.progress(10_000_001).phase).toBe('peppol');
    expect(e.finish(10_000_002)).toEqual({ phase: 'peppol', percent: 100 });
  });

  it('shows a phase in step with the clock, then ever more slowly past its expected time, never done', () => {
    const e = 10_000;
    expect(phaseShare(4_000, e)).toBeCloseTo(0.4);
    const later = [8_000, 10_000, 20_000, 60_000, 600_000].map((t) => phaseShare(t, e));
    for (let i = 1; i < later.length; i++) expect(later[i]).toBeGreaterThan(later[i - 1] as number);
    expect(later.at(-1)).toBeLessThan(1);
  });

  it('only grows, whatever the steps and clock readings, across two parts side by side', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ part: fc.integer({ min: 0, max: 1 }), phase: fc.integer({ min: 0, max: 2 }), dt: fc.nat(5_000) }), {
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 40 * MB }),
        (steps, bytes) => {
          const e = new ProgressEstimate(2, { ...DEFAULT_RATES });
          let now = 0;
          let last = 0;
          for (const s of steps) {
            now += s.dt;
            e.step(s.part, PLAN[s.phase] as CheckPhase, PLAN, bytes, now);
            const p = e.progress(now).percent;
            expect(p).toBeGreaterThanOrEqual(last);
            expect(p).toBeLessThan(100);
            last = p;
          }
          expect(e.finish(now + 1).percent).toBe(100);
        },
      ),
    );
  });

  it('learns the throughput of a phase from a large file, so the next estimate is nearer', () => {
    const rates = { ...DEFAULT_RATES };
    const e = new ProgressEstimate(1, rates);
    // EN 16931 took 1 s for 10 MB (0.1 s/MB): far faster than the default.
    e.step(0, 'EN16931-UBL', ['EN16931-UBL', 'PEPPOL-BIS3-UBL'], 10 * MB, 0);
    e.step(0, 'PEPPOL-BIS3-UBL', ['EN16931-UBL', 'PEPPOL-BIS3-UBL'], 10 * MB, 1_000);
    expect(rates.en16931).toBe((DEFAULT_RATES.en16931 + 100) / 2);
  });
});
