// Where an invoices.list answer's time goes over the headless host, next to the dispatcher in-process
// on the same mirror (issue 14 item 3):  node --import tsx test/e2e/list-http.bench.ts
// Each keystroke prefix of the speed bench's queries is asked as the renderer asks it (first page of
// 100), in process (dispatch), over loopback HTTP (POST /bridge/invoices.list, as the page does), and
// its answer's JSON.stringify alone. LIST_HTTP_N sets the mirror's size (default 100,000). As in the
// speed bench, a first mirror's 220 newest invoices hold the lowest row ids, the seeded years after them.
import { Agent, request } from 'undici';
import { BENCH_HOST, engineOn, out, quantile, rmAll, tmp } from '../../bench/harness';
import { SEARCH_QUERIES, seedInvoices } from '../../bench/seed-mirror';
import { createBridgeServer } from '../../main/core/bridge';
import { startWebHost } from '../../main/core/host/server';
import { WRITER } from '../../main/core/store/writer';
import { invoice } from '../unit/store/invoice-fixtures';

const N = Number(process.env.LIST_HTTP_N ?? 100_000);
const pct = (xs: number[], p: number) => quantile(xs, p / 100);
const line = (name: string, xs: number[]) => out(`  ${name.padEnd(34)} p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms`);

const data = await tmp('list-http-');
const engine = engineOn(data);
const account = await engine.addAccount(
  {
    name: 'Mirror',
    environment: 'sandbox',
    url: 'http://127.0.0.1:9',
    companyId: '00000000-0000-4000-8000-000000000001',
    root: `${data}/root`,
    apiKey: 'bench',
  },
  false,
);
engine[WRITER].transaction(() => {
  for (let i = 0; i < 220; i++)
    engine[WRITER].invoices.upsert(account.id, 'RECEIVED', {
      ...invoice(`first-${i}`, { number: `INV-F${i}`, sender: { name: `Kuljetus Nordic ${i} Oy` } }),
      received_at: new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString(),
    });
});
seedInvoices(engine[WRITER], account.id, N);
const bridge = createBridgeServer({ engine, dataDir: data, host: BENCH_HOST });
const web = await startWebHost({ bridge, rendererDir: `${data}/none`, token: 't'.repeat(43) });
const agent = new Agent({ connections: 1 });
const inputs: unknown[] = [{ accountId: account.id, filter: { direction: 'RECEIVED' }, limit: 100 }];
for (const q of SEARCH_QUERIES)
  for (let i = 1; i <= q.length; i++)
    inputs.push({ accountId: account.id, filter: { direction: 'RECEIVED', query: q.slice(0, i) }, limit: 100 });

const inProc: number[] = [];
const slowest = new Map<string, number>();
const stringify: number[] = [];
const http: number[] = [];
const bytes: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const input of inputs) {
    let t = performance.now();
    const r = await bridge.dispatch('invoices.list', input);
    inProc.push(performance.now() - t);
    const q = (input as { filter: { query?: string } }).filter.query ?? '(none)';
    slowest.set(q, Math.max(slowest.get(q) ?? 0, performance.now() - t));
    t = performance.now();
    const body = JSON.stringify(r);
    stringify.push(performance.now() - t);
    bytes.push(body.length);
    t = performance.now();
    const res = await request(`${web.url}/bridge/invoices.list`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${web.token}`, origin: web.url, host: `127.0.0.1:${web.port}` },
      body: JSON.stringify(input),
    });
    await res.body.text();
    http.push(performance.now() - t);
  }
}
out(`invoices.list, ${inputs.length} queries x 3 at ${N.toLocaleString('en-US')} invoices (first page of 100)`);
line('dispatcher in-process', inProc);
line('JSON.stringify of the answer', stringify);
line('HTTP over loopback (undici)', http);
out(
  `  slowest in process: ${[...slowest]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([q, t]) => `"${q}" ${t.toFixed(1)} ms`)
    .join(', ')}`,
);
out(`  answer size p50 ${pct(bytes, 50)} bytes, p95 ${pct(bytes, 95)} bytes`);
await agent.close();
await web.close();
bridge.close();
await engine.stop();
await rmAll(data);
