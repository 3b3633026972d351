import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { Agent, request } from 'undici';
import { Engine } from '../main/core/engine';
import { MemorySecrets } from '../main/core/secrets';
import { adminCompany, fmt, spawnSandbox, tokenFor } from './support';
import { validateBench } from './validate.bench';

// npm run bench: the sync engine against the sandbox on loopback (figures for the issue note).
const FIXTURE = new URL('../../shared/fixtures/invoices/peppol-bis3/base-example.xml', import.meta.url);
const MIRROR_N = Number(process.env.BENCH_MIRROR ?? 10_000);
const DROP_N = Number(process.env.BENCH_DROP ?? 1_000);
const CONCURRENCY = 4;
const out = (s: string) => process.stdout.write(`${s}\n`);

async function deliverMany(url: string, companyId: string, n: number, xml: Buffer): Promise<void> {
  const limit = pLimit(8);
  const start = Date.now() - n * 1000;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      limit(async () => {
        const fd = new FormData();
        const body = xml.toString('utf8').replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>M-${i}</cbc:ID>`);
        fd.append('file', new Blob([body], { type: 'application/xml' }), `m${i}.xml`);
        fd.append('received_at', new Date(start + i * 1000).toISOString());
        const res = await fetch(`${url}/__sandbox/companies/${companyId}/received-invoices`, { method: 'POST', body: fd });
        if (res.status !== 201) throw new Error(`deliver failed: ${res.status}`);
      }),
    ),
  );
}

async function tmp(prefix: string) {
  return mkdtemp(join(tmpdir(), prefix));
}

const counter = { requests: 0 };
function engineOn(dataDir: string) {
  return new Engine({
    dataDir,
    secrets: new MemorySecrets(),
    runner: {
      watch: false,
      stableMs: 200,
      downloadConcurrency: CONCURRENCY,
      uploadConcurrency: CONCURRENCY,
      transport: { onRequest: () => void counter.requests++ },
    },
  });
}

/** The same pages and files the engine fetches, with plain undici at the same concurrency. */
async function plainFetch(url: string, token: string, n: number): Promise<number> {
  const agent = new Agent({ connections: 8 });
  const t0 = performance.now();
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await request(`${url}/v1/invoices?direction=RECEIVED&sort[]=received_at&per_page=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
      dispatcher: agent,
    });
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
          await res.body.arrayBuffer();
        }),
      ),
    ),
  );
  await agent.close();
  if (ids.length !== n) throw new Error(`plain fetch saw ${ids.length} invoices, expected ${n}`);
  return performance.now() - t0;
}

async function mirrorBench(xml: Buffer) {
  const sb = await spawnSandbox();
  try {
    const company = await adminCompany(sb.url);
    out(`\n1. Initial mirror of ${fmt(MIRROR_N)} received invoices (XML + PDF each), concurrency ${CONCURRENCY}`);
    const t0 = performance.now();
    await deliverMany(sb.url, company.company_id, MIRROR_N, xml);
    out(`   seeding the sandbox: ${fmt((performance.now() - t0) / 1000, 1)} s`);
    const token = await tokenFor(sb.url, company);
    // A first pass makes the sandbox generate (and keep) every PDF image, as the service has them
    // already: neither measured run then pays for generating them.
    const warmMs = await plainFetch(sb.url, token, MIRROR_N);
    out(`   warm-up pass (the sandbox generates the PDF images): ${fmt(warmMs / 1000, 1)} s`);
    const plainMs = await plainFetch(sb.url, token, MIRROR_N);
    const data = await tmp('bench-data-');
    const root = await tmp('bench-root-');
    const engine = engineOn(data);
    await engine.addAccount({
      name: 'Bench',
      environment: 'sandbox',
      url: sb.url,
      companyId: company.company_id,
      root,
      apiKey: company.api_key,
    });
    const t1 = performance.now();
    const report = await engine.syncOnce();
    const engineMs = performance.now() - t1 - 200; // less the one stability wait of --once
    // New accounts file by year and month: count the files in the subfolders too.
    const files = (await readdir(join(root, 'Inbox', 'Invoices'), { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    ).length;
    out(`   plain undici fetch of the same pages and files: ${fmt(plainMs / 1000, 2)} s`);
    out(
      `   engine mirror (SQLite rows, FTS, atomic file writes): ${fmt(engineMs / 1000, 2)} s, ${fmt(files)} files, ok=${[...report.values()].every((r) => r.ok)}`,
    );
    out(`   ratio engine / plain: ${fmt(engineMs / plainMs, 2)} (goal: at most 1.30)`);
    await engine.stop();
    await rm(data, { recursive: true, force: true });
    await rm(root, { recursive: true, force: true });
  } finally {
    await sb.stop();
  }
}

async function pollBench(xml: Buffer) {
  const sb = await spawnSandbox();
  try {
    const company = await adminCompany(sb.url);
    await deliverMany(sb.url, company.company_id, 10, xml);
    out('\n2. A poll with nothing new, by the size of the local mirror (mean of 40 polls)');
    const results: number[] = [];
    for (const size of [1_000, 100_000]) {
      const data = await tmp('bench-poll-');
      const root = await tmp('bench-poll-root-');
      const engine = engineOn(data);
      const account = await engine.addAccount({
        name: 'Poll',
        environment: 'sandbox',
        url: sb.url,
        companyId: company.company_id,
        root,
        apiKey: company.api_key,
      });
      await engine.syncOnce();
      // Fill the mirror with older invoices directly, as if mirrored long ago.
      engine.store.transaction(() => {
        for (let i = 0; i < size; i++) {
          engine.store.invoices.upsert(account.id, 'RECEIVED', {
            id: `old-${i}`,
            number: `OLD-${i}`,
            status: 'DELIVERED',
            sender: { name: `Supplier ${i % 500} Oy` },
            received_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
          });
          engine.store.invoices.setDetect(account.id, `old-${i}`, 'OK', []);
        }
      });
      let requests = 0;
      const times: number[] = [];
      for (let i = 0; i < 45; i++) {
        const before = counter.requests;
        const t = performance.now();
        const r = await engine.pollOnce(account.id);
        if (!r.ok) throw new Error(r.problems.join('; '));
        if (i >= 5) times.push(performance.now() - t);
        requests = counter.requests - before;
      }
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      results.push(mean);
      out(`   ${fmt(size).padStart(7)} mirrored: ${fmt(mean, 2)} ms per poll, ${requests} requests per poll`);
      await engine.stop();
      await rm(data, { recursive: true, force: true });
      await rm(root, { recursive: true, force: true });
    }
    out(`   ratio 100,000 / 1,000: ${fmt((results[1] ?? 0) / (results[0] ?? 1), 2)} (goal: under 1.20)`);
  } finally {
    await sb.stop();
  }
}

/** One drop of DROP_N files into a new account, with the folder's validation option as given. */
async function dropOnce(url: string, xml: Buffer, validation: 'off' | 'block'): Promise<{ ms: number; sent: number; peak: number }> {
  const company = await adminCompany(url);
  const data = await tmp('bench-drop-');
  const root = await tmp('bench-drop-root-');
  const engine = engineOn(data);
  const account = await engine.addAccount({
    name: 'Drop',
    environment: 'sandbox',
    url,
    companyId: company.company_id,
    root,
    apiKey: company.api_key,
  });
  engine.setFolderOptions(account.id, 'Outbox/Invoices', { validation });
  for (let i = 0; i < DROP_N; i++) {
    await writeFile(
      join(root, 'Outbox', 'Invoices', `drop-${i}.xml`),
      xml.toString('utf8').replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>DROP-${i}</cbc:ID>`),
    );
  }
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  await engine.syncOnce();
  const ms = performance.now() - t0 - 200;
  clearInterval(sampler);
  const sent = (await readdir(join(root, 'Sent'))).length;
  await engine.stop();
  await rm(data, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
  return { ms, sent, peak };
}

/**
 * The same DROP_N files dropped with the folder's validation off and with block (the default for
 * invoices): the difference is what validation adds per file to a drop. Off first, so the block run
 * also pays the validator's cold start, as a real first drop does.
 */
async function dropBench(xml: Buffer) {
  const sb = await spawnSandbox();
  try {
    out(`\n3. ${fmt(DROP_N)} files dropped into Outbox/Invoices at once`);
    const runs = { off: await dropOnce(sb.url, xml, 'off'), block: await dropOnce(sb.url, xml, 'block') };
    for (const [mode, r] of Object.entries(runs))
      out(
        `   validation=${mode.padEnd(5)} sent ${fmt(r.sent)} of ${fmt(DROP_N)} in ${fmt(r.ms / 1000, 2)} s: ${fmt(r.ms / DROP_N, 2)} ms per file; peak RSS ${fmt(r.peak / 1024 / 1024)} MB`,
      );
    out(
      `   validation adds ${fmt((runs.block.ms - runs.off.ms) / DROP_N, 2)} ms per file (block / off: ${fmt(runs.block.ms / runs.off.ms, 2)})`,
    );
  } finally {
    await sb.stop();
  }
}

const xml = await readFile(FIXTURE);
const only = process.argv[2];
if (!only || only === 'mirror') await mirrorBench(xml);
if (!only || only === 'poll') await pollBench(xml);
if (!only || only === 'drop') await dropBench(xml);
if (!only || only === 'validate') await validateBench(out);
