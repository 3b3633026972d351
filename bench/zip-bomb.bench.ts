// Zip bombs on the Validate page (issue 39, item 2): each bomb of test/support/zip-bombs.ts handed to
// the bridge's validate.start/chunk/finish, as the page sends it, while sync.status is asked every
// 10 ms; the process's RSS is sampled meanwhile. For comparison, the old unpacking (fflate's unzipSync
// on the engine's thread, with its old filter) of the review's shape of bomb, timed alone.
//   tsx bench/zip-bomb.bench.ts
import { loadavg } from 'node:os';
import { unzipSync } from 'fflate';
import { Engine } from '../main/core/engine';
import { MemorySecrets } from '../main/core/secrets';
import { VALIDATE_CHUNK_BYTES } from '../shared/bridge/validation';
import { zipBombs } from '../test/support/zip-bombs';
import { rmAll, rssPeak, statusProbe, tmp } from './harness';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const dataDir = await tmp('zip-bomb-bench-');
  const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
  console.log(`Zip bombs on the Validate page (load ${loadavg()[0]?.toFixed(2)}), RSS at start ${mb(process.memoryUsage().rss)}`);
  for (const bomb of zipBombs()) {
    const before = process.memoryUsage().rss;
    const rss = rssPeak();
    const probe = statusProbe(engine, dataDir, 10);
    const call = async <T>(name: string, input: unknown): Promise<T> => {
      const r = await probe.bridge.dispatch(name as 'sync.status', input as never);
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
      return r.value as T;
    };
    const t0 = performance.now();
    const { uploadId } = await call<{ uploadId: string }>('validate.start', { name: 'bomb.zip', size: bomb.zip.length });
    for (let offset = 0; offset < bomb.zip.length; offset += VALIDATE_CHUNK_BYTES) {
      const base64 = bomb.zip.subarray(offset, offset + VALIDATE_CHUNK_BYTES).toString('base64');
      await call('validate.chunk', { uploadId, offset, base64 });
    }
    const view = await call<{ report: { problem: string | null } }>('validate.finish', { uploadId });
    const ms = performance.now() - t0;
    const status = await probe.stop();
    const peak = rss.stop();
    console.log(
      `  ${bomb.what} (${mb(bomb.zip.length)} zip): ${ms.toFixed(0)} ms; sync.status p95 ${status.p95.toFixed(1)} ms, max ${status.max.toFixed(1)} ms over ${status.calls} calls; RSS ${mb(before)} -> peak ${mb(peak)}\n    "${view.report.problem}"`,
    );
  }
  // The old way, for comparison: unzipSync on the engine's thread, nothing answers until it returns.
  const old = zipBombs().find((b) => b.what === 'thirty XML entries of 40 MB')?.zip as Buffer;
  const r0 = process.memoryUsage().rss;
  const t0 = performance.now();
  unzipSync(old, { filter: (f) => f.name.toLowerCase().endsWith('.xml') && f.originalSize < old.length * 50 });
  console.log(
    `  before the fix, unzipSync of "thirty XML entries of 40 MB" on the engine's thread: blocked ${(performance.now() - t0).toFixed(0)} ms, RSS ${mb(r0)} -> ${mb(process.memoryUsage().rss)}`,
  );
  await engine.stop();
  await rmAll(dataDir);
}

await main();
