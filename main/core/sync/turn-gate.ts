/**
 * How many accounts of one engine do a kind of work at once, taking turns: the engine has one gate for
 * polls and one for the local steps of a pass (engine.ts). A turn holds its place until its work ends
 * or until its lease runs out, whichever comes first: a company whose service stalls keeps polling, but
 * after the lease it no longer stands in front of the others, so one slow or failing company delays
 * them by one lease at most, never by its own timeouts and retries.
 */
export class TurnGate {
  private held = 0;
  private readonly waiting: (() => boolean)[] = [];

  constructor(
    readonly size: number,
    readonly leaseMs: number,
  ) {
    if (size < 1) throw new RangeError('a gate lets at least one turn through');
  }

  /** Turns waiting for a place (for the status and the bench). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` when a place is free; `skipped` answers instead when `signal` aborts while it waits. */
  async run<T>(work: () => Promise<T>, signal: AbortSignal, skipped: T): Promise<T> {
    if (!(await this.acquire(signal))) return skipped;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(lease);
      this.release();
    };
    const lease = setTimeout(release, this.leaseMs);
    // The lease alone must not keep a stopping process alive.
    lease.unref?.();
    try {
      return await work();
    } finally {
      release();
    }
  }

  private acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve(true);
    }
    // The place passes straight to the next in line: `held` stays the same.
    return new Promise((resolve) => {
      let settled = false;
      // Answers whether the place was taken: not by a turn that stopped while the place was on its way.
      const take = (): boolean => {
        if (settled) return false;
        settled = true;
        signal.removeEventListener('abort', leave);
        resolve(true);
        return true;
      };
      const leave = () => {
        if (settled) return;
        settled = true;
        const i = this.waiting.indexOf(take);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      this.waiting.push(take);
      signal.addEventListener('abort', leave, { once: true });
    });
  }

  /**
   * The next in line gets the place on the event loop's next turn, not in the same one: turns with
   * nothing to wait for (a Detect step with nothing due) otherwise followed each other as one chain of
   * microtasks, and 300 accounts' local steps held the loop for up to 96 ms (17-19 ms now), with every
   * bridge call (the UI) waiting behind them. `held` counts the place meanwhile, so no newcomer takes
   * it first.
   */
  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.held--;
      return;
    }
    setImmediate(() => {
      if (!next()) this.release();
    });
  }
}
