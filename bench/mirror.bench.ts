import { type FileHandle, open, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { Agent, request } from 'undici';
import {
  CONCURRENCY,
  deliverMany,
  diskProbe,
  engineOn,
  growthTable,
  median,
  out,
  requests,
  rmAll,
  sizeFrom,
  tmp,
  twoSizes,
  written,
} from './harness';
import { measurePhases } from './phases';
import { adminCompany, fmt, LATENCY_MS, sandboxLatency, spawnSandbox, tokenFor } from './support';

// 1. The initial mirror of N received invoices (XML + PDF each) against plain undici fetching the
// same pages and files at the same concurrency: the median of BENCH_RUNS alternating runs (engine,
// plain, engine, plain...), at N/10 and N, then one more engine run per size with every phase timed.
const MIRROR_N = sizeFrom('BENCH_MIRROR', 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Take a CPU profile of the phase run too (BENCH_PROFILE=0: only the timed wrappers). */
const PROFILE = process.env.BENCH_PROFILE !== '0';

/** What the durable loop's file and folder fsyncs cost: time in flight summed, and how many. */
const flushes = { ms: 0, n: 0 };
async function timedSync(fh: FileHandle, data: boolean): Promise<void> {
  const t = performance.now();
  await (data ? fh.datasync() : fh.sync());
  flushes.ms += performance.now() - t;
  flushes.n++;
}

/**
 * What a plain client that keeps the files durably does with each answer: write it under a temporary
 * name, flush it, rename it into place and flush the folder, inside its request's slot (the engine
 * verifies, records and names the file too, so this separates its own overhead from the disk's).
 */
async function writeDurably(dir: string, name: string, data: Uint8Array): Promise<void> {
  const tmpPath = join(dir, `.${name}.part`);
  const fh = await open(tmpPath, 'w');
  try {
    await fh.writeFile(data);
    await timedSync(fh, true);
  } finally {
    await fh.close();
  }
  await rename(tmpPath, join(dir, name));
  const d = await open(dir, 'r');
  try {
    await timedSync(d, false);
  } finally {
    await d.close();
  }
}

/** What the plain loop does with each file: nothing, write it plainly (no flush, no rename), or durably. */
type Keep = { dir: string; durable: boolean } | undefined;

/**
 * The same pages and files the engine fetches, with plain undici at the same concurrency; with `keep`,
 * each file is also written there: plainly (the least any client that keeps the files pays), or
 * durably (writeDurably).
 */
async function plainFetch(url: string, token: string, n: number, keep?: Keep): Promise<{ ms: number; requests: number }> {
  const agent = new Agent({ connections: 8 });
  const t0 = performance.now();
  const ids: string[] = [];
  let sent = 0;
  for (let page = 1; ; page++) {
    const res = await request(`${url}/v1/invoices?direction=RECEIVED&sort[]=received_at&per_page=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
      dispatcher: agent,
    });
    sent++;
    const items = (await res.body.json()) as { id: string }[];
    ids.push(...items.map((i) => i.id));
    if (items.length < 100) break;
  }
  const limit = pLimit(CONCURRENCY);
  await Promise.all(
    ids.flatMap((id) =>
      ['PEPPOLBIS30', 'ORIGINAL_OR_GENERATED_IMAGE'].map((f) =>
        limit(async () => {
          const res = await request(`${url}/v1/invoices/${id}?return_format=${f}`, {
            headers: { authorization: `Bearer ${token}` },
            dispatcher: agent,
          });
          sent++;
          const data = new Uint8Array(await res.body.arrayBuffer());
          const name = `${id}.${f === 'PEPPOLBIS30' ? 'xml' : 'pdf'}`;
          if (keep?.durable) await writeDurably(keep.dir, name, data);
          else if (keep) await writeFile(join(keep.dir, name), data);
        }),
      ),
    ),
  );
  await agent.close();
  if (ids.length !== n) throw new Error(`plain fetch saw ${ids.length} invoices, expected ${n}`);
  return { ms: performance.now() - t0, requests: sent };
}

/** One fresh engine mirroring the company: its poll (pages, Detect, downloads), timed. */
async function engineMirror(url: string, company: { company_id: string; api_key: string }, n: number) {
  const data = await tmp('bench-data-');
  const root = await tmp('bench-root-');
  const engine = engineOn(data);
  try {
    const account = await engine.addAccount({
      name: 'Bench',
      environment: 'sandbox',
      url,
      companyId: company.company_id,
      root,
      apiKey: company.api_key,
    });
    const before = requests.n;
    const io0 = written();
    const t0 = performance.now();
    const report = await engine.pollOnce(account.id);
    const ms = performance.now() - t0;
    const io = written();
    const wrote = io && io0 ? { bytes: io.bytes - io0.bytes, calls: io.calls - io0.calls } : { bytes: Number.NaN, calls: Number.NaN };
    if (!report.ok) throw new Error(`the mirror failed: ${report.problems.join('; ')}`);
    // New accounts file by year and month: count the files in the subfolders too.
    const files = (await readdir(join(root, 'Inbox', 'Invoices'), { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    ).length;
    if (files !== 2 * n) throw new Error(`the engine wrote ${files} files, expected ${2 * n}`);
    return { ms, requests: requests.n - before, wrote, engine, account, data, root };
  } catch (e) {
    await engine.stop();
    await rmAll(data, root);
    throw e;
  }
}

async function oneSize(xml: Buffer, n: number) {
  const sb = await spawnSandbox();
  try {
    const company = await adminCompany(sb.url);
    const t0 = performance.now();
    await deliverMany(sb.url, company.company_id, n, xml);
    const token = await tokenFor(sb.url, company);
    // A first pass makes the sandbox generate (and keep) every PDF image, as the service has them
    // already: no measured run then pays for generating them.
    await plainFetch(sb.url, token, n);
    out(`   n=${fmt(n)}: seeded and warmed the sandbox in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    out(`     ${await diskProbe()}`);
    const engineMs: number[] = [];
    const plainMs: number[] = [];
    const durableMs: number[] = [];
    const writtenMs: number[] = [];
    flushes.ms = 0;
    flushes.n = 0;
    let engineRequests = 0;
    let wrote = { bytes: Number.NaN, calls: Number.NaN };
    let plainRequests = 0;
    for (let i = 0; i < RUNS; i++) {
      const e = await engineMirror(sb.url, company, n);
      engineMs.push(e.ms);
      engineRequests = e.requests;
      wrote = e.wrote;
      await e.engine.stop();
      await rmAll(e.data, e.root);
      const p = await plainFetch(sb.url, token, n);
      plainMs.push(p.ms);
      plainRequests = p.requests;
      for (const durable of [false, true]) {
        const dir = await tmp('bench-plain-');
        (durable ? durableMs : writtenMs).push((await plainFetch(sb.url, token, n, { dir, durable })).ms);
        await rmAll(dir);
      }
    }
    out(
      `     engine ${engineMs.map((m) => fmt(m / 1000, 2)).join(', ')} s; plain ${plainMs.map((m) => fmt(m / 1000, 2)).join(', ')} s; plain + writes ${writtenMs.map((m) => fmt(m / 1000, 2)).join(', ')} s; plain + durable writes ${durableMs.map((m) => fmt(m / 1000, 2)).join(', ')} s; requests engine ${fmt(engineRequests)}, plain ${fmt(plainRequests)}`,
    );
    const fsyncPerFile = flushes.ms / Math.max(1, flushes.n / 2);
    // Once more each over a network (support.ts, sandboxLatency): there the wait is the service's,
    // and the engine's disk and SQLite work runs while its requests are out.
    const net = { engine: Number.NaN, plain: Number.NaN };
    if (LATENCY_MS > 0) {
      await sandboxLatency(sb.url, LATENCY_MS);
      try {
        const e = await engineMirror(sb.url, company, n);
        net.engine = e.ms;
        await e.engine.stop();
        await rmAll(e.data, e.root);
        net.plain = (await plainFetch(sb.url, token, n)).ms;
      } finally {
        await sandboxLatency(sb.url, 0);
      }
      out(
        `     over a network (${LATENCY_MS} ms before every answer): engine ${fmt(net.engine / 1000, 2)} s; plain ${fmt(net.plain / 1000, 2)} s`,
      );
    }

    // The breakdown, on a run of its own: the wrappers and the profiler cost time themselves.
    const phases = await measurePhases(PROFILE);
    const e = await engineMirror(sb.url, company, n);
    const b = await phases.stop();
    await e.engine.stop();
    const dbBytes = await dirBytes(e.data);
    await rmAll(e.data, e.root);
    return {
      engine: median(engineMs),
      plain: median(plainMs),
      durable: median(durableMs),
      written: median(writtenMs),
      fsyncPerFile,
      net,
      wrote,
      engineRequests,
      plainRequests,
      breakdown: b,
      dbBytes,
    };
  } finally {
    await sb.stop();
  }
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const f of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) total += (await stat(join(f.parentPath, f.name))).size;
  return total;
}

type Breakdown = Awaited<ReturnType<typeof oneSize>>['breakdown'];

function printBreakdown(n: number, b: Breakdown): void {
  out(
    `\n   Where the engine's time goes at n=${fmt(n)} (a run of its own, ${fmt(b.wallMs / 1000, 2)} s wall, ${fmt(b.cpuMs / 1000, 2)} s CPU of this process):`,
  );
  out(
    `     HTTP busy (at least one request in flight): ${fmt(b.httpBusyMs / 1000, 2)} s; nothing in flight: ${fmt((b.wallMs - b.httpBusyMs) / 1000, 2)} s`,
  );
  out(`     requests by endpoint: ${b.requests.map((r) => `${r.name} ${fmt(r.n)}`).join('; ')}`);
  for (const r of b.rows.slice(0, 14)) out(`     ${r.name.padEnd(52)} ${`${fmt(r.ms, 0)} ms`.padStart(10)}  ${fmt(r.n).padStart(8)} calls`);
  if (b.cpuByCategory.length) {
    const sampled = b.cpuByCategory.reduce((t, c) => t + c.ms, 0);
    out('     CPU profile of the main thread, self time by category (--cpu-prof view, share of the samples):');
    for (const c of b.cpuByCategory)
      out(`       ${c.name.padEnd(50)} ${`${fmt(c.ms, 0)} ms`.padStart(10)}  ${fmt((100 * c.ms) / sampled, 1).padStart(5)} %`);
  }
}

export async function mirrorBench(xml: Buffer): Promise<void> {
  const sizes = twoSizes(MIRROR_N);
  out(`\n1. Initial mirror of received invoices (XML + PDF each), concurrency ${CONCURRENCY}, median of ${RUNS} alternating runs`);
  const r = [];
  for (const n of sizes) r.push(await oneSize(xml, n));
  const [s, l] = r as [(typeof r)[0], (typeof r)[0]];
  growthTable(
    'engine against plain undici (same pages and files, same concurrency)',
    [
      { name: 'plain undici fetch', unit: 's', small: s.plain / 1000, large: l.plain / 1000 },
      { name: 'engine mirror (SQLite rows, FTS, fsynced files)', unit: 's', small: s.engine / 1000, large: l.engine / 1000 },
      { name: 'engine per invoice', unit: 'ms', small: s.engine / sizes[0], large: l.engine / sizes[1] },
      { name: 'ratio engine / plain (goal: at most 1.10)', unit: 'x', small: s.engine / s.plain, large: l.engine / l.plain },
      { name: 'plain undici + write each file (no flush)', unit: 's', small: s.written / 1000, large: l.written / 1000 },
      { name: 'ratio that / plain (the least keeping files costs)', unit: 'x', small: s.written / s.plain, large: l.written / l.plain },
      { name: 'plain undici + write + fsync + rename + folder fsync', unit: 's', small: s.durable / 1000, large: l.durable / 1000 },
      { name: 'ratio engine / plain with durable writes', unit: 'x', small: s.engine / s.durable, large: l.engine / l.durable },
      {
        name: 'file + folder fsync per file in that loop (in flight)',
        unit: 'ms',
        small: s.fsyncPerFile,
        large: l.fsyncPerFile,
        digits: 2,
      },
      {
        name: 'engine: bytes handed to write calls per invoice',
        unit: 'KB',
        small: s.wrote.bytes / sizes[0] / 1024,
        large: l.wrote.bytes / sizes[1] / 1024,
        digits: 1,
      },
      { name: 'engine: write calls per invoice', unit: '', small: s.wrote.calls / sizes[0], large: l.wrote.calls / sizes[1], digits: 1 },
      ...(LATENCY_MS > 0
        ? [
            {
              name: `over a network (${LATENCY_MS} ms before every answer): plain`,
              unit: 's',
              small: s.net.plain / 1000,
              large: l.net.plain / 1000,
            },
            { name: '  engine', unit: 's', small: s.net.engine / 1000, large: l.net.engine / 1000 },
            { name: '  ratio engine / plain', unit: 'x', small: s.net.engine / s.net.plain, large: l.net.engine / l.net.plain },
          ]
        : []),
      { name: 'requests engine', unit: '', small: s.engineRequests, large: l.engineRequests, digits: 0 },
      { name: 'requests plain', unit: '', small: s.plainRequests, large: l.plainRequests, digits: 0 },
      {
        name: 'data folder per invoice (database, spool)',
        unit: 'KB',
        small: s.dbBytes / sizes[0] / 1024,
        large: l.dbBytes / sizes[1] / 1024,
      },
    ],
    sizes,
  );
  printBreakdown(sizes[0], s.breakdown);
  printBreakdown(sizes[1], l.breakdown);
}
