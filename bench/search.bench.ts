import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createBridgeServer } from '../main/core/bridge';
import { dbFile } from '../main/core/paths';
import { WRITER } from '../main/core/store/writer';
import { BENCH_HOST, engineOn, growthTable, median, out, quantile, rmAll, sizeFrom, tmp, twoSizes } from './harness';
import { SEARCH_QUERIES, seedInvoices } from './seed-mirror';
import { fmt } from './support';

// 2. The offline mirror at N/10 and N received invoices (default 100,000; the figure is
// BENCH_SEARCH=1000000), built directly in the store. Measured in this process through the bridge
// dispatcher, as the renderer asks: each keystroke of the speed bench's queries to its first page of
// rows, the first page of the unfiltered list, paging on with the cursor, the list's totals, the
// database's size per invoice, and opening the engine with the Overview's queries. A figure that
// grows with N has its statements' query plans printed.
const SEARCH_N = sizeFrom('BENCH_SEARCH', 100_000);
const REPEAT = Number(process.env.BENCH_SEARCH_REPEAT ?? 5);
const FIRST_PAGE = 100; // the renderer's first page (renderer/stores/paged-list.ts)
const PAGE = 500; // and each page after it

/** The statements a call ran, to explain the ones whose time grows with the mirror. */
const seen = new Map<string, unknown[]>();
let capturing = false;
function captureStatements(): void {
  const db = new Database(':memory:');
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
  db.close();
  for (const m of ['all', 'get', 'iterate'] as const) {
    const orig = proto[m] as (this: { source: string }, ...a: unknown[]) => unknown;
    proto[m] = function (this: { source: string }, ...args: unknown[]) {
      if (capturing) seen.set(this.source, args);
      return orig.apply(this, args);
    };
  }
}

async function bytesOf(dir: string): Promise<number> {
  let total = 0;
  for (const f of await readdir(dir))
    if (f.startsWith('einvoice') || f.endsWith('.db') || f.includes('.db-')) total += (await stat(join(dir, f))).size;
  return total;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

async function oneSize(n: number) {
  const data = await tmp('bench-search-');
  let engine = engineOn(data);
  const account = await engine.addAccount(
    {
      name: 'Mirror',
      environment: 'sandbox',
      url: 'http://127.0.0.1:9',
      companyId: '00000000-0000-4000-8000-000000000001',
      root: join(data, 'root'),
      apiKey: 'bench',
    },
    false,
  );
  const t0 = performance.now();
  seedInvoices(engine[WRITER], account.id, n);
  const seedMs = performance.now() - t0;
  await engine.stop();
  const file = dbFile(data);
  {
    // Size on disk once the WAL is folded in, as after a quiet while.
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  const dbBytes = await bytesOf(data);

  // Opening the app on the mirror: the engine, the bridge, the Overview's three queries.
  const open = await timed(async () => {
    engine = engineOn(data);
    const bridge = createBridgeServer({ engine, dataDir: data, host: BENCH_HOST });
    const status = await bridge.dispatch('sync.status', {});
    const activity = await bridge.dispatch('activity.list', { limit: 100 });
    const needs = await bridge.dispatch('overview.needsPerson', {});
    if (!status.ok || !activity.ok || !needs.ok) throw new Error('the Overview queries failed');
    return bridge;
  });
  const bridge = open.value;
  const call = async (name: string, input: unknown) => {
    const r = await bridge.dispatch(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as { next?: string | null; items?: unknown[] };
  };
  const list = (filter: Record<string, unknown>, limit: number, after?: string) =>
    call('invoices.list', { accountId: account.id, filter: { direction: 'RECEIVED', ...filter }, limit, ...(after ? { after } : {}) });

  const figures: Record<string, { samples: number[]; statements: Map<string, unknown[]> }> = {};
  const measure = async (name: string, fn: () => Promise<unknown>) => {
    const samples: number[] = [];
    seen.clear();
    for (let i = 0; i < REPEAT; i++) {
      capturing = i === 0;
      samples.push((await timed(fn)).ms);
      capturing = false;
    }
    figures[name] = { samples, statements: new Map(seen) };
  };

  await measure('sync.status (Overview)', () => call('sync.status', {}));
  await measure('overview.needsPerson (Overview)', () => call('overview.needsPerson', {}));
  await measure('first page, unfiltered list', () => list({}, FIRST_PAGE));
  // Scrolling: each page after the first is one keyset step from the cursor, wherever it is.
  {
    const samples: number[] = [];
    seen.clear();
    for (let i = 0; i < REPEAT; i++) {
      let after = (await list({}, FIRST_PAGE)).next ?? undefined;
      for (let p = 0; p < 9 && after; p++) {
        capturing = i === 0 && p === 0;
        const page = await timed(() => list({}, PAGE, after));
        capturing = false;
        samples.push(page.ms);
        after = page.value.next ?? undefined;
      }
    }
    figures[`a page of ${PAGE} by cursor (scrolling)`] = { samples, statements: new Map(seen) };
  }
  await measure('totals of the unfiltered list', () =>
    call('invoices.totals', { accountId: account.id, filter: { direction: 'RECEIVED' } }),
  );
  // A search's totals grow with its matches (they add up every one) and are summed in one query (see
  // totalsSlice in store/invoice-queries.ts), so the event loop (every other bridge call, the next
  // keystroke's page) waits that long: the stall shows it.
  {
    const samples: number[] = [];
    const stalls: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      let last = performance.now();
      let worst = 0;
      const tick = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
      }, 1);
      const filter = { direction: 'RECEIVED', query: 'Kuljetus' };
      samples.push((await timed(() => call('invoices.totals', { accountId: account.id, filter }))).ms);
      clearInterval(tick);
      // A call that never yields ends without a tick after it: its whole time is the stall.
      stalls.push(Math.max(worst, performance.now() - last));
    }
    figures['totals of a search ("Kuljetus", one query, linear in its matches)'] = { samples, statements: new Map() };
    figures['longest event-loop stall during those totals'] = { samples: stalls, statements: new Map() };
  }
  // Every keystroke of every query, as typed: a prefix query per key.
  const keystrokes: number[] = [];
  const perQuery: { q: string; p95: number; statements: Map<string, unknown[]> }[] = [];
  for (const q of SEARCH_QUERIES) {
    const times: number[] = [];
    seen.clear();
    for (let r = 0; r < REPEAT; r++)
      for (let k = 1; k <= q.length; k++) {
        capturing = r === 0 && k === q.length;
        times.push((await timed(() => list({ query: q.slice(0, k) }, FIRST_PAGE))).ms);
        capturing = false;
      }
    keystrokes.push(...times);
    perQuery.push({ q, p95: quantile(times, 0.95), statements: new Map(seen) });
  }
  bridge.close();
  await engine.stop();
  // The larger mirror stays until its plans are read: a plan can depend on the data's statistics.
  return { seedMs, dbBytes, openMs: open.ms, figures, keystrokes, perQuery, file, data };
}

function explain(file: string, statements: Map<string, unknown[]>): void {
  // The plan of each statement the slow call ran, against a copy-free read-only look at the same file.
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    for (const [sql, args] of statements) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(args as never[])) as { detail: string }[];
      out(`         ${sql.replace(/\s+/g, ' ').slice(0, 140)}`);
      for (const p of plan) out(`           ${p.detail}`);
    }
  } finally {
    db.close();
  }
}

export async function searchBench(): Promise<void> {
  captureStatements();
  const sizes = twoSizes(SEARCH_N);
  out(`\n6. Offline search and the list over a mirror built in the store (through the bridge dispatcher, ${REPEAT} repeats)`);
  const s = await oneSize(sizes[0]);
  await rmAll(s.data);
  const l = await oneSize(sizes[1]);
  const rows = [
    { name: 'building the mirror in the store', unit: 's', small: s.seedMs / 1000, large: l.seedMs / 1000 },
    { name: 'database on disk per invoice', unit: 'KB', small: s.dbBytes / sizes[0] / 1024, large: l.dbBytes / sizes[1] / 1024 },
    { name: 'open the engine + Overview queries (goal: paint < 1 s)', unit: 'ms', small: s.openMs, large: l.openMs, digits: 1 },
    {
      name: 'keystroke to first page: p95 (goal: under 20)',
      unit: 'ms',
      small: quantile(s.keystrokes, 0.95),
      large: quantile(l.keystrokes, 0.95),
      digits: 1,
    },
    { name: 'keystroke to first page: median', unit: 'ms', small: median(s.keystrokes), large: median(l.keystrokes), digits: 1 },
  ];
  const grown: string[] = [];
  for (const name of Object.keys(l.figures)) {
    const a = median(s.figures[name]?.samples ?? []);
    const b = median(l.figures[name]?.samples ?? []);
    rows.push({
      name: `${name}: median${name.startsWith('first page') ? ' (goal: under 10)' : ''}`,
      unit: 'ms',
      small: a,
      large: b,
      digits: 2,
    });
    if (b / a > 3) grown.push(name);
  }
  growthTable('the mirror at two sizes', rows, sizes);
  out('     keystroke to first page, p95 per query:');
  for (const [i, q] of l.perQuery.entries()) {
    const a = s.perQuery[i]?.p95 ?? Number.NaN;
    out(`       ${JSON.stringify(q.q).padEnd(16)} ${fmt(a, 1).padStart(8)} ms ${fmt(q.p95, 1).padStart(8)} ms  ${fmt(q.p95 / a, 2)}x`);
    if (q.p95 / a > 3) grown.push(`search ${JSON.stringify(q.q)}`);
  }
  if (grown.length) out(`     grew more than 3x for 10x the mirror: ${grown.join(', ')} (their plans below, at n=${fmt(sizes[1])})`);
  for (const name of grown) {
    out(`       ${name}:`);
    const statements = name.startsWith('search ')
      ? l.perQuery.find((q) => `search ${JSON.stringify(q.q)}` === name)?.statements
      : l.figures[name]?.statements;
    if (statements) explain(l.file, statements);
  }
  await rmAll(l.data);
}
