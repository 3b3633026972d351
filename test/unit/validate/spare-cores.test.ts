import { readFileSync } from 'node:fs';
import { type CpuInfo, cpus } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '../../../main/core/validate';
import { type CoreClocks, SpareCores } from '../../../main/core/validate/spare-cores';
import { FIXTURES } from '../../support/engine';
import { ensureRules } from '../../support/validation';

/**
 * A machine of `cores` cores whose counters move by what `step` says each time they are read: `busy`
 * core-ms of others' work and `own` ms of this process's per core-second, the rest idle. Windows,
 * macOS and Linux all fill these counters (os.cpus()); the load average they replace is 0 on Windows.
 */
function machine(cores: number, step: () => { othersBusy: number; own: number }): CoreClocks & { advance(ms: number): void } {
  let now = 0;
  const user = Array(cores).fill(0);
  const idle = Array(cores).fill(0);
  let own = 0;
  return {
    advance(ms) {
      const s = step();
      // Spread over the cores: the others' work, ours, and idle time making up the rest.
      for (let i = 0; i < cores; i++) {
        user[i] += ((s.othersBusy + s.own) * ms) / cores;
        idle[i] += ms - ((s.othersBusy + s.own) * ms) / cores;
      }
      own += s.own * ms;
      now += ms;
    },
    cpus: () => user.map((u, i) => ({ model: 'test', speed: 1, times: { user: u, nice: 0, sys: 0, idle: idle[i], irq: 0 } }) as CpuInfo),
    ownCpu: () => ({ user: own * 1000, system: 0 }),
    now: () => now,
  };
}

describe('the cores other processes leave free', () => {
  it('reads an idle machine as all its cores, a machine another process keeps busy as what that leaves', () => {
    let load = { othersBusy: 0, own: 0 };
    const m = machine(4, () => load);
    const spare = new SpareCores(250, m);
    expect(spare.free).toBe(4);
    m.advance(300);
    expect(spare.free).toBeCloseTo(4);
    load = { othersBusy: 3, own: 0 };
    m.advance(300);
    expect(spare.free).toBeCloseTo(1);
    load = { othersBusy: 4, own: 0 };
    m.advance(300);
    expect(spare.free).toBeCloseTo(0);
  });

  it("counts this process's own work (its validation workers) as free, so a busy validator does not crowd itself out", () => {
    const m = machine(2, () => ({ othersBusy: 0.2, own: 1.8 }));
    const spare = new SpareCores(250, m);
    m.advance(500);
    expect(spare.free).toBeCloseTo(1.8);
  });

  it('keeps its answer within the window instead of reading the counters again', () => {
    let load = { othersBusy: 0, own: 0 };
    const m = machine(2, () => load);
    const spare = new SpareCores(250, m);
    m.advance(300);
    expect(spare.free).toBeCloseTo(2);
    load = { othersBusy: 2, own: 0 };
    m.advance(100);
    expect(spare.free).toBeCloseTo(2);
    m.advance(200);
    expect(spare.free).toBeLessThan(1);
  });

  it('gives a number between 0 and the cores on this machine, from its real counters', () => {
    const spare = new SpareCores(0);
    const end = Date.now() + 60;
    while (Date.now() < end) {
      // a little work of our own between two readings
    }
    const free = spare.free;
    expect(free).toBeGreaterThanOrEqual(0);
    expect(free).toBeLessThanOrEqual(cpus().length);
  });
});

describe('running a lone Peppol invoice side by side only when the machine has the cores', () => {
  const BASE = readFileSync(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'));
  beforeAll(async () => {
    await ensureRules();
  }, 600_000);
  const made: Validator[] = [];
  afterAll(async () => {
    await Promise.all(made.map((v) => v.close()));
  });

  for (const [what, othersBusy, threads] of [
    ['an idle machine: both workers', 0, 2],
    ['a machine others keep busy: one worker', 1.5, 1],
  ] as const) {
    it(what, async () => {
      const m = machine(2, () => ({ othersBusy, own: 0 }));
      const spareCores = new SpareCores(250, m);
      m.advance(1_000);
      const v = new Validator({ workers: 2, spareCores });
      made.push(v);
      const r = await v.validate(BASE, { name: 'base-example.xml' });
      expect(r.valid).toBe(true);
      expect(r.rulesets.map((s) => s.id)).toEqual(['EN16931-UBL', 'PEPPOL-BIS3-UBL']);
      expect(v.threads).toBe(threads);
    }, 120_000);
  }
});
