// Zip bombs on the Validate page (issue 39, item 2): each bomb of test/support/zip-bombs.ts handed to
// the bridge's validate.start/chunk/finish, as the page sends it, while sync.status is asked every
// 10 ms; the process's RSS is sampled meanwhile. For comparison, the old unpacking (fflate's unzipSync
// on the engine's thread, with its old filter) of the review's shape of bomb, timed alone.
//   tsx bench/zip-bomb.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { createBridgeServer } from '../main/core/bridge';
import { Engine } from '../main/core/engine';
import { MemorySecrets } from '../main/core/secrets';
import { VALIDATE_CHUNK_BYTES } from '../shared/bridge/validation';
import { zipBombs } from '../test/support/zip-bombs';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'zip-bomb-bench-'));
  const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
  const bridge = createBridgeServer({
    engine,
    dataDir,
    host: {
      kind: 'browser',
      version: 'bench',
      capabilities: { openFiles: false, startAtLogin: false, notifications: false },
      secretStore: { kind: 'memory', label: 'memory only' },
    },
  });
  const call = async <T>(name: string, input: unknown): Promise<T> => {
    const r = await bridge.dispatch(name as 'sync.status', input as never);
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as T;
  };
  console.log(`Zip bombs on the Validate page (load ${loadavg()[0]?.toFixed(2)}), RSS at start ${mb(process.memoryUsage().rss)}`);
  for (const bomb of zipBombs()) {
    const times: number[] = [];
    let peak = process.memoryUsage().rss;
    const before = peak;
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        const due = performance.now();
        await call('sync.status', {});
        times.push(performance.now() - due);
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const t0 = performance.now();
    const { uploadId } = await call<{ uploadId: string }>('validate.start', { name: 'bomb.zip', size: bomb.zip.length });
    for (let offset = 0; offset < bomb.zip.length; offset += VALIDATE_CHUNK_BYTES) {
      const base64 = bomb.zip.subarray(offset, offset + VALIDATE_CHUNK_BYTES).toString('base64');
      await call('validate.chunk', { uploadId, offset, base64 });
    }
    const view = await call<{ report: { problem: string | null } }>('validate.finish', { uploadId });
    const ms = performance.now() - t0;
    stop = true;
    await probe;
    console.log(
      `  ${bomb.what} (${mb(bomb.zip.length)} zip): ${ms.toFixed(0)} ms; sync.status p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over ${times.length} calls; RSS ${mb(before)} -> peak ${mb(peak)}\n    "${view.report.problem}"`,
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
  bridge.close();
  await engine.stop();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
