import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { Agent, FormData, request } from 'undici';
import { bundleEngine } from '../scripts/engine-bundle';
import type { DropJob, DropResult } from './drop-engine';
import { CONCURRENCY, growthTable, out, rmAll, sizeFrom, tmp, twoSizes } from './harness';
import { adminCompany, fmt, LATENCY_MS, sandboxLatency, spawnSandbox, tokenFor } from './support';

// 3. N files dropped into Outbox/Invoices at once: time per file against a plain upload loop of the
// same files at the same concurrency, the engine process's peak RSS (the engine runs in a process of
// its own, bench/drop-engine.ts), and a bridge `sync.status` every 100 ms while it sends them. At N/10 and N.
const DROP_N = sizeFrom('BENCH_DROP', 1_000);

async function writeDrop(dir: string, xml: Buffer, n: number, tag: string): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = join(dir, `drop-${i}.xml`);
    await writeFile(name, xml.toString('utf8').replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${tag}-${i}</cbc:ID>`));
    names.push(name);
  }
  return names;
}

/**
 * What a plain client that keeps the engine's promise does to the disk for each file, besides its
 * upload: a copy of its own made durable before the upload (written under a temporary name, flushed,
 * renamed into place, its folder flushed), and the sent file moved out of the drop folder after it
 * (renamed, both folders flushed). The engine does this and more (its rows, the checks, naming), so
 * this separates its own overhead from the disk's.
 */
interface DurableDirs {
  spool: string;
  sent: string;
}

async function flushFolder(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function durableCopy(dirs: DurableDirs, name: string, data: Buffer): Promise<string> {
  const part = join(dirs.spool, `.${name}.part`);
  const fh = await open(part, 'wx');
  try {
    await fh.writeFile(data);
    await fh.datasync();
  } finally {
    await fh.close();
  }
  const copy = join(dirs.spool, name);
  await rename(part, copy);
  await flushFolder(dirs.spool);
  return copy;
}

async function moveToSent(dirs: DurableDirs, file: string, copy: string): Promise<void> {
  const name = file.slice(file.lastIndexOf('/') + 1);
  await rename(file, join(dirs.sent, name));
  await flushFolder(dirs.sent);
  await flushFolder(file.slice(0, file.lastIndexOf('/')));
  await unlink(copy);
}

/**
 * The plain loop: each file read and POSTed as multipart with its own uuid (the engine's idempotency
 * key); with `durable`, each also copied durably first and moved to a Sent folder after (DurableDirs).
 */
async function plainUpload(url: string, token: string, files: string[], durable?: DurableDirs): Promise<number> {
  const agent = new Agent({ connections: 8 });
  const limit = pLimit(CONCURRENCY);
  const t0 = performance.now();
  await Promise.all(
    files.map((f) =>
      limit(async () => {
        const name = f.slice(f.lastIndexOf('/') + 1);
        const data = await readFile(f);
        const copy = durable ? await durableCopy(durable, name, data) : null;
        const form = new FormData();
        form.append('file', new Blob([data]), name);
        form.append('uuid', randomUUID());
        const res = await request(`${url}/v1/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          body: form,
          dispatcher: agent,
        });
        const body = await res.body.text();
        if (res.statusCode >= 300) throw new Error(`plain upload: HTTP ${res.statusCode} ${body.slice(0, 200)}`);
        if (durable && copy) await moveToSent(durable, f, copy);
      }),
    ),
  );
  const ms = performance.now() - t0;
  await agent.close();
  return ms;
}

const SOURCES = process.env.BENCH_DROP_SOURCES === '1';
const BUNDLE_DIR = fileURLToPath(new URL('../out/bench-drop/', import.meta.url));

/**
 * The child's entry. The app runs its engine bundled (scripts/build-electron.ts, in a process of its
 * own), so by default the child is bundled the same way, with the validator's worker beside it: from
 * the sources, tsx's loader thread and its transformed modules add about 35 MB that the app never
 * has. BENCH_DROP_SOURCES=1 runs it from the sources under tsx instead.
 */
async function childEntry(): Promise<{ entry: string; execArgv: string[] }> {
  if (SOURCES) return { entry: fileURLToPath(new URL('./drop-engine.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  // validator.ts starts its worker from beside its own bundle, as in the app.
  await bundleEngine(BUNDLE_DIR, { 'drop-engine': 'bench/drop-engine.ts', 'validate-worker': 'main/core/validate/worker.ts' });
  return { entry: join(BUNDLE_DIR, 'drop-engine.js'), execArgv: [] };
}
let child: Promise<{ entry: string; execArgv: string[] }> | null = null;

/** Runs one drop's engine in a process of its own (bench/drop-engine.ts) and answers its figures. */
async function inChild(job: DropJob): Promise<DropResult> {
  child ??= childEntry();
  const { entry, execArgv } = await child;
  const proc = fork(entry, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let answered = false;
    proc.once('message', (m: { ok: true; result: DropResult } | { ok: false; error: string }) => {
      answered = true;
      if (m.ok) resolve(m.result);
      else reject(new Error(`the drop's engine failed: ${m.error}`));
    });
    proc.once('exit', (code) => {
      if (!answered) reject(new Error(`the drop's engine exited with ${code} before answering`));
    });
    proc.send(job);
  });
}

/**
 * One drop of n files into a new account, with the folder's validation option as given. `warm`: the
 * same engine first sends a drop a tenth the size, untimed (an engine that has been running, as the
 * app's is; the plain loop's process is warm too).
 */
async function engineDrop(url: string, xml: Buffer, n: number, validation: 'off' | 'block', phases = false, warm = false) {
  const company = await adminCompany(url);
  const data = await tmp('bench-drop-');
  const root = await tmp('bench-drop-root-');
  const staged = await tmp('bench-drop-staged-');
  const warmup = warm ? await tmp('bench-drop-warmup-') : null;
  try {
    // The account's folders are made when the engine adds it; the files are moved in when it starts timing.
    await mkdir(join(root, 'Outbox', 'Invoices'), { recursive: true });
    await writeDrop(staged, xml, n, `DROP${validation}${n}${warm ? 'W' : ''}`);
    if (warmup) await writeDrop(warmup, xml, Math.max(1, Math.round(n / 10)), `WARM${validation}${n}`);
    return await inChild({ url, company, data, root, n, validation, phases, staged, warmup });
  } finally {
    await rmAll(data, root, staged, ...(warmup ? [warmup] : []));
  }
}

type Breakdown = NonNullable<Awaited<ReturnType<typeof engineDrop>>['breakdown']>;

const f = (x: number, d = 0) => x.toFixed(d);

/** Where one drop's time went: the pass's timeline from its events, then the bench's wrappers (phases.ts). */
function printBreakdown(n: number, validation: string, b: Breakdown): void {
  out(`\n   Where the engine's time goes, n=${n}, validation ${validation} (a run of its own, wrapped: slower than the figures above)`);
  out(`     wall ${f(b.wallMs)} ms, CPU of the engine's process ${f(b.cpuMs)} ms (the validator's workers included)`);
  out('     timeline (ms from the start of the pass; the first 200 ms is --once looking twice, a stability wait apart):');
  out(
    `       first file queued ${f(b.queued.first)}, last queued ${f(b.queued.last)}; first moved to Sent ${f(b.sent.first)}, last ${f(b.sent.last)}`,
  );
  out(`     HTTP busy (at least one request in flight) ${f(b.httpBusyMs)} ms; nothing in flight ${f(b.wallMs - b.httpBusyMs)} ms`);
  out(`     requests by endpoint: ${b.requests.map((r) => `${r.name} ${r.n}`).join('; ')}`);
  for (const r of b.rows.slice(0, 14)) out(`     ${r.name.padEnd(52)} ${`${f(r.ms)} ms`.padStart(10)}  ${String(r.n).padStart(8)} calls`);
  const sampled = b.cpuByCategory.reduce((t, c) => t + c.ms, 0);
  out('     CPU profile of the main thread, self time by category:');
  for (const c of b.cpuByCategory)
    out(`       ${c.name.padEnd(50)} ${`${f(c.ms)} ms`.padStart(10)}  ${f((100 * c.ms) / sampled, 1).padStart(5)} %`);
}

/**
 * The plain loop, then the engine with the folder's validation off; block (the default for invoices,
 * what a user gets) comes after both sizes' off runs: their difference is what validation adds per
 * file, and the block run also pays the validator's cold start, as a real first drop does.
 */
async function plainAndOff(url: string, xml: Buffer, n: number) {
  // On a company of its own, from files on disk as the engine reads them.
  const plainCompany = await adminCompany(url);
  const plainDir = await tmp('bench-plain-');
  const token = await tokenFor(url, plainCompany);
  const plainMs = await plainUpload(url, token, await writeDrop(plainDir, xml, n, `PLAIN${n}`));
  await rmAll(plainDir);
  const off = await engineDrop(url, xml, n, 'off');
  // The durable loop after the engine's first run, as the mirror bench alternates them: neither meets
  // a disk the other has just filled with deletions.
  const durableDir = await tmp('bench-plain-durable-');
  const dirs = { spool: join(durableDir, 'spool'), sent: join(durableDir, 'sent') };
  await mkdir(dirs.spool);
  await mkdir(dirs.sent);
  const drop = join(durableDir, 'drop');
  await mkdir(drop);
  const durableMs = await plainUpload(url, token, await writeDrop(drop, xml, n, `DURABLE${n}`), dirs);
  await rmAll(durableDir);
  const warm = await engineDrop(url, xml, n, 'off', false, true);
  return { plainMs, durableMs, off, warm };
}

/**
 * The plain loop and the engine (validation off) again with LATENCY_MS before every answer: on
 * loopback a request costs the service about as much CPU as it costs either client, on two cores
 * shared by all three, so the ratio above is mostly what each client's CPU costs; over a network the
 * wait is the service's and the engine's work runs while its requests are out.
 */
async function overNetwork(url: string, xml: Buffer, n: number) {
  await sandboxLatency(url, LATENCY_MS);
  try {
    const company = await adminCompany(url);
    const dir = await tmp('bench-plain-net-');
    const plainMs = await plainUpload(url, await tokenFor(url, company), await writeDrop(dir, xml, n, `NET${n}`));
    await rmAll(dir);
    const off = await engineDrop(url, xml, n, 'off');
    return { plainMs, engineMs: off.engineMs };
  } finally {
    await sandboxLatency(url, 0);
  }
}

/** Once every figure is taken (the wrappers stay installed): a drop of each mode broken down. */
async function breakdowns(url: string, xml: Buffer, n: number): Promise<void> {
  for (const validation of ['off', 'block'] as const) {
    const r = await engineDrop(url, xml, n, validation, true);
    if (r.breakdown) printBreakdown(n, validation, r.breakdown);
  }
}

export async function dropBench(xml: Buffer): Promise<void> {
  const sizes = twoSizes(DROP_N);
  out(
    `\n3. Files dropped into Outbox/Invoices at once, concurrency ${CONCURRENCY} (the engine in a process of its own${SOURCES ? ', from the sources under tsx' : ', bundled as the app runs it'}: RSS is the engine's)`,
  );
  const sb = await spawnSandbox();
  try {
    // Both sizes without validation first (each drop's engine is a fresh process: block pays the validator's cold start).
    const s0 = await plainAndOff(sb.url, xml, sizes[0]);
    const l0 = await plainAndOff(sb.url, xml, sizes[1]);
    const s = { ...s0, block: await engineDrop(sb.url, xml, sizes[0], 'block') };
    const l = { ...l0, block: await engineDrop(sb.url, xml, sizes[1], 'block') };
    /** A row in MB of the same figure at both sizes. */
    const mb = (name: string, of: (r: typeof s) => number) => ({
      name,
      unit: 'MB',
      small: of(s) / 2 ** 20,
      large: of(l) / 2 ** 20,
      digits: 0,
    });
    growthTable(
      'engine against a plain upload loop (same files, multipart POST /v1/invoices with a uuid each)',
      [
        { name: 'plain upload loop per file', unit: 'ms', small: s.plainMs / sizes[0], large: l.plainMs / sizes[1] },
        {
          name: 'plain loop + durable copy before and move to Sent after, per file',
          unit: 'ms',
          small: s.durableMs / sizes[0],
          large: l.durableMs / sizes[1],
        },
        {
          name: 'engine per file (to the last in Sent/), validation off',
          unit: 'ms',
          small: s.off.engineMs / sizes[0],
          large: l.off.engineMs / sizes[1],
        },
        {
          name: "  off: engine process's CPU per file (all threads, to the last in Sent/)",
          unit: 'ms',
          small: s.off.cpuToLastSent / sizes[0],
          large: l.off.cpuToLastSent / sizes[1],
        },
        {
          name: "  off: engine process's bytes handed to write calls per file (files, spool, SQLite WAL)",
          unit: 'KB',
          small: s.off.writtenToLastSent.bytes / sizes[0] / 1024,
          large: l.off.writtenToLastSent.bytes / sizes[1] / 1024,
          digits: 1,
        },
        {
          name: '  off: write calls per file',
          unit: '',
          small: s.off.writtenToLastSent.calls / sizes[0],
          large: l.off.writtenToLastSent.calls / sizes[1],
          digits: 1,
        },
        {
          name: 'engine per file, off, warm (a second drop into the running engine)',
          unit: 'ms',
          small: s.warm.engineMs / sizes[0],
          large: l.warm.engineMs / sizes[1],
        },
        {
          name: "  warm: engine process's CPU per file",
          unit: 'ms',
          small: s.warm.cpuToLastSent / sizes[0],
          large: l.warm.cpuToLastSent / sizes[1],
        },
        {
          name: 'engine per file, validation block (default)',
          unit: 'ms',
          small: s.block.engineMs / sizes[0],
          large: l.block.engineMs / sizes[1],
        },
        {
          name: 'whole pass per file, off (with the sent invoices archived)',
          unit: 'ms',
          small: s.off.passMs / sizes[0],
          large: l.off.passMs / sizes[1],
        },
        {
          name: 'validation adds per file',
          unit: 'ms',
          small: (s.block.engineMs - s.off.engineMs) / sizes[0],
          large: (l.block.engineMs - l.off.engineMs) / sizes[1],
        },
        {
          name: 'ratio engine (off) / plain (goal: at most 1.20)',
          unit: 'x',
          small: s.off.engineMs / s.plainMs,
          large: l.off.engineMs / l.plainMs,
        },
        {
          name: 'ratio engine (off, warm) / plain',
          unit: 'x',
          small: s.warm.engineMs / s.plainMs,
          large: l.warm.engineMs / l.plainMs,
        },
        { name: 'ratio engine (block) / plain', unit: 'x', small: s.block.engineMs / s.plainMs, large: l.block.engineMs / l.plainMs },
        {
          name: 'ratio engine (off) / plain with the durable copy and move',
          unit: 'x',
          small: s.off.engineMs / s.durableMs,
          large: l.off.engineMs / l.durableMs,
        },
        mb("engine process's peak RSS, off run (goal: under 150)", (r) => r.off.peak),
        mb('  off: sampled peak until the last is in Sent/', (r) => r.off.peakWhileDropping),
        mb("engine process's RSS as the off drop starts", (r) => r.off.rssAtStart),
        mb('  off: heap used, peak', (r) => r.off.memory.peak.heapUsed),
        mb('  off: heap total (V8 heap reserved), peak', (r) => r.off.memory.peak.heapTotal),
        mb('  off: external, peak', (r) => r.off.memory.peak.external),
        mb('  off: arrayBuffers, peak', (r) => r.off.memory.peak.arrayBuffers),
        mb("engine process's peak RSS, block run", (r) => r.block.peak),
        mb('validation adds to the peak RSS', (r) => r.block.peak - r.off.peak),
        {
          name: 'bridge sync.status p95, off run (goal: 100)',
          unit: 'ms',
          small: s.off.status.p95,
          large: l.off.status.p95,
          digits: 1,
        },
        {
          name: 'bridge sync.status every 100 ms: p95, block run (goal: 100)',
          unit: 'ms',
          small: s.block.status.p95,
          large: l.block.status.p95,
          digits: 1,
        },
        { name: 'bridge sync.status: max', unit: 'ms', small: s.block.status.max, large: l.block.status.max, digits: 1 },
        { name: 'bridge sync.status: calls made', unit: '', small: s.block.status.calls, large: l.block.status.calls, digits: 0 },
      ],
      sizes,
    );
    out("     (sync.status through the bridge dispatcher both hosts carry, in the engine's process, timed from when each call was due)");
    out(
      `     RSS of this bench process (the plain loop's) at the end: ${fmt(process.memoryUsage().rss / 2 ** 20)} MB; the engine's peak is its own process's (VmHWM, and sampled every 50 ms)`,
    );
    out(
      `     load average when done: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    if (LATENCY_MS > 0) {
      const ns = await overNetwork(sb.url, xml, sizes[0]);
      const nl = await overNetwork(sb.url, xml, sizes[1]);
      growthTable(
        `over a network: the same with ${LATENCY_MS} ms before every answer (BENCH_LATENCY_MS), validation off`,
        [
          { name: 'plain upload loop per file', unit: 'ms', small: ns.plainMs / sizes[0], large: nl.plainMs / sizes[1] },
          { name: 'engine per file (to the last in Sent/)', unit: 'ms', small: ns.engineMs / sizes[0], large: nl.engineMs / sizes[1] },
          { name: 'ratio engine / plain', unit: 'x', small: ns.engineMs / ns.plainMs, large: nl.engineMs / nl.plainMs },
        ],
        sizes,
      );
    }
    await breakdowns(sb.url, xml, sizes[1]);
  } finally {
    await sb.stop();
  }
}
