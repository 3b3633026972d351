import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../../main/core/api/backoff';
import { ServiceError } from '../../../../main/core/api/errors';
import { silentLogger } from '../../../../main/core/log';
import { type JobError, type JobQueue, JobRunner, type Loaded } from '../../../../main/core/sync/jobs/job-runner';
import { seededRandom } from '../../../../sandbox/context';

/**
 * What one try of a job does: succeed, fail in each of the ways the service fails, fail on this
 * computer's full disk (`local`), or hang until aborted.
 */
type Outcome = 'ok' | 'retry' | '429' | 'user' | 'skip' | 'local' | 'hang';
type State = 'pending' | 'running' | 'needs_user' | 'done' | 'failed';

interface MemJob {
  id: number;
  state: State;
  attempts: number;
  nextAt: number;
  unreadable: boolean;
  script: Outcome[];
  tries: number;
  running: number;
  lastError: JobError | null;
}

const BACKOFF = { baseMs: 10, capMs: 1_000 };
const RETRY_AFTER_MS = 300;

/**
 * An in-memory queue of the runner's contract (a stand-in for a table, not for our code), which
 * checks on every move what the runner promises: a job runs once at a time, never after it settled or
 * while held for the user, never while the account is paused, never once draining began; a retry
 * comes within the back-off's bounds; the cap is kept.
 */
class MemQueue implements JobQueue<{ id: number }> {
  readonly kind = 'mem';
  readonly violations: string[] = [];
  readonly jobs = new Map<number, MemJob>();
  drainingSince: number | null = null;
  lastPauseUntil = 0;

  constructor(
    scripts: { script: Outcome[]; unreadable: boolean }[],
    readonly maxAttempts: number,
    readonly atCap: 'needs_user' | 'failed',
    private readonly clock: { t: number },
    private readonly wait: <T>(p: Promise<T>, label: string) => Promise<T>,
  ) {
    for (const [i, s] of scripts.entries()) {
      this.jobs.set(i + 1, {
        id: i + 1,
        state: 'pending',
        attempts: 0,
        nextAt: 0,
        unreadable: s.unreadable,
        script: s.script,
        tries: 0,
        running: 0,
        lastError: null,
      });
    }
  }

  private bad(what: string): void {
    this.violations.push(what);
  }

  private get(id: number): MemJob {
    const j = this.jobs.get(id);
    if (!j) throw new Error(`no job ${id}`);
    return j;
  }

  load(now: number, limit: number): Loaded<{ id: number }>[] {
    return [...this.jobs.values()]
      .filter((j) => j.state === 'pending' && j.nextAt <= now)
      .slice(0, limit)
      .map((j) => (j.unreadable ? { ok: false, id: j.id, error: 'corrupt row' } : { ok: true, job: { id: j.id } }));
  }

  claim({ id }: { id: number }): boolean {
    const j = this.get(id);
    if (j.state !== 'pending') return false;
    if (this.drainingSince !== null) this.bad(`job ${id} claimed after drain began`);
    if (this.clock.t < this.lastPauseUntil) this.bad(`job ${id} claimed at ${this.clock.t} while paused until ${this.lastPauseUntil}`);
    j.state = 'running';
    return true;
  }

  async run({ id }: { id: number }, signal: AbortSignal): Promise<void> {
    const j = this.get(id);
    j.running++;
    if (j.running > 1) this.bad(`job ${id} ran twice at once`);
    const outcome = j.script[Math.min(j.tries, j.script.length - 1)] ?? 'ok';
    j.tries++;
    try {
      const settled = this.wait(Promise.resolve(outcome), `job ${id} try ${j.tries}: ${outcome}`);
      const aborted = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      // A hanging try ends only by its abort.
      await Promise.race(outcome === 'hang' ? [aborted] : [settled, aborted]);
    } finally {
      j.running--;
    }
    if (outcome === 'ok') {
      j.state = 'done';
      j.attempts++;
      return;
    }
    if (outcome === '429') throw new ServiceError('retry', 'slow down', 429, 'too_many_requests', [], RETRY_AFTER_MS);
    if (outcome === 'user') throw new ServiceError('user', 'company not verified', 401, 'Unauthorized', ['company_unverified']);
    if (outcome === 'skip') throw new ServiceError('skip', 'invalid invoice', 422);
    if (outcome === 'local') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    throw new ServiceError('retry', 'HTTP 503', 503);
  }

  /** The disk's fault, not the job's (downloads.ts): no try counted. */
  spare(_job: { id: number }, e: unknown): boolean {
    return (e as { code?: string }).code === 'ENOSPC';
  }

  failures({ id }: { id: number }): number {
    return this.get(id).attempts + 1;
  }

  private move(id: number, to: State, error: JobError, at?: number): void {
    const j = this.get(id);
    if (j.state !== 'running') this.bad(`job ${id} settled from ${j.state}`);
    j.state = to;
    j.attempts++;
    j.lastError = error;
    if (at !== undefined) j.nextAt = at;
  }

  retry({ id }: { id: number }, error: JobError, at: number): void {
    const j = this.get(id);
    const failures = j.attempts + 1;
    const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** (failures - 1));
    const floor = error.message === 'slow down' ? RETRY_AFTER_MS : 0;
    if (at < this.clock.t + floor || at > this.clock.t + Math.max(ceiling, floor))
      this.bad(`job ${id} retry at +${at - this.clock.t}, outside [${floor}, ${Math.max(ceiling, floor)}]`);
    if (failures >= this.maxAttempts) this.bad(`job ${id} retried at its cap (${failures} failures)`);
    this.move(id, 'pending', error, at);
  }

  holdForUser({ id }: { id: number }, error: JobError): void {
    this.move(id, 'needs_user', error);
  }

  fail({ id }: { id: number }, error: JobError): void {
    this.move(id, 'failed', error);
  }

  failUnreadable(id: number): void {
    const j = this.get(id);
    if (!j.unreadable) this.bad(`job ${id} failed as unreadable`);
    j.state = 'failed';
  }

  release({ id }: { id: number }): void {
    const j = this.get(id);
    if (j.state !== 'running') this.bad(`job ${id} released from ${j.state}`);
    j.state = 'pending';
    j.nextAt = 0;
  }
}

const outcome = fc.constantFrom<Outcome>('ok', 'ok', 'retry', 'retry', '429', 'user', 'skip', 'hang');
const jobScript = fc.record({
  script: fc.array(outcome, { minLength: 1, maxLength: 6 }),
  unreadable: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

/** One scheduler drawn from fast-check's arbitrary, for the example tests (the simulation draws its own). */
const scheduler = (): fc.Scheduler => fc.sample(fc.scheduler(), { numRuns: 1, seed: 11 })[0] as fc.Scheduler;

interface World {
  runner: JobRunner;
  queue: MemQueue;
  clock: { t: number };
}

function world(
  s: fc.Scheduler,
  scripts: { script: Outcome[]; unreadable: boolean }[],
  cap: number,
  atCap: 'needs_user' | 'failed',
  seed: number,
): World {
  const clock = { t: 1_000 };
  const queue = new MemQueue(scripts, cap, atCap, clock, (p, label) => s.schedule(p, label));
  const runner = new JobRunner({
    now: () => clock.t,
    random: seededRandom(seed),
    backoff: BACKOFF,
    log: silentLogger,
    onPause: (until) => {
      queue.lastPauseUntil = until;
    },
  });
  return { runner, queue, clock };
}

/** Lets every scheduled step and the microtasks after it run; the order is the scheduler's (the interleaving). */
async function settleAll(s: fc.Scheduler, pass: Promise<unknown>): Promise<void> {
  let done = false;
  void pass.finally(() => {
    done = true;
  });
  for (let i = 0; i < 500 && !done; i++) {
    if (s.count() > 0) await s.waitOne();
    else await new Promise((r) => setImmediate(r));
  }
}

describe('backoffDelay: the one back-off', () => {
  it('stays within full jitter of the capped exponential ceiling and never comes before Retry-After', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        fc.option(fc.integer({ min: 0, max: 7_200_000 })),
        (base, capExtra, failures, r, retryAfter) => {
          const policy = { baseMs: base, capMs: base + capExtra };
          const d = backoffDelay(policy, failures, () => r, retryAfter);
          const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, failures - 1));
          expect(Number.isFinite(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(retryAfter ?? 0);
          expect(d).toBeLessThanOrEqual(Math.max(ceiling, retryAfter ?? 0));
        },
      ),
    );
  });

  it('spreads retries over the whole range (full jitter), not only its upper half (equal jitter)', () => {
    const random = seededRandom(7);
    const delays = Array.from({ length: 2_000 }, () => backoffDelay({ baseMs: 1_000, capMs: 60_000 }, 4, random));
    expect(Math.min(...delays)).toBeLessThan(800);
    expect(Math.max(...delays)).toBeGreaterThan(7_200);
    expect(delays.filter((d) => d < 4_000).length).toBeGreaterThan(800);
  });
});

describe('JobRunner', () => {
  it('holds a job the user must fix, gives up what cannot succeed, and retries the rest with back-off', async () => {
    const s = scheduler();
    const w = world(
      s,
      [
        { script: ['user'], unreadable: false },
        { script: ['skip'], unreadable: false },
        { script: ['retry', 'ok'], unreadable: false },
        { script: ['ok'], unreadable: true },
      ],
      5,
      'failed',
      1,
    );
    const pass = w.runner.runDue(w.queue, 2);
    await settleAll(s, pass);
    const report = await pass;
    expect(report).toEqual({ done: 0, retried: 1, needsUser: 1, failed: 2, released: 0 });
    expect([...w.queue.jobs.values()].map((j) => j.state)).toEqual(['needs_user', 'failed', 'pending', 'failed']);
    expect(w.queue.jobs.get(1)?.lastError?.kind).toBe('user');
    // Held for the user: later passes never run it; the retried one succeeds once its time comes.
    w.clock.t += BACKOFF.capMs;
    const again = w.runner.runDue(w.queue, 2);
    await settleAll(s, again);
    expect(await again).toMatchObject({ done: 1, needsUser: 0 });
    expect(w.queue.jobs.get(1)?.tries).toBe(1);
    expect(w.queue.violations).toEqual([]);
  });

  it('caps failed tries: at the cap a job waits for the user (or is given up), and says how often it was tried', async () => {
    for (const atCap of ['needs_user', 'failed'] as const) {
      const s = scheduler();
      const w = world(s, [{ script: ['retry'], unreadable: false }], 3, atCap, 2);
      for (let i = 0; i < 5; i++) {
        const pass = w.runner.runDue(w.queue, 1);
        await settleAll(s, pass);
        await pass;
        w.clock.t += BACKOFF.capMs;
      }
      const job = w.queue.jobs.get(1);
      expect(job?.state).toBe(atCap);
      expect(job?.tries).toBe(3);
      expect(job?.lastError?.message).toMatch(/Tried 3 times/);
      expect(w.queue.violations).toEqual([]);
    }
  });

  it('pauses the whole account after a 429: no job starts before the pause ends, then all go on', async () => {
    const s = scheduler();
    const w = world(
      s,
      [
        { script: ['429', 'ok'], unreadable: false },
        ...Array.from({ length: 5 }, () => ({ script: ['ok' as Outcome], unreadable: false })),
      ],
      5,
      'failed',
      3,
    );
    const pass = w.runner.runDue(w.queue, 1);
    await settleAll(s, pass);
    expect((await pass).done).toBe(0);
    expect(w.runner.pausedUntil).toBeGreaterThanOrEqual(w.clock.t + RETRY_AFTER_MS);
    const paused = w.runner.runDue(w.queue, 1);
    await settleAll(s, paused);
    expect(await paused).toEqual({ done: 0, retried: 0, needsUser: 0, failed: 0, released: 0 });
    w.clock.t = w.runner.pausedUntil + 1;
    const after = w.runner.runDue(w.queue, 3);
    await settleAll(s, after);
    expect((await after).done).toBe(6);
    expect(w.queue.violations).toEqual([]);
  });

  it("spends no try on this computer's fault: a job that fails on a full disk again and again is never given up", async () => {
    const s = scheduler();
    const w = world(s, [{ script: ['local', 'local', 'local', 'local', 'ok'], unreadable: false }], 2, 'failed', 5);
    for (let i = 0; i < 4; i++) {
      const pass = w.runner.runDue(w.queue, 1);
      await settleAll(s, pass);
      expect(await pass).toEqual({ done: 0, retried: 0, needsUser: 0, failed: 0, released: 1 });
    }
    expect(w.queue.jobs.get(1)).toMatchObject({ state: 'pending', attempts: 0, tries: 4 });
    const pass = w.runner.runDue(w.queue, 1);
    await settleAll(s, pass);
    expect((await pass).done).toBe(1);
    expect(w.queue.violations).toEqual([]);
  });

  it('aborts one job by hand: it goes back to its queue with no try counted', async () => {
    const s = scheduler();
    const w = world(s, [{ script: ['hang', 'ok'], unreadable: false }], 5, 'failed', 4);
    const pass = w.runner.runDue(w.queue, 1);
    await new Promise((r) => setImmediate(r));
    expect(w.runner.abort('mem', 1)).toBe(true);
    await settleAll(s, pass);
    expect(await pass).toMatchObject({ released: 1, retried: 0 });
    expect(w.queue.jobs.get(1)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(w.runner.abort('mem', 1)).toBe(false);
  });

  it('drains on shutdown: work in flight may finish within the grace, the rest is released; nothing new starts', async () => {
    const s = scheduler();
    const w = world(
      s,
      [
        { script: ['hang'], unreadable: false },
        { script: ['ok'], unreadable: false },
        { script: ['ok'], unreadable: false },
      ],
      5,
      'failed',
      5,
    );
    const pass = w.runner.runDue(w.queue, 2);
    await new Promise((r) => setImmediate(r));
    w.queue.drainingSince = w.clock.t;
    const drained = w.runner.drain(20);
    await settleAll(s, drained);
    await drained;
    await settleAll(s, pass);
    await pass;
    expect(w.runner.busy).toBe(0);
    expect(w.queue.jobs.get(1)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(w.queue.jobs.get(2)?.state).toBe('done');
    expect(w.queue.jobs.get(3)?.state).toBe('pending');
    expect(w.queue.violations).toEqual([]);
  });

  it('keeps every slot busy: a slow job never holds back the jobs read after it', async () => {
    // More jobs than one read of the queue takes: a runner that waited for its whole batch would
    // leave the other slot idle until job 1 ended, and the last job would not start before it.
    const n = 450;
    const state = new Map<number, 'pending' | 'running' | 'done'>(Array.from({ length: n }, (_, i) => [i + 1, 'pending']));
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((r) => {
      releaseFirst = r;
    });
    const started: number[] = [];
    const queue: JobQueue<{ id: number }> = {
      kind: 'slow-first',
      maxAttempts: 3,
      atCap: 'failed',
      load: (_now, limit) =>
        [...state.entries()]
          .filter(([, st]) => st === 'pending')
          .slice(0, limit)
          .map(([id]): Loaded<{ id: number }> => ({ ok: true, job: { id } })),
      claim: ({ id }) => {
        if (state.get(id) !== 'pending') return false;
        state.set(id, 'running');
        return true;
      },
      run: async ({ id }) => {
        started.push(id);
        if (id === 1) await firstHeld;
        state.set(id, 'done');
      },
      failures: () => 1,
      retry: () => undefined,
      holdForUser: () => undefined,
      fail: () => undefined,
      failUnreadable: () => undefined,
      release: () => undefined,
    };
    const runner = new JobRunner({ now: () => 0, random: seededRandom(6), backoff: BACKOFF, log: silentLogger });
    const pass = runner.runDue(queue, 2);
    for (let i = 0; i < 5 * n && !started.includes(n); i++) await new Promise((r) => setImmediate(r));
    expect(started).toContain(n);
    expect(state.get(1)).toBe('running');
    releaseFirst();
    expect(await pass).toMatchObject({ done: n, retried: 0, failed: 0 });
  });

  // The seeded simulation: 10,000 interleavings of tries that succeed, fail every way, hang, and a
  // shutdown at any moment, over passes as time moves on. Fixed seed: a failure replays exactly.
  it('keeps its promises in 10,000 interleavings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(jobScript, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<'needs_user' | 'failed'>('needs_user', 'failed'),
        fc.option(fc.integer({ min: 0, max: 5 })),
        fc.integer(),
        async (s, scripts, concurrency, cap, atCap, drainAtPass, seed) => {
          const w = world(s, scripts, cap, atCap, seed);
          for (let pass = 0; pass < 8; pass++) {
            const run = w.runner.runDue(w.queue, concurrency);
            if (drainAtPass === pass) {
              w.queue.drainingSince = w.clock.t;
              const drained = w.runner.drain(0);
              await settleAll(s, drained);
              await drained;
            }
            await settleAll(s, run);
            // A hang that no drain ends is ended as a shutdown would.
            if (w.runner.busy > 0) {
              w.queue.drainingSince = w.clock.t;
              const drained = w.runner.drain(0);
              await settleAll(s, drained);
              await drained;
              await settleAll(s, run);
            }
            await run;
            if (w.queue.drainingSince !== null) break;
            w.clock.t = Math.max(w.clock.t + BACKOFF.capMs, w.runner.pausedUntil + 1);
          }
          expect(w.runner.busy).toBe(0);
          for (const j of w.queue.jobs.values()) {
            expect(j.running).toBe(0);
            expect(j.state).not.toBe('running');
            expect(j.attempts).toBeLessThanOrEqual(cap);
            if (j.unreadable) expect(j.tries).toBe(0);
            if (j.state === 'done') expect(j.script[j.tries - 1] ?? 'ok').toBe('ok');
            if (j.state === 'needs_user') expect(j.lastError?.kind).toBe('user');
          }
          expect(w.queue.violations).toEqual([]);
        },
      ),
      { numRuns: 10_000, seed: 20_261_124 },
    );
  }, 300_000);
});
