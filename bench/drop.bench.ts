import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { Agent, FormData, request } from 'undici';
import { CONCURRENCY, engineOn, growthTable, out, rmAll, rssPeak, sizeFrom, statusProbe, tmp, twoSizes } from './harness';
import { adminCompany, spawnSandbox, tokenFor } from './support';

// 3. N files dropped into Outbox/Invoices at once: time per file against a plain upload loop of the
// same files at the same concurrency, the process's peak RSS, and a bridge `sync.status` every 100 ms
// while the engine sends them. At N/10 and N.
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

/** The plain loop: each file read and POSTed as multipart with its own uuid (the engine's idempotency key). */
async function plainUpload(url: string, token: string, files: string[]): Promise<number> {
  const agent = new Agent({ connections: 8 });
  const limit = pLimit(CONCURRENCY);
  const t0 = performance.now();
  await Promise.all(
    files.map((f) =>
      limit(async () => {
        const form = new FormData();
        form.append('file', new Blob([await readFile(f)]), f.slice(f.lastIndexOf('/') + 1));
        form.append('uuid', randomUUID());
        const res = await request(`${url}/v1/invoices`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          body: form,
          dispatcher: agent,
        });
        const body = await res.body.text();
        if (res.statusCode >= 300) throw new Error(`plain upload: HTTP ${res.statusCode} ${body.slice(0, 200)}`);
      }),
    ),
  );
  const ms = performance.now() - t0;
  await agent.close();
  return ms;
}

/** One drop of n files into a new account, with the folder's validation option as given. */
async function engineDrop(url: string, xml: Buffer, n: number, validation: 'off' | 'block') {
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
  await writeDrop(join(root, 'Outbox', 'Invoices'), xml, n, `DROP${validation}${n}`);
  const rss = rssPeak();
  const probe = statusProbe(engine, data);
  const t0 = performance.now();
  const report = await engine.syncOnce();
  const engineMs = performance.now() - t0 - 200; // less the one stability wait of --once
  const status = await probe.stop();
  const peak = rss.stop();
  const sent = (await readdir(join(root, 'Sent'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
  await engine.stop();
  await rmAll(data, root);
  if (sent !== n) throw new Error(`sent ${sent} of ${n} (${[...report.values()].flatMap((r) => r.problems).join('; ')})`);
  return { engineMs, peak, status };
}

/**
 * The plain loop, then the engine with the folder's validation off and with block (the default for
 * invoices, what a user gets): their difference is what validation adds per file. Off first, so the
 * block run also pays the validator's cold start, as a real first drop does.
 */
async function oneSize(url: string, xml: Buffer, n: number) {
  // On a company of its own, from files on disk as the engine reads them.
  const plainCompany = await adminCompany(url);
  const plainDir = await tmp('bench-plain-');
  const plainMs = await plainUpload(url, await tokenFor(url, plainCompany), await writeDrop(plainDir, xml, n, `PLAIN${n}`));
  await rmAll(plainDir);
  const off = await engineDrop(url, xml, n, 'off');
  const block = await engineDrop(url, xml, n, 'block');
  return { plainMs, off, block };
}

export async function dropBench(xml: Buffer): Promise<void> {
  const sizes = twoSizes(DROP_N);
  out(`\n3. Files dropped into Outbox/Invoices at once, concurrency ${CONCURRENCY} (a fresh process: RSS is this section's)`);
  const sb = await spawnSandbox();
  try {
    const s = await oneSize(sb.url, xml, sizes[0]);
    const l = await oneSize(sb.url, xml, sizes[1]);
    growthTable(
      'engine against a plain upload loop (same files, multipart POST /v1/invoices with a uuid each)',
      [
        { name: 'plain upload loop per file', unit: 'ms', small: s.plainMs / sizes[0], large: l.plainMs / sizes[1] },
        { name: 'engine per file, validation off', unit: 'ms', small: s.off.engineMs / sizes[0], large: l.off.engineMs / sizes[1] },
        {
          name: 'engine per file, validation block (default)',
          unit: 'ms',
          small: s.block.engineMs / sizes[0],
          large: l.block.engineMs / sizes[1],
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
        { name: 'ratio engine (block) / plain', unit: 'x', small: s.block.engineMs / s.plainMs, large: l.block.engineMs / l.plainMs },
        {
          name: 'peak RSS, block run (goal: under 150)',
          unit: 'MB',
          small: s.block.peak / 2 ** 20,
          large: l.block.peak / 2 ** 20,
          digits: 0,
        },
        {
          name: 'bridge sync.status every 100 ms: p95 (goal: 100)',
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
  } finally {
    await sb.stop();
  }
}
