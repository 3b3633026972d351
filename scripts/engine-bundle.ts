import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles engine entries from the sources for Node 20 as scripts/build-electron.ts bundles the app's
 * engine: packages stay outside, shared code in chunks beside the entries. Callers name their entries
 * with the worker threads they start (validator.ts and totals-thread.ts start theirs from beside their
 * own bundle). The tests' CLI (test/support/cli-build.ts) and the drop bench's engine use it.
 */
export async function bundleEngine(outdir: string, entryPoints: Record<string, string>): Promise<void> {
  await build({
    absWorkingDir: REPO,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    external: ['electron'],
    outdir,
    splitting: true,
    chunkNames: 'chunk-[name]-[hash]',
    logLevel: 'warning',
    entryPoints,
  });
}
