import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { engineOn, statusProbe, written } from './harness';
import { measurePhases } from './phases';

// The drop bench's engine, in a process of its own (forked by drop.bench.ts with an IPC channel), so
// its peak RSS is the engine's alone: not the bench's loop, its buffers, nor the sandbox's. The bench
// writes the files and makes the company; this opens the engine on the data folder with the bench's
// options, asks `sync.status` through the bridge every 100 ms while it sends, and answers the figures.

export interface DropJob {
  url: string;
  company: { company_id: string; api_key: string };
  data: string;
  root: string;
  n: number;
  validation: 'off' | 'block';
  phases: boolean;
  /** Where the drop's files wait: moved into the Outbox at once as the timing starts. */
  staged: string;
  /**
   * A folder of files sent first, untimed, by the same engine (null: none). The app's engine runs
   * all day, so a drop usually meets one whose code is compiled and whose token is fresh; the
   * plain loop it is held against runs in the bench's process, warm from the smaller size's loop.
   */
  warmup: string | null;
}

/** Moves every file of `from` into the Outbox's invoice folder at once (renames: the drop itself). */
async function dropInto(root: string, from: string): Promise<void> {
  const outbox = join(root, 'Outbox', 'Invoices');
  for (const name of await readdir(from)) await rename(join(from, name), join(outbox, name));
}

/** Linux's own high-water mark of this process's resident memory (VmHWM), in bytes; NaN elsewhere. */
async function vmHwm(): Promise<number> {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(await readFile('/proc/self/status', 'utf8'));
    return m?.[1] ? Number(m[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Where the memory is, every 50 ms: the peak of each of process.memoryUsage()'s parts (not at the same instant). */
function memorySampler() {
  const peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  let atRssPeak = process.memoryUsage();
  const t0 = performance.now();
  /** Every tenth sample (twice a second), to see when the memory is taken: intake, sending, or archiving after. */
  const timeline: { ms: number; rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }[] = [];
  let n = 0;
  const sample = () => {
    const m = process.memoryUsage();
    if (n++ % 10 === 0) {
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = m;
      timeline.push({ ms: performance.now() - t0, rss, heapUsed, heapTotal, external, arrayBuffers });
    }
    if (m.rss > peak.rss) atRssPeak = m;
    for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], m[k]);
  };
  sample();
  const t = setInterval(sample, 50);
  return {
    /** The sampled peak RSS so far (taken once the drop's last file is in Sent/, before the pass archives them). */
    peakSoFar() {
      sample();
      return peak.rss;
    },
    stop() {
      clearInterval(t);
      sample();
      return { peak, atRssPeak, timeline, heapStats: getHeapStatistics() };
    },
  };
}

/** Milliseconds since `t0` of the first and last of a kind of event. */
function span(t0: number) {
  let first = Number.NaN;
  let last = Number.NaN;
  return {
    mark() {
      const t = performance.now() - t0;
      if (Number.isNaN(first)) first = t;
      last = t;
    },
    get: () => ({ first, last }),
  };
}

async function run(job: DropJob) {
  const rssBeforeEngine = process.memoryUsage().rss;
  const engine = engineOn(job.data);
  const account = await engine.addAccount({
    name: 'Drop',
    environment: 'sandbox',
    url: job.url,
    companyId: job.company.company_id,
    root: job.root,
    apiKey: job.company.api_key,
  });
  engine.setFolderOptions(account.id, 'Outbox/Invoices', { validation: job.validation });
  let warmedWith = 0;
  if (job.warmup) {
    warmedWith = (await readdir(job.warmup)).length;
    await dropInto(job.root, job.warmup);
    await engine.syncOnce();
  }
  await dropInto(job.root, job.staged);
  const rssAtStart = process.memoryUsage().rss;
  const memory = memorySampler();
  const probe = statusProbe(engine, job.data);
  const measuring = job.phases ? await measurePhases(true) : null;
  const t0 = performance.now();
  const queued = span(t0);
  const sentAt = span(t0);
  const offQueued = engine.events.on('queued', () => queued.mark());
  let sentCount = 0;
  let peakWhileDropping = Number.NaN;
  const cpu0 = process.cpuUsage();
  const io0 = written();
  let cpuToLastSent = Number.NaN;
  let writtenToLastSent = { bytes: Number.NaN, calls: Number.NaN };
  const offSent = engine.events.on('sent', () => {
    sentAt.mark();
    if (++sentCount === job.n) {
      peakWhileDropping = memory.peakSoFar();
      // Less noisy than the wall time on a shared machine: what the drop cost the engine's process (all its threads).
      const c = process.cpuUsage(cpu0);
      cpuToLastSent = (c.user + c.system) / 1000;
      const io = written();
      if (io && io0) writtenToLastSent = { bytes: io.bytes - io0.bytes, calls: io.calls - io0.calls };
    }
  });
  const report = await engine.syncOnce();
  const passMs = performance.now() - t0 - 200; // less the one stability wait of --once
  offQueued();
  offSent();
  // The drop is over when its last file is in Sent/; the pass goes on to fetch the sent invoices'
  // XML and PDF into Archive/SentInvoices, which the loop never does.
  const engineMs = sentAt.get().last - 200;
  const breakdown = measuring ? { ...(await measuring.stop()), queued: queued.get(), sent: sentAt.get() } : null;
  const status = await probe.stop();
  const mem = memory.stop();
  const hwm = await vmHwm();
  const sent = (await readdir(join(job.root, 'Sent'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  await engine.stop();
  if (sent !== job.n + warmedWith)
    throw new Error(`sent ${sent - warmedWith} of ${job.n} (${[...report.values()].flatMap((r) => r.problems).join('; ')})`);
  // The sampled peak can miss a spike between samples; the kernel's high-water mark cannot (it also
  // counts the engine's start, before the drop).
  return {
    engineMs,
    passMs,
    peak: Number.isNaN(hwm) ? mem.peak.rss : Math.max(hwm, mem.peak.rss),
    sampledPeak: mem.peak.rss,
    peakWhileDropping,
    cpuToLastSent,
    writtenToLastSent,
    hwm,
    rssBeforeEngine,
    rssAtStart,
    memory: mem,
    status,
    breakdown,
  };
}

export type DropResult = Awaited<ReturnType<typeof run>>;

process.once('message', (job: DropJob) => {
  run(job).then(
    (r) => process.send?.({ ok: true, result: r }, () => process.exit(0)),
    (e: Error) => process.send?.({ ok: false, error: e.stack ?? e.message }, () => process.exit(1)),
  );
});
