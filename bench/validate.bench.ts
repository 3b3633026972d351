// Local validation (main/core/validate): the time to the first report (cold: a new worker loads SaxonJS
// and the compiled rules), the time per invoice once warm over every fixture, the 3 MB invoice with its
// embedded attachment, and the memory of the process while 1,000 files are validated.
//   npm run bench -- validate     (or: tsx bench/validate.bench.ts; BENCH_VALIDATE_ROUNDS, BENCH_VALIDATE_N for fewer)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../main/core/engine';
import { MemorySecrets } from '../main/core/secrets';
import { Validator } from '../main/core/validate';
import { parseSvrl } from '../main/core/validate/svrl';
import { buildRules, VENDOR_DIR } from '../scripts/build-rules';
import { VALIDATE_CHUNK_BYTES } from '../shared/bridge/validation';
import { rmAll, rssPeak, statusProbe, tmp } from './harness';
import { largeInvoice, largeInvoiceOfSize } from './large-invoice';
import { fmt } from './support';

const INVOICES = fileURLToPath(new URL('../../shared/fixtures/invoices/', import.meta.url));
const BIG = join(INVOICES, 'en16931-ubl', 'FT G2G_TD01 con Allegato, Bonifico e Split Payment.xml');
const MANY = Number(process.env.BENCH_VALIDATE_N ?? 1_000);
const ROUNDS = Number(process.env.BENCH_VALIDATE_ROUNDS ?? 5);
// The large invoices measured against the reference engine ("0": none); Saxon-HE is Debian's libsaxonhe-java.
const LARGE = (process.env.BENCH_VALIDATE_LARGE ?? '1000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const SAXON_JAR = process.env.SAXON_HE_JAR ?? '/usr/share/java/Saxon-HE.jar';
const JAVA = process.env.JAVA ?? '/usr/bin/java';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;
// The machine is shared with other benchmarks: every figure says what the load was when it was taken.
const load = () => `(load ${loadavg()[0]?.toFixed(2)})`;
const rss = () => process.memoryUsage().rss;

// BENCH_VALIDATE_ONLY=idle,large (a comma list) runs only those parts: idle (the release of idle workers),
// large (a BENCH_VALIDATE_LARGE_MB invoice, 15 MB by default, checked through the bridge while sync.status is asked).
const ONLY = process.env.BENCH_VALIDATE_ONLY?.split(',').map((s) => s.trim());
const IDLE_MS = Number(process.env.BENCH_VALIDATE_IDLE_MS ?? 5_000);

export async function validateBench(out: (line: string) => void): Promise<void> {
  await buildRules();
  const files = readdirSync(INVOICES)
    .flatMap((d) => readdirSync(join(INVOICES, d)).map((f) => join(INVOICES, d, f)))
    .sort();
  out(`\n4. Local validation (${files.length} fixture invoices: UBL, CII, Finvoice)`);
  if (!ONLY || ONLY.includes('idle')) await idleRelease(out);
  if (!ONLY || ONLY.includes('large')) await largeThroughBridge(out);
  if (ONLY) return;

  // Cold: a new validator starts its worker and loads the rule sets the file needs.
  for (const [label, file] of [
    ['Peppol BIS 3 UBL (EN 16931 + Peppol rules)', join(INVOICES, 'peppol-bis3', 'base-example.xml')],
    ['CII (EN 16931 rules)', join(INVOICES, 'en16931-cii', 'CII_example1.xml')],
  ] as const) {
    const cold = new Validator();
    const t0 = performance.now();
    const r = await cold.validate(file);
    const coldMs = performance.now() - t0;
    const t1 = performance.now();
    await cold.validate(file);
    out(
      `   time to first report, cold, ${label}: ${fmt(coldMs)} ms (loading ${r.rulesets.map((s) => s.id).join(' + ')}); the same file warm: ${fmt(performance.now() - t1)} ms ${load()}`,
    );
    await cold.close();
  }

  // Warm, one file at a time, as the app hands them over (bytes: the hot folder and the Validate page):
  // one worker running a file's rule sets one after the other, and the default pool (two workers on
  // two cores) made to run a lone Peppol invoice's EN 16931 and Peppol rules side by side (the app does
  // so only while a core is spare). Each file goes to both in turn, so a change of load on the machine
  // falls on both alike.
  const bytes = new Map(files.map((f) => [f, readFileSync(f)]));
  const setups = [
    { label: 'one worker', v: new Validator({ workers: 1 }) },
    { label: 'default pool, side by side', v: new Validator({ sideBySide: true }) },
  ];
  for (const { v } of setups) for (const f of files) await v.validate(bytes.get(f) as Buffer, { name: f });
  const all = setups.map(() => [] as number[]);
  // CPU time of the whole process (its worker threads included) per validation: unlike the time on the
  // clock it hardly grows when other processes share the cores, so it shows what a file costs on an idle machine.
  const cpu = setups.map(() => [] as number[]);
  const per = setups.map(() => new Map<string, number[]>());
  for (let round = 0; round < ROUNDS; round++)
    for (const f of files)
      for (const [k, { v }] of setups.entries()) {
        const c = process.cpuUsage();
        const t = performance.now();
        const r = await v.validate(bytes.get(f) as Buffer, { name: f });
        const ms = performance.now() - t;
        const used = process.cpuUsage(c);
        all[k]?.push(ms);
        cpu[k]?.push((used.user + used.system) / 1000);
        const key = r.rulesets.map((s) => s.id).join(' + ');
        per[k]?.set(key, [...(per[k]?.get(key) ?? []), ms]);
      }
  for (const [k, { label, v }] of setups.entries()) {
    const xs = all[k] ?? [];
    out(
      `   per invoice, warm, ${label} (${v.poolSize} worker${v.poolSize > 1 ? 's' : ''}), ${fmt(xs.length)} validations: median ${fmt(quantile(xs, 0.5), 1)} ms, p95 ${fmt(quantile(xs, 0.95), 1)} ms (goal: under 30 ms); CPU per validation, all threads: median ${fmt(quantile(cpu[k] ?? [], 0.5), 1)} ms, p95 ${fmt(quantile(cpu[k] ?? [], 0.95), 1)} ms ${load()}`,
    );
    for (const [key, ys] of [...(per[k] ?? [])].sort())
      out(
        `     ${key.padEnd(30)} ${String(ys.length / ROUNDS).padStart(3)} files: median ${fmt(quantile(ys, 0.5), 1)} ms, p95 ${fmt(quantile(ys, 0.95), 1)} ms`,
      );
  }

  const bigBytes = readFileSync(BIG);
  for (const { label, v } of setups) {
    const big: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const r = await v.validate(bigBytes, { name: BIG });
      big.push(performance.now() - t);
      if (!r.valid) throw new Error(`${BIG} is not valid: ${r.issues.map((x) => x.id).join(', ')}`);
    }
    out(
      `   the ${mb(bigBytes.length)} invoice with an embedded attachment, warm, ${label}: median ${fmt(quantile(big, 0.5))} ms, worst ${fmt(Math.max(...big))} ms (goal: under 500 ms) ${load()}`,
    );
  }
  await Promise.all(setups.map(({ v }) => v.close()));

  await memoryPerRuleset(out);
  for (const lines of LARGE) await againstSaxonHe(out, lines);
  // 1,000 files queued at once, only their paths waiting: the default limits against the old ones
  // (2,048 MB of heap per worker, replaced past 1,024 MB), one after the other in the same run.
  for (const [label, o] of [
    ['default pool', {}],
    ['default pool, old limits (2,048 MB heap)', { workerMemoryMb: 2048, recycleMb: 1024 }],
  ] as const)
    await many(out, label, new Validator(o), files);
}

/**
 * A large invoice handed to the bridge's validate.start/chunk/finish as the Validate page sends it, while
 * sync.status is asked every 10 ms (the UI's question): whether the engine keeps answering (goal: p95
 * under 100 ms) while the check runs in its workers, and the process's peak RSS meanwhile.
 */
async function largeThroughBridge(out: (line: string) => void): Promise<void> {
  const { xml, lines } = largeInvoiceOfSize(
    join(INVOICES, 'peppol-bis3', 'base-example.xml'),
    Number(process.env.BENCH_VALIDATE_LARGE_MB ?? 15) * 1024 * 1024,
  );
  const dataDir = await tmp('validate-large-bench-');
  const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
  const before = rss();
  const peak = rssPeak();
  const probe = statusProbe(engine, dataDir, 10);
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const r = await probe.bridge.dispatch(name as 'sync.status', input as never);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as T;
  };
  // The progress the Validate page is pushed (issue 41, item 2): how often, whether it only grows, and where it ends.
  const told: { at: number; percent: number; phase: string }[] = [];
  const off = engine.events.on('check', (c) => told.push({ at: performance.now(), percent: c.percent, phase: c.phase }));
  const t0 = performance.now();
  const { uploadId } = await call<{ uploadId: string }>('validate.start', { name: 'large.xml', size: xml.length });
  for (let offset = 0; offset < xml.length; offset += VALIDATE_CHUNK_BYTES)
    await call('validate.chunk', { uploadId, offset, base64: xml.subarray(offset, offset + VALIDATE_CHUNK_BYTES).toString('base64') });
  const view = await call<{ report: { status: string; problem: string | null; issues: unknown[] } }>('validate.finish', { uploadId });
  const ms = performance.now() - t0;
  off();
  const status = await probe.stop();
  const grows = told.every((x, i) => i === 0 || x.percent >= (told[i - 1]?.percent ?? 0));
  const gaps = told.slice(1).map((x, i) => x.at - (told[i]?.at ?? x.at));
  const phases = [...new Set(told.map((x) => x.phase))].join(' > ');
  const halfway = told.find((x) => x.percent >= 50);
  const top = peak.stop();
  out(
    `   a ${mb(xml.length)} UBL invoice (${fmt(lines)} lines) through the bridge: ${fmt(ms / 1000, 1)} s, ${view.report.status}${view.report.problem ? ` (${view.report.problem})` : `, ${fmt(view.report.issues.length)} findings`}; sync.status every 10 ms meanwhile: p50 ${fmt(status.p50, 1)} ms, p95 ${fmt(status.p95, 1)} ms (goal: under 100 ms), max ${fmt(status.max, 1)} ms over ${fmt(status.calls)} calls; RSS ${mb(before)} -> peak ${mb(top)} ${load()}`,
  );
  out(
    `   its progress: ${fmt(told.length)} events (${phases}), ${grows ? 'only growing' : 'NOT monotonic'}, last ${told.at(-1)?.percent ?? '-'} %, longest gap ${fmt(Math.max(0, ...gaps) / 1000, 1)} s; 50 % told at ${halfway ? fmt((halfway.at - t0) / 1000, 1) : '-'} s of ${fmt(ms / 1000, 1)} s`,
  );
  await engine.stop();
  await rmAll(dataDir);
}

/**
 * The process's RSS with the default pool before a check, right after one, and once its workers were
 * released for want of work (the app's default waits a minute, IDLE_RELEASE_MS; here BENCH_VALIDATE_IDLE_MS,
 * the same code path), then the first check after the release (its rules loaded again) against a warm one.
 */
async function idleRelease(out: (line: string) => void): Promise<void> {
  const file = readFileSync(join(INVOICES, 'peppol-bis3', 'base-example.xml'));
  const v = new Validator({ idleMs: IDLE_MS });
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const before = rss();
  let t = performance.now();
  await v.validate(file);
  const coldMs = performance.now() - t;
  t = performance.now();
  await v.validate(file);
  const warmMs = performance.now() - t;
  await settle();
  const loaded = rss();
  while (v.threads > 0) await new Promise((r) => setTimeout(r, 100));
  (globalThis as { gc?: () => void }).gc?.();
  await settle();
  const released = rss();
  t = performance.now();
  await v.validate(file);
  const againMs = performance.now() - t;
  await settle();
  out(
    `   idle release (default pool, Peppol fixture): RSS before ${mb(before)}, after a check ${mb(loaded)}, after the workers were released (${fmt(IDLE_MS / 1000, 1)} s idle) ${mb(released)}, after the next check ${mb(rss())}; first check ${fmt(coldMs)} ms, warm ${fmt(warmMs, 1)} ms, first check after the release ${fmt(againMs)} ms ${load()}`,
  );
  await v.close();
}

/** The process's RSS (the workers are its threads) before and after each rule set is first used, on one worker. */
async function memoryPerRuleset(out: (line: string) => void): Promise<void> {
  const one = new Validator({ workers: 1 });
  let before = rss();
  const steps: string[] = [`start ${mb(before)}`];
  for (const [label, file] of [
    ['EN16931-UBL', join(INVOICES, 'en16931-ubl', 'guide-example1.xml')],
    ['+ PEPPOL-BIS3-UBL', join(INVOICES, 'peppol-bis3', 'base-example.xml')],
    ['+ EN16931-CII', join(INVOICES, 'en16931-cii', 'CII_example1.xml')],
  ] as const) {
    await one.validate(file);
    await new Promise((r) => setTimeout(r, 200));
    const now = rss();
    steps.push(`${label} ${mb(now)} (+${mb(now - before)})`);
    before = now;
  }
  await one.close();
  await new Promise((r) => setTimeout(r, 500));
  steps.push(`worker stopped ${mb(rss())}`);
  out(`   memory, one worker, process RSS as rule sets load: ${steps.join(', ')} ${load()}`);
}

/**
 * A large invoice, our complete check (EN 16931 + Peppol, a warm validator as the app has one) against
 * Saxon-HE running the official EN 16931 UBL stylesheet alone (a new JVM each time, as a user runs it),
 * taken in turn three times so a change of load falls on both; the medians, their ratio, our peak RSS,
 * and whether both found the same EN 16931 rules broken at the same places.
 */
export async function againstSaxonHe(out: (line: string) => void, lines: number): Promise<void> {
  const haveJava = existsSync(JAVA) && existsSync(SAXON_JAR);
  const dir = mkdtempSync(join(tmpdir(), 'validate-bench-'));
  const file = join(dir, `invoice-${lines}-lines.xml`);
  const xml = largeInvoice(join(INVOICES, 'peppol-bis3', 'base-example.xml'), lines);
  writeFileSync(file, xml);
  const ours = new Validator({ timeoutMs: 30 * 60_000 });
  await ours.validate(join(INVOICES, 'peppol-bis3', 'base-example.xml'));
  const oursMs: number[] = [];
  const saxonMs: number[] = [];
  let peak = rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  let ourKeys: string[] = [];
  let saxonKeys: string[] = [];
  const loads: string[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      loads.push(loadavg()[0]?.toFixed(2) ?? '?');
      const t = performance.now();
      const r = await ours.validate(file);
      oursMs.push(performance.now() - t);
      if (r.problem) throw new Error(`the ${lines}-line invoice was not validated: ${r.problem}`);
      ourKeys = r.issues
        .filter((i) => i.ruleset === 'EN16931-UBL')
        .map((i) => `${i.id} ${i.xpath}`)
        .sort();
      if (!haveJava) continue;
      const svrl = join(dir, 'saxon.svrl');
      const t1 = performance.now();
      const p = spawnSync(
        JAVA,
        [
          '-cp',
          SAXON_JAR,
          'net.sf.saxon.Transform',
          `-s:${file}`,
          `-xsl:${join(VENDOR_DIR, 'en16931', 'EN16931-UBL-validation.xslt')}`,
          `-o:${svrl}`,
        ],
        { encoding: 'utf8' },
      );
      saxonMs.push(performance.now() - t1);
      if (p.status !== 0) throw new Error(`Saxon-HE failed (${p.status}): ${p.stderr}`);
      saxonKeys = parseSvrl(readFileSync(svrl, 'utf8'))
        .map((f) => `${f.id} ${f.location}`)
        .sort();
    }
  } finally {
    clearInterval(sampler);
    await ours.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const a = quantile(oursMs, 0.5);
  const size = `${fmt(lines)} lines (${mb(Buffer.byteLength(xml))})`;
  if (!haveJava) {
    out(
      `   ${size}, EN 16931 + Peppol: median of 3 ${fmt(a)} ms, peak RSS ${mb(peak)}; no Saxon-HE at ${SAXON_JAR} to compare with ${load()}`,
    );
    return;
  }
  const b = quantile(saxonMs, 0.5);
  const same = ourKeys.length === saxonKeys.length && ourKeys.every((k, i) => k === saxonKeys[i]);
  out(
    `   ${size}: ours (EN 16931 + Peppol) median of 3 ${fmt(a)} ms [${oursMs.map((x) => fmt(x)).join(', ')}], Saxon-HE (EN 16931 alone) ${fmt(b)} ms [${saxonMs.map((x) => fmt(x)).join(', ')}]: ${fmt(a / b, 2)}x the reference (goal: at most 0.5x); peak RSS ${mb(peak)} (goal: under 300 MB); EN 16931 findings ${same ? `the same (${ourKeys.length})` : `DIFFER (ours ${ourKeys.length}, Saxon-HE ${saxonKeys.length})`} (load at each round ${loads.join(', ')}) ${load()}`,
  );
}

async function many(out: (line: string) => void, label: string, v: Validator, files: string[]): Promise<void> {
  const base = rss();
  let peak = base;
  const marks: string[] = [];
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: MANY }, (_, i) =>
      v.validate(files[i % files.length] as string).then(() => {
        done++;
        if (done % (MANY / 4) === 0) marks.push(`${fmt(done)}: ${mb(rss())}`);
      }),
    ),
  );
  clearInterval(sampler);
  const ms = performance.now() - t0;
  out(
    `   ${fmt(MANY)} files, ${label} (${v.poolSize} workers): ${fmt(ms / 1000, 1)} s, ${fmt(ms / MANY, 1)} ms per file; RSS before ${mb(base)}, peak ${mb(peak)}; after ${marks.join(', ')} ${load()}`,
  );
  await v.close();
  await new Promise((r) => setTimeout(r, 500));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await validateBench((s) => process.stdout.write(`${s}\n`));
}
