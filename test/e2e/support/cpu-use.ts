import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used by the processes of a bench (Linux /proc only; elsewhere every figure is empty), by
 * kind: Chromium's renderer, browser, GPU and network processes, the headless host, and the rest of
 * the machine. On a machine whose cores are all busy through a page load, the load's time follows its
 * CPU, and these say whose it is.
 */
export const canCountCpu = existsSync('/proc/stat');

const TICK_MS = 10; // USER_HZ is 100 on every Linux the bench runs on

function kindOf(cmdline: string): string {
  if (cmdline.includes('host/bin.ts')) return 'host';
  if (!cmdline.includes('chrom')) return 'other';
  const type = /--type=(\S+)/.exec(cmdline)?.[1];
  if (!type) return 'chromium browser';
  if (type === 'utility') return `chromium ${/--utility-sub-type=(\w+)/.exec(cmdline)?.[1] ?? 'utility'}`;
  return `chromium ${type}`;
}

/** Each process's kind and CPU ticks so far, by pid. */
function perProcess(): Map<string, { kind: string; ticks: number }> {
  const seen = new Map<string, { kind: string; ticks: number }>();
  if (!canCountCpu) return seen;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      seen.set(pid, { kind: kindOf(cmdline), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while it was read.
    }
  }
  return seen;
}

function machineBusy(): number {
  if (!canCountCpu) return 0;
  const [, ...f] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait.
  return (f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0);
}

export interface CpuUse {
  /** The whole machine's busy CPU time, ms. */
  busyMs: number;
  /** Per kind of process, ms; processes that started meanwhile count from zero. */
  byKind: Record<string, number>;
}

/** Starts counting; the returned function answers what was used since. */
export function countCpu(): () => CpuUse {
  const before = perProcess();
  const busy = machineBusy();
  return () => {
    const byKind: Record<string, number> = {};
    for (const [pid, { kind, ticks }] of perProcess()) {
      // A pid taken by another kind of process meanwhile is a new process: it counts from zero.
      const was = before.get(pid);
      byKind[kind] = (byKind[kind] ?? 0) + (ticks - (was?.kind === kind ? was.ticks : 0)) * TICK_MS;
    }
    return { busyMs: (machineBusy() - busy) * TICK_MS, byKind };
  };
}
