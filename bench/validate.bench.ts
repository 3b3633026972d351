// Local validation (main/core/validate): the time to the first report (cold: a new worker loads SaxonJS
// and the compiled rules), the time per invoice once warm over every fixture, the 3 MB invoice with its
// embedded attachment, and the memory of the process while 1,000 files are validated.
//   npm run bench -- validate     (or: tsx bench/validate.bench.ts)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '../main/core/validate';
import { buildRules } from '../scripts/build-rules';
import { fmt } from './support';

const INVOICES = fileURLToPath(new URL('../../shared/fixtures/invoices/', import.meta.url));
const BIG = join(INVOICES, 'en16931-ubl', 'FT G2G_TD01 con Allegato, Bonifico e Split Payment.xml');
const MANY = Number(process.env.BENCH_VALIDATE_N ?? 1_000);
const ROUNDS = 5;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

export async function validateBench(out: (line: string) => void): Promise<void> {
  await buildRules();
  const files = readdirSync(INVOICES)
    .flatMap((d) => readdirSync(join(INVOICES, d)).map((f) => join(INVOICES, d, f)))
    .sort();
  out(`\n4. Local validation (${files.length} fixture invoices: UBL, CII, Finvoice)`);

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
      `   time to first report, cold, ${label}: ${fmt(coldMs)} ms (loading ${r.rulesets.map((s) => s.id).join(' + ')}); the same file warm: ${fmt(performance.now() - t1)} ms`,
    );
    await cold.close();
  }

  // Warm: one worker with every rule set loaded, each fixture ROUNDS times, one at a time.
  const one = new Validator({ workers: 1 });
  for (const f of files) await one.validate(f);
  const per = new Map<string, number[]>();
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const f of files) {
      const t = performance.now();
      const r = await one.validate(f);
      const ms = performance.now() - t;
      all.push(ms);
      const key = r.rulesets.map((s) => s.id).join(' + ');
      per.set(key, [...(per.get(key) ?? []), ms]);
    }
  out(
    `   per invoice, warm, one worker, ${fmt(all.length)} validations: median ${fmt(quantile(all, 0.5), 1)} ms, p95 ${fmt(quantile(all, 0.95), 1)} ms (goal: under 30 ms)`,
  );
  for (const [key, xs] of [...per].sort())
    out(
      `     ${key.padEnd(30)} ${String(xs.length / ROUNDS).padStart(3)} files: median ${fmt(quantile(xs, 0.5), 1)} ms, p95 ${fmt(quantile(xs, 0.95), 1)} ms`,
    );

  const big: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const r = await one.validate(BIG);
    big.push(performance.now() - t);
    if (!r.valid) throw new Error(`${BIG} is not valid: ${r.issues.map((x) => x.id).join(', ')}`);
  }
  out(
    `   the ${mb(readFileSync(BIG).length)} invoice with an embedded attachment, warm: median ${fmt(quantile(big, 0.5))} ms, worst ${fmt(Math.max(...big))} ms (goal: under 500 ms)`,
  );
  await one.close();

  // 1,000 files queued at once on two workers: only their paths wait, the memory stays flat.
  const two = new Validator({ workers: 2 });
  const base = process.memoryUsage().rss;
  let peak = base;
  const marks: string[] = [];
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: MANY }, (_, i) =>
      two.validate(files[i % files.length] as string).then(() => {
        done++;
        if (done % (MANY / 4) === 0) marks.push(`${fmt(done)}: ${mb(process.memoryUsage().rss)}`);
      }),
    ),
  );
  clearInterval(sampler);
  const ms = performance.now() - t0;
  out(
    `   ${fmt(MANY)} files on two workers: ${fmt(ms / 1000, 1)} s, ${fmt(ms / MANY, 1)} ms per file; RSS before ${mb(base)}, peak ${mb(peak)}; after ${marks.join(', ')}`,
  );
  await two.close();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await validateBench((s) => process.stdout.write(`${s}\n`));
}
