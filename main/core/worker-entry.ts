import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * A worker thread's entry, for `new Worker(entry.source, { eval: entry.eval })`: the bundle beside the
 * caller's (`bundled`, e.g. './validate-worker.js' in out/main, see scripts/build-electron.ts), or, when
 * the caller runs from the sources (tsx, vitest), a two-line module that registers tsx in the new
 * thread and imports `source` (e.g. './worker.ts'): Node 20 does not carry the TypeScript loader into
 * worker threads. Both are resolved against `callerUrl` (the caller's import.meta.url).
 */
export function workerEntry(callerUrl: string, bundled: string, source: string): { source: URL | string; eval: boolean } {
  if (!callerUrl.endsWith('.ts')) return { source: new URL(bundled, callerUrl), eval: false };
  // The ES module build of tsx's API (require.resolve finds its CommonJS twin beside it).
  const tsx = pathToFileURL(
    createRequire(callerUrl)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const worker = new URL(source, callerUrl).href;
  return { source: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(worker)}); });`, eval: true };
}
