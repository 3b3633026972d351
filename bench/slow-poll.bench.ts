import { rename, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RUNNER_OPTIONS } from '../main/core/sync/account-runner';
import { engineOn, median, out, rmAll, tmp } from './harness';
import { adminCompany, fmt, spawnSandbox } from './support';

// Drop-to-sent while the account's poll is slow (issue 36): the sandbox holds every invoice list
// request (received and sent) for BENCH_SLOW_LIST_MS (8 s) by a latency rule on that route alone,
// and a file is dropped into the Outbox just after a poll has asked for the list. The long-running
// engine, its watcher on, the default stability wait: a file should be sent within that wait and a
// second, not after the poll.
const LIST_MS = Number(process.env.BENCH_SLOW_LIST_MS ?? 8_000);
const ROUNDS = Number(process.env.BENCH_SLOW_ROUNDS ?? 5);

export async function slowPollBench(xml: Buffer): Promise<void> {
  const sb = await spawnSandbox();
  const data = await tmp('bench-slow-data-');
  const root = await tmp('bench-slow-root-');
  const staged = await tmp('bench-slow-staged-');
  const listAsked = new Set<() => void>();
  const engine = engineOn(data, {
    watch: true,
    stableMs: DEFAULT_RUNNER_OPTIONS.stableMs,
    transport: {
      onRequest: (m, u) => {
        if (m !== 'GET' || u.pathname !== '/v1/invoices') return;
        for (const f of listAsked) f();
        listAsked.clear();
      },
    },
  });
  try {
    const company = await adminCompany(sb.url);
    const account = await engine.addAccount({
      name: 'Slow poll',
      environment: 'sandbox',
      url: sb.url,
      companyId: company.company_id,
      root,
      apiKey: company.api_key,
    });
    await engine.start();
    await engine.events.waitFor('synced', (p) => p.accountId === account.id, 60_000);
    // One file first, untimed, as an engine that has run a while meets a drop: the validator's rules
    // loaded (a few seconds cold, whatever the poll does) and the upload's connection open.
    const warm = engine.events.waitFor('sent', (p) => p.file.endsWith('warm.xml'), 120_000);
    await writeFile(
      join(root, 'Outbox', 'Invoices', 'warm.xml'),
      xml.toString('utf8').replace('<cbc:ID>Snippet1</cbc:ID>', '<cbc:ID>WARM</cbc:ID>'),
    );
    await warm;
    const rule = { action: 'latency', latency_ms: LIST_MS, method: 'GET', path: '^/v1/invoices$' };
    const res = await fetch(`${sb.url}/__sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([rule]),
    });
    if (!res.ok) throw new Error(`the sandbox refused the latency rule: HTTP ${res.status}`);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const name = `slow-${i}.xml`;
      await writeFile(join(staged, name), xml.toString('utf8').replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>SLOW-${i}</cbc:ID>`));
      // A poll asked now, and the drop as soon as it waits on the slow list.
      const asked = new Promise<void>((r) => listAsked.add(r));
      engine.syncNow(account.id);
      await asked;
      const sent = engine.events.waitFor('sent', (p) => p.file.endsWith(name), 120_000);
      const t0 = performance.now();
      await rename(join(staged, name), join(root, 'Outbox', 'Invoices', name));
      await sent;
      times.push(performance.now() - t0);
      // The poll this round started ends before the next round asks for one.
      await engine.events.waitFor('synced', (p) => p.accountId === account.id, 120_000);
    }
    out(`\n== drop-to-sent while a poll waits on an invoice list slowed to ${fmt(LIST_MS / 1000, 1)} s (${ROUNDS} drops, one file each)`);
    out(`   stability wait ${fmt(DEFAULT_RUNNER_OPTIONS.stableMs / 1000, 1)} s; goal: within it and 1 s`);
    out(`   each (s): ${times.map((t) => fmt(t / 1000, 2)).join(', ')}`);
    out(`   median ${fmt(median(times) / 1000, 2)} s, max ${fmt(Math.max(...times) / 1000, 2)} s`);
    out(
      `   load average when done: ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
    );
  } finally {
    await engine.stop();
    await sb.stop();
    await rmAll(data, root, staged);
  }
}
