import { join } from 'node:path';
import type { Engine } from '../main/core/engine';
import { deliverMany, engineOn, growthTable, out, requests, rmAll, rssPeak, sizeFrom, statusProbe, tmp, twoSizes } from './harness';
import { adminCompany, fmt, spawnSandbox } from './support';

// 4. An accounting office: one engine with K companies, each with a few invoices, polled every 5
// minutes. A full poll round (every account through the engine's poll gate once, the first mirror
// done): wall time, this process's CPU (the sandbox runs in its own), requests, RSS, and the bridge
// status every 100 ms meanwhile. From the CPU per account-poll: how many companies one core keeps at
// a 5-minute interval with 10% of it. At K/10 and K.
const COMPANIES = sizeFrom('BENCH_COMPANIES', 50);
const INVOICES_EACH = Number(process.env.BENCH_COMPANY_INVOICES ?? 3);
const INTERVAL_S = 300;
const CPU_SHARE = 0.1;

/** Waits until every account has finished a pass since now. */
function roundDone(engine: Engine, ids: string[]): Promise<void> {
  const left = new Set(ids);
  return new Promise((resolve) => {
    const off = engine.events.on('synced', (p) => {
      left.delete(p.accountId);
      if (left.size === 0) {
        off();
        resolve();
      }
    });
  });
}

async function oneSize(url: string, xml: Buffer, k: number) {
  const data = await tmp('bench-office-');
  const roots = await tmp('bench-office-roots-');
  const engine = engineOn(data);
  const ids: string[] = [];
  for (let i = 0; i < k; i++) {
    const c = await adminCompany(url);
    await deliverMany(url, c.company_id, INVOICES_EACH, xml, `K${i}`);
    const a = await engine.addAccount({
      name: `Client ${i} Oy`,
      environment: 'sandbox',
      url,
      companyId: c.company_id,
      root: join(roots, `c${i}`),
      apiKey: c.api_key,
      pollIntervalS: INTERVAL_S,
    });
    ids.push(a.id);
  }
  // The first round mirrors every company's invoices; the measured one finds nothing new, as most do.
  const first = roundDone(engine, ids);
  const t0 = performance.now();
  await engine.start();
  await first;
  const firstMs = performance.now() - t0;

  // A quiet round alone for the CPU (a probe's calls would count in this process too), then one with
  // the bridge asked every 100 ms, as the open UI does.
  const round = roundDone(engine, ids);
  const rss = rssPeak();
  const before = requests.n;
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  engine.syncNow();
  await round;
  const wallMs = performance.now() - t1;
  const cpu = process.cpuUsage(cpu0);
  const sent = requests.n - before;
  const probed = roundDone(engine, ids);
  const probe = statusProbe(engine, data);
  engine.syncNow();
  await probed;
  const status = await probe.stop();
  const peak = rss.stop();
  // After a poll each account waits for its own slot: how evenly the next round is spread.
  const next = engine
    .status()
    .map((s) => (s.nextPoll ? Date.parse(s.nextPoll) : Number.NaN))
    .filter(Number.isFinite);
  const byWindow = new Map<number, number>();
  for (const t of next) byWindow.set(Math.floor(t / 10_000), (byWindow.get(Math.floor(t / 10_000)) ?? 0) + 1);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  await engine.stop();
  await rmAll(data, roots);
  return { firstMs, wallMs, cpuS, sent, peak, status, busiest10s: Math.max(0, ...byWindow.values()), scheduled: next.length };
}

export async function companiesBench(xml: Buffer): Promise<void> {
  const sizes = twoSizes(COMPANIES);
  out(
    `\n5. Many companies in one engine (${INVOICES_EACH} invoices each, ${INTERVAL_S / 60}-minute interval): a quiet poll round of every account`,
  );
  const sb = await spawnSandbox();
  try {
    const s = await oneSize(sb.url, xml, sizes[0]);
    const l = await oneSize(sb.url, xml, sizes[1]);
    const perPoll = (r: typeof s, k: number) => r.cpuS / k;
    growthTable(
      'one engine, K accounts',
      [
        { name: 'first round (mirrors every company)', unit: 's', small: s.firstMs / 1000, large: l.firstMs / 1000 },
        { name: 'quiet round: wall time', unit: 's', small: s.wallMs / 1000, large: l.wallMs / 1000 },
        { name: 'quiet round: CPU seconds of the engine', unit: 's', small: s.cpuS, large: l.cpuS },
        { name: 'CPU per account-poll', unit: 'ms', small: perPoll(s, sizes[0]) * 1000, large: perPoll(l, sizes[1]) * 1000 },
        { name: 'requests per round', unit: '', small: s.sent, large: l.sent, digits: 0 },
        { name: 'requests per account-poll', unit: '', small: s.sent / sizes[0], large: l.sent / sizes[1], digits: 1 },
        { name: 'peak RSS during the round', unit: 'MB', small: s.peak / 2 ** 20, large: l.peak / 2 ** 20, digits: 0 },
        { name: 'bridge sync.status every 100 ms: p95', unit: 'ms', small: s.status.p95, large: l.status.p95, digits: 1 },
        { name: 'bridge sync.status: max', unit: 'ms', small: s.status.max, large: l.status.max, digits: 1 },
        { name: 'engine.status() alone, p95', unit: 'ms', small: s.status.ownP95, large: l.status.ownP95, digits: 1 },
        { name: 'engine.status() alone, max', unit: 'ms', small: s.status.ownMax, large: l.status.ownMax, digits: 1 },
        { name: 'next round: most accounts due in one 10 s window', unit: '', small: s.busiest10s, large: l.busiest10s, digits: 0 },
      ],
      sizes,
    );
    const cpuPerPoll = perPoll(l, sizes[1]);
    out(
      `     companies one core keeps at a ${INTERVAL_S / 60}-minute interval with ${CPU_SHARE * 100}% CPU: ${fmt((CPU_SHARE * INTERVAL_S) / cpuPerPoll)} (${fmt(CPU_SHARE * INTERVAL_S)} CPU s per interval / ${fmt(cpuPerPoll * 1000, 1)} ms per account-poll, from n=${fmt(sizes[1])})`,
    );
  } finally {
    await sb.stop();
  }
}
