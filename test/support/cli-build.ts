import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const TEST_CLI_DIR = fileURLToPath(new URL('../../out/test-cli/', import.meta.url));

/**
 * Bundles the CLI from the sources into out/test-cli/, as scripts/build-electron.ts bundles the app's
 * engine: packages stay outside, the validator's and the totals' worker threads beside it. The suite
 * starts the CLI a few hundred times (every crash test kills and restarts it again and again); bundled
 * it starts in 0.6 s of CPU instead of 2.3 s under tsx's loader, which was a large part of CI's time.
 */
export async function buildTestCli(): Promise<void> {
  await build({
    absWorkingDir: fileURLToPath(new URL('../../', import.meta.url)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    external: ['electron'],
    outdir: TEST_CLI_DIR,
    splitting: true,
    chunkNames: 'chunk-[name]-[hash]',
    logLevel: 'warning',
    entryPoints: {
      cli: 'main/core/cli/bin.ts',
      // validator.ts and totals-thread.ts start their workers from beside their own bundle.
      'validate-worker': 'main/core/validate/worker.ts',
      'totals-worker': 'main/core/bridge/handlers/totals-worker.ts',
    },
  });
}
