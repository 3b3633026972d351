import { type CpuInfo, cpus } from 'node:os';

/** The clocks a reading is made of (injectable, so a test can play a busy or an idle machine). */
export interface CoreClocks {
  /** The cores' own counters since boot (os.cpus()): every platform has them. */
  cpus(): CpuInfo[];
  /** This process's CPU time in µs, all its threads (the validation workers included). */
  ownCpu(): NodeJS.CpuUsage;
  now(): number;
}

const SYSTEM: CoreClocks = { cpus, ownCpu: () => process.cpuUsage(), now: () => performance.now() };

interface Reading {
  at: number;
  /** Core-ms spent since boot, all of it and the idle part, summed over the cores. */
  total: number;
  idle: number;
  /** This process's CPU ms. */
  own: number;
  cores: number;
}

function take(c: CoreClocks): Reading {
  let total = 0;
  let idle = 0;
  const list = c.cpus();
  for (const { times: t } of list) {
    total += t.user + t.nice + t.sys + t.idle + t.irq;
    idle += t.idle;
  }
  const own = c.ownCpu();
  return { at: c.now(), total, idle, own: (own.user + own.system) / 1000, cores: list.length };
}

/**
 * How many cores the rest of the machine leaves this process, measured over the last short window
 * from the cores' time counters, which work alike on Windows, macOS and Linux (the load average used
 * before is always 0 on Windows, so there a busy machine still had its second core taken). Our own
 * threads' time counts as free: the validator's last file must not make the next one look crowded.
 */
export class SpareCores {
  private last: Reading;
  private answer: number;

  constructor(
    private readonly windowMs = 250,
    private readonly clocks: CoreClocks = SYSTEM,
  ) {
    this.last = take(clocks);
    // Before a second reading nothing is known of the others' load: every core counts as ours.
    this.answer = Math.max(1, this.last.cores);
  }

  /** Cores (fractional, 0 to all) that other processes did not use in the last window. */
  get free(): number {
    if (this.clocks.now() - this.last.at < this.windowMs) return this.answer;
    const r = take(this.clocks);
    const total = r.total - this.last.total;
    // The counters tick in steps of 10 ms or more: a window that saw no tick keeps the last answer.
    if (total > 0) {
      const free = (r.idle - this.last.idle + (r.own - this.last.own)) / total;
      this.answer = Math.min(r.cores, Math.max(0, free * r.cores));
    }
    this.last = r;
    return this.answer;
  }
}
