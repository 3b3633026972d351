import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextPollSlot, pollPhase } from '../../../main/core/sync/poll-schedule';
import { TurnGate } from '../../../main/core/sync/turn-gate';

describe('each account polls at its own place in the interval', () => {
  it('keeps the same phase for an id, and spreads many ids over the whole interval', () => {
    expect(pollPhase('acc-1')).toBe(pollPhase('acc-1'));
    const tenths = new Array(10).fill(0);
    for (let i = 0; i < 500; i++) tenths[Math.floor(pollPhase(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) * 10)]++;
    // 500 ids over ten tenths: every tenth has some, none has most.
    for (const n of tenths) expect(n).toBeGreaterThan(20);
    for (const n of tenths) expect(n).toBeLessThan(90);
  });

  it('never polls again sooner than the interval, and a poll on its slot lands exactly on the next one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 41 }),
        fc.integer({ min: 60, max: 86_400 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (at, s, phase) => {
          const interval = s * 1000;
          const next = nextPollSlot(at, interval, phase);
          expect(next - at).toBeGreaterThanOrEqual(interval);
          expect(next - at).toBeLessThan(2 * interval);
          // From then on the account stays on its slots, one interval apart.
          expect(nextPollSlot(next, interval, phase)).toBe(next + interval);
          expect((next - Math.floor(phase * interval)) % interval).toBe(0);
        },
      ),
    );
  });
});

describe('the poll gate', () => {
  const never = new AbortController().signal;

  it('lets no more than its size through at once', async () => {
    const gate = new TurnGate(3, 60_000);
    let inside = 0;
    let most = 0;
    const opens: (() => void)[] = [];
    const polls = Array.from({ length: 10 }, () =>
      gate.run(
        async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise<void>((r) => opens.push(r));
          inside--;
        },
        never,
        undefined,
      ),
    );
    let done = 0;
    void Promise.all(polls).then(() => (done = 10));
    while (done < 10) {
      await new Promise((r) => setImmediate(r));
      expect(inside).toBeLessThanOrEqual(3);
      // One poll ends; the next in line takes its place.
      opens.shift()?.();
    }
    expect(most).toBe(3);
  });

  it('lets the next poll in when a stalled one has held its place for the lease, and the stalled one still ends', async () => {
    const gate = new TurnGate(1, 20);
    let freeStalled!: () => void;
    const order: string[] = [];
    const stalled = gate.run(
      () =>
        new Promise<void>((r) => {
          freeStalled = () => {
            order.push('stalled');
            r();
          };
        }),
      never,
      undefined,
    );
    await gate.run(async () => void order.push('other'), never, undefined);
    freeStalled();
    await stalled;
    expect(order).toEqual(['other', 'stalled']);
  });

  it('answers the skipped value to a poll that stops while it waits, and gives it no place', async () => {
    const gate = new TurnGate(1, 60_000);
    let open!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (open = r)), never, undefined);
    const stop = new AbortController();
    let ran = false;
    const waiting = gate.run<string>(
      async () => {
        ran = true;
        return 'ran';
      },
      stop.signal,
      'skipped',
    );
    expect(gate.queued).toBe(1);
    stop.abort();
    expect(await waiting).toBe('skipped');
    expect(gate.queued).toBe(0);
    open();
    await first;
    expect(ran).toBe(false);
    // The place is free again.
    expect(await gate.run(async () => 'next', never, 'skipped')).toBe('next');
  });

  it('lets the event loop run between turns that have nothing to wait for', async () => {
    // 300 accounts' local steps with nothing due held the loop for 60-80 ms as one chain of microtasks.
    const gate = new TurnGate(1, 60_000);
    const order: string[] = [];
    const turns = Array.from({ length: 5 }, (_, i) => gate.run(async () => void order.push(`turn ${i}`), never, undefined));
    setImmediate(() => order.push('loop'));
    await Promise.all(turns);
    expect(order).toEqual(['turn 0', 'loop', 'turn 1', 'turn 2', 'turn 3', 'turn 4']);
  });

  it('passes the place on when the turn it was on its way to stops first', async () => {
    const gate = new TurnGate(1, 60_000);
    let open: (() => void) | undefined;
    const first = gate.run(() => new Promise<void>((r) => (open = r)), never, undefined);
    const stop = new AbortController();
    const second = gate.run(async () => 'second', stop.signal, 'skipped');
    const third = gate.run(async () => 'third', never, 'skipped');
    while (!open) await new Promise((r) => setImmediate(r));
    open();
    await first;
    // The place is on its way to the second turn, which stops before it arrives.
    stop.abort();
    expect(await second).toBe('skipped');
    expect(await third).toBe('third');
    expect(gate.queued).toBe(0);
    expect(await gate.run(async () => 'next', never, 'skipped')).toBe('next');
  });
});
