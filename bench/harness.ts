import { readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { createBridgeServer } from '../main/core/bridge';
import { Engine } from '../main/core/engine';
import { MemorySecrets } from '../main/core/secrets';
import type { RunnerOptions } from '../main/core/sync/account-runner';
import { fmt } from './support';

// What the bench sections share: sizes from the environment, quantiles, the engine as the bench
// runs it, a memory sampler, the bridge probe, and the two-size growth table.

export const out = (s: string) => process.stdout.write(`${s}\n`);
/** What a bench's bridge says it runs in: a browser host with secrets in memory. */
export const BENCH_HOST = {
  kind: 'browser' as const,
  version: 'bench',
  capabilities: { openFiles: false, startAtLogin: false, notifications: false },
  secretStore: { kind: 'memory' as const, label: 'memory only' },
};
export const FIXTURE = new URL('../../shared/fixtures/invoices/peppol-bis3/base-example.xml', import.meta.url);
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

/** A size from the environment (the larger of the two each section measures). */
export function sizeFrom(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 10) throw new Error(`${name} must be a whole number of at least 10, not ${process.env[name]}`);
  return v;
}

/** The two sizes 10x apart each section measures, so the bench shows how cost grows. */
export const twoSizes = (n: number): [number, number] => [Math.max(1, Math.round(n / 10)), n];

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
}
export const median = (xs: number[]) => quantile(xs, 0.5);

export async function tmp(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}
/**
 * What the disk under the bench's folders charges for a new file, one at a time: created and
 * written (12 KB, an invoice's size), and the same flushed. Every figure that keeps files rests on
 * these, and they differ by 30x between disks, and on one disk with what it did just before: ext4
 * without a journal skips every inode freed in the last minute when it creates a file, so right
 * after a run's folders are removed a create can cost 0.7 ms of kernel CPU instead of 20 us.
 */
export async function diskProbe(): Promise<string> {
  const dir = await tmp('bench-disk-');
  const data = Buffer.alloc(12 * 1024, 60);
  const each = async (n: number, flush: boolean) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) {
      const fh = await open(join(dir, `${flush ? 'f' : 'p'}${i}`), 'wx');
      await fh.writeFile(data);
      if (flush) await fh.datasync();
      await fh.close();
    }
    return ((performance.now() - t) / n) * 1000;
  };
  try {
    const plain = await each(300, false);
    const flushed = await each(100, true);
    return `the disk under ${tmpdir()}, one file at a time: create + write 12 KB ${fmt(plain, 0)} us; with its flush ${fmt(flushed, 0)} us`;
  } finally {
    await rmAll(dir);
  }
}

export async function rmAll(...dirs: string[]): Promise<void> {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
}

/**
 * What this process has handed to write calls so far (Linux's /proc/self/io: bytes and calls, the
 * SQLite WAL's and checkpoints' included, whether or not they reached the disk yet); null elsewhere.
 */
export function written(): { bytes: number; calls: number } | null {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(io)?.[1] ?? Number.NaN);
    return { bytes: field('wchar'), calls: field('syscw') };
  } catch {
    return null;
  }
}

/** Every request any bench engine sends, counted in its transport. */
export const requests = { n: 0 };
export function engineOn(dataDir: string, runner: Partial<RunnerOptions> = {}): Engine {
  return new Engine({
    dataDir,
    secrets: new MemorySecrets(),
    runner: {
      watch: false,
      stableMs: 200,
      downloadConcurrency: CONCURRENCY,
      uploadConcurrency: CONCURRENCY,
      transport: { onRequest: () => void requests.n++ },
      ...runner,
    },
  });
}

/** Delivers n received invoices to a sandbox company (distinct numbers, a second apart). */
export async function deliverMany(url: string, companyId: string, n: number, xml: Buffer, tag = 'M'): Promise<void> {
  const limit = pLimit(8);
  const start = Date.now() - n * 1000;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      limit(async () => {
        const fd = new FormData();
        const body = xml.toString('utf8').replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${tag}-${i}</cbc:ID>`);
        fd.append('file', new Blob([body], { type: 'application/xml' }), `m${i}.xml`);
        fd.append('received_at', new Date(start + i * 1000).toISOString());
        const res = await fetch(`${url}/__sandbox/companies/${companyId}/received-invoices`, { method: 'POST', body: fd });
        if (res.status !== 201) throw new Error(`deliver failed: ${res.status}`);
      }),
    ),
  );
}

/** The process's peak resident memory, sampled every 50 ms. */
export function rssPeak() {
  let peak = process.memoryUsage().rss;
  const t = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop(): number {
      clearInterval(t);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

/**
 * A bridge `sync.status` call every `everyMs` (100 ms) while the engine works, through the same
 * dispatcher both hosts carry (in this process, as the engine: it measures what the UI waits for less
 * the transport). A call is timed from when it was due, so a blocked event loop shows as a late answer.
 */
export function statusProbe(engine: Engine, dataDir: string, everyMs = 100) {
  const bridge = createBridgeServer({ engine, dataDir, host: BENCH_HOST });
  const times: number[] = [];
  // engine.status() alone, apart: the rest of `times` is the wait for the event loop (the polls' work).
  const own: number[] = [];
  let due = performance.now();
  let stopped = false;
  const tick = async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      if (stopped) break;
      const r = await bridge.dispatch('sync.status', {});
      if (!r.ok) throw new Error(`sync.status failed: ${r.error.message}`);
      times.push(performance.now() - due);
      // The engine's part of the call, timed synchronously: awaiting the dispatch lets whatever the
      // polls queued as microtasks run inside the await.
      const start = performance.now();
      engine.status();
      own.push(performance.now() - start);
      due = Math.max(due + everyMs, performance.now());
    }
  };
  const running = tick();
  return {
    bridge,
    async stop() {
      stopped = true;
      await running;
      bridge.close();
      return {
        calls: times.length,
        p50: median(times),
        p95: quantile(times, 0.95),
        max: Math.max(0, ...times),
        ownP95: quantile(own, 0.95),
        ownMax: Math.max(0, ...own),
      };
    },
  };
}

export interface GrowthRow {
  name: string;
  unit: string;
  small: number;
  large: number;
  digits?: number;
}

/** Rows of one figure at two sizes, with how it grew: 10x the size should not be 10x the cost unless it is per item. */
export function growthTable(title: string, rows: GrowthRow[], sizes: [number, number]): void {
  out(`   ${title}`);
  out(`     ${'figure'.padEnd(50)} ${`n=${fmt(sizes[0])}`.padStart(15)} ${`n=${fmt(sizes[1])}`.padStart(15)}  growth`);
  for (const r of rows) {
    const d = r.digits ?? 2;
    const cell = (v: number) => `${fmt(v, d)} ${r.unit}`.padStart(15);
    out(`     ${r.name.padEnd(50)} ${cell(r.small)} ${cell(r.large)}  ${fmt(r.large / r.small, 2)}x`);
  }
}
