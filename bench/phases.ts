import { Hash } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { open, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

// Where a run's time goes, without touching the engine: the bench process wraps the few places the
// time can go (SQLite statements and transactions, fsync, hashing) and listens to undici's
// diagnostics channels for HTTP. Async figures (fsync, HTTP) are time in flight summed over
// concurrent calls, so they can add up to more than the wall time; "HTTP busy" is the wall time with
// at least one request in flight, and its complement is what the engine spends with nothing asked.

interface Tally {
  ms: number;
  n: number;
}
const tallies = new Map<string, Tally>();
let txDepth = 0;
let innerMs = 0;
let httpActive = 0;
let httpBusySince = 0;
let httpBusyMs = 0;
let installed = false;
const endpoints = new Map<string, number>();

/** "GET /v1/invoices/:id?return_format=PEPPOLBIS30": ids folded, the query's names and formats kept. */
function endpointOf(r: { method: string; path: string }): string {
  const [path = '', query = ''] = r.path.split('?');
  const p = path.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, ':id').replace(/\/\d+(?=\/|$)/g, '/:n');
  const q = query
    .split('&')
    .filter((kv) => /^(return_format|direction|type)=/.test(kv))
    .join('&');
  return `${r.method} ${p}${q ? `?${q}` : ''}`;
}

function add(name: string, ms: number): void {
  const t = tallies.get(name) ?? { ms: 0, n: 0 };
  t.ms += ms;
  t.n++;
  tallies.set(name, t);
}

/** "INSERT invoices", "SELECT invoice_files": what a statement does to which table. */
function statementName(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim();
  const verb = (/^\w+/.exec(s)?.[0] ?? '?').toUpperCase();
  const table = /\b(?:INTO|FROM|UPDATE|TABLE)\s+(\w+)/i.exec(s)?.[1] ?? '';
  return `sqlite ${verb} ${table}`.trim();
}

function wrapSync<A extends unknown[], R>(fn: (this: unknown, ...a: A) => R, name: (self: unknown) => string) {
  return function (this: unknown, ...args: A): R {
    const t = performance.now();
    try {
      return fn.apply(this, args);
    } finally {
      const ms = performance.now() - t;
      add(name(this), ms);
      if (txDepth > 0) innerMs += ms;
    }
  };
}

async function install(): Promise<void> {
  if (installed) return;
  installed = true;
  const db = new Database(':memory:');
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  db.close();
  for (const m of ['run', 'get', 'all'] as const) {
    const orig = proto[m] as (this: unknown, ...a: unknown[]) => unknown;
    proto[m] = wrapSync(orig, (self) => statementName((self as { source: string }).source));
  }
  // A transaction's own cost (BEGIN, COMMIT: the WAL write and its sync) is its time less its statements'.
  const dbProto = Database.prototype as unknown as { transaction: (fn: (...a: unknown[]) => unknown) => (...a: unknown[]) => unknown };
  const transaction = dbProto.transaction;
  const timed =
    (tx: (...a: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const outer = txDepth === 0;
      if (outer) innerMs = 0;
      txDepth++;
      const t = performance.now();
      try {
        return tx(...args);
      } finally {
        txDepth--;
        if (outer) add('sqlite transaction begin+commit', performance.now() - t - innerMs);
      }
    };
  dbProto.transaction = function (this: unknown, fn) {
    const tx = transaction.call(this, fn) as ((...a: unknown[]) => unknown) & Record<string, (...a: unknown[]) => unknown>;
    // Its variants (deferred, immediate, exclusive) are timed the same way.
    return Object.assign(timed(tx), {
      deferred: timed(tx.deferred as (...a: unknown[]) => unknown),
      immediate: timed(tx.immediate as (...a: unknown[]) => unknown),
      exclusive: timed(tx.exclusive as (...a: unknown[]) => unknown),
    });
  };
  const hash = Hash.prototype as unknown as Record<'update' | 'digest', (this: unknown, ...a: unknown[]) => unknown>;
  for (const m of ['update', 'digest'] as const) hash[m] = wrapSync(hash[m], () => 'hashing (sha256)');
  const fh = await open(join(tmpdir(), `bench-phases-${process.pid}`), 'w');
  const fhProto = Object.getPrototypeOf(fh) as { sync: (this: unknown) => Promise<void>; datasync: (this: unknown) => Promise<void> };
  await fh.close();
  for (const m of ['sync', 'datasync'] as const) {
    const orig = fhProto[m];
    fhProto[m] = async function (this: unknown) {
      const t = performance.now();
      try {
        return await orig.call(this);
      } finally {
        add('fsync (in flight, summed)', performance.now() - t);
      }
    };
  }
  const started = new WeakMap<object, number>();
  const done = (request: object) => {
    const t = started.get(request);
    if (t === undefined) return;
    started.delete(request);
    add('HTTP request to last byte (in flight, summed)', performance.now() - t);
    if (--httpActive === 0) httpBusyMs += performance.now() - httpBusySince;
  };
  diagnostics.subscribe('undici:request:create', (m) => {
    const { request } = m as { request: { method: string; path: string } };
    endpoints.set(endpointOf(request), (endpoints.get(endpointOf(request)) ?? 0) + 1);
    if (httpActive++ === 0) httpBusySince = performance.now();
    started.set(request, performance.now());
  });
  diagnostics.subscribe('undici:request:trailers', (m) => done((m as { request: object }).request));
  diagnostics.subscribe('undici:request:error', (m) => done((m as { request: object }).request));
}

let profilesSaved = 0;

/** Starts counting (and, with `profile`, a CPU profile of this thread); `stop` answers the rows. */
export async function measurePhases(profile: boolean) {
  await install();
  tallies.clear();
  endpoints.clear();
  httpBusyMs = 0;
  const session = profile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return {
    async stop() {
      const wallMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const rows = [...tallies.entries()].map(([name, t]) => ({ name, ms: t.ms, n: t.n })).sort((a, b) => b.ms - a.ms);
      let cpuByCategory: { name: string; ms: number }[] = [];
      if (session) {
        const { profile: p } = await session.post('Profiler.stop');
        session.disconnect();
        // The whole profile, for a look by function (Chromium's DevTools opens .cpuprofile files).
        const dir = process.env.BENCH_PROFILE_OUT;
        if (dir) await writeFile(join(dir, `phases-${process.pid}-${++profilesSaved}.cpuprofile`), JSON.stringify(p));
        cpuByCategory = summariseProfile(p);
      }
      const requests = [...endpoints.entries()].map(([name, n]) => ({ name, n })).sort((a, b) => b.n - a.n);
      return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, httpBusyMs, rows, cpuByCategory, requests };
    },
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

/** Self time of the main thread by what ran: the --cpu-prof view, folded into a few categories. */
function category(f: ProfileNode['callFrame']): string {
  const { url, functionName: fn } = f;
  if (fn === '(idle)') return 'idle (waiting on I/O)';
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(program)') return 'V8 / native (program)';
  if (url.includes('better-sqlite3') || (!url && ['run', 'get', 'all', 'iterate', 'exec', 'prepare', 'transaction'].includes(fn)))
    return 'SQLite';
  if (url.includes('undici') || url.startsWith('wasm://')) return 'HTTP (undici, its llhttp parser)';
  if (!url && fn === 'Statement') return 'SQLite';
  if (
    !url &&
    [
      'mkdir',
      'openFileHandle',
      'fsync',
      'writeBuffer',
      'writeString',
      'link',
      'close',
      'unlink',
      'stat',
      'lstat',
      'readdir',
      'rename',
      'read',
      'open',
    ].includes(fn)
  )
    return 'fs (native calls)';
  if (
    url.includes('cockatiel') ||
    url.includes('p-limit') ||
    /node:internal\/(process\/task_queues|timers|async_hooks|event_target|abort_controller)|node:events/.test(url)
  )
    return 'scheduling (promises, timers, events, retry policy)';
  if (url.includes('crypto') || (!url && ['update', 'digest'].includes(fn))) return 'hashing / crypto';
  if (url.includes('/zod/')) return 'schema parsing (zod)';
  if (url.includes('fast-xml-parser') || url.includes('saxon')) return 'XML';
  if (url.includes('node:internal/fs') || url.includes('node:fs')) return 'fs';
  if (url.includes('/main/core/store/')) return 'engine: store code';
  if (url.includes('/main/core/')) return 'engine: sync code';
  if (url.includes('/bench/')) return 'bench harness';
  if (url.includes('node:internal/modules') || url.includes('/tsx/') || url.includes('esbuild')) return 'module loading (tsx)';
  if (url.includes('node:internal/streams') || url.includes('node:internal/net') || url.includes('node:net')) return 'streams / sockets';
  return 'other JS';
}

function summariseProfile(p: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const cat = new Map<number, string>(p.nodes.map((n) => [n.id, category(n.callFrame)]));
  const ms = new Map<string, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const c = cat.get(samples[i] as number) ?? 'other JS';
    ms.set(c, (ms.get(c) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  return [...ms.entries()].map(([name, v]) => ({ name, ms: v })).sort((a, b) => b.ms - a.ms);
}
