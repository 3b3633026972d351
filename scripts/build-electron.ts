// npm run build:electron: bundles the desktop shell with esbuild into out/.
//   out/main/main.js           Electron's main process (ESM; package.json "main")
//   out/main/engine-worker.js  the engine's utility process (ESM)
//   out/main/validate-worker.js  the invoice validation worker thread (ESM, main/core/validate)
//   out/main/zip-worker.js  the zip form's unpacking thread (ESM, main/core/validate/zip-form.ts)
//   out/main/chunk-*.js        code the two share, and the embedded sandbox, loaded only for the demo
//   out/preload/index.cjs      the preload (CommonJS: sandboxed preloads cannot be ES modules)
//   out/resources/icon.png     the app icon electron-builder turns into .icns and .ico
//   out/resources/entitlements.mac.plist  the hardened runtime's entitlements
// Our own code is bundled; npm packages stay in node_modules (electron-builder packs the
// "dependencies", and better-sqlite3's native module must stay a file to be unpacked from asar).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { iconPng } from '../main/electron/icon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the hardened runtime lets the app do: V8's JIT needs the first two. Unlike electron-builder's
 * default, library validation is not disabled, so only code signed with the app's identity loads.
 */
export const MAC_ENTITLEMENTS = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
  <dict>
    <key>com.apple.security.cs.allow-jit</key>
    <true/>
    <key>com.apple.security.cs.allow-unsigned-executable-memory</key>
    <true/>
  </dict>
</plist>
`;

export interface ShellBuild {
  outDir: string;
  metafiles: Metafile[];
  /** Bundle path -> text, when not written to disk. */
  outputs: Map<string, string>;
}

export async function buildElectron(o: { outDir?: string; write?: boolean; minify?: boolean } = {}): Promise<ShellBuild> {
  const outDir = o.outDir ?? join(ROOT, 'out');
  const write = o.write ?? true;
  const common: BuildOptions = {
    absWorkingDir: ROOT,
    bundle: true,
    write,
    metafile: true,
    sourcemap: write ? 'linked' : false,
    minify: o.minify ?? false,
    legalComments: 'none',
    logLevel: 'warning',
  };
  const node: BuildOptions = {
    ...common,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    external: ['electron'],
    outdir: join(outDir, 'main'),
    // The embedded sandbox is imported dynamically (main/core/demo): splitting keeps it in a chunk of its
    // own that loads only when a Sandbox account needs it.
    splitting: true,
    // Beside the entries, not in a subfolder: the sandbox's seed finds the fixtures three folders up.
    chunkNames: 'chunk-[name]-[hash]',
  };
  const results = await Promise.all([
    build({
      ...node,
      entryPoints: {
        main: 'main/electron/main.ts',
        'engine-worker': 'main/electron/engine-worker.ts',
        // The validation worker thread: main/core/validate/validator.ts starts it from beside its own bundle.
        'validate-worker': 'main/core/validate/worker.ts',
        // The zip form's unpacking thread: main/core/validate/zip-form.ts starts it from beside its own bundle.
        'zip-worker': 'main/core/validate/zip-worker.ts',
        // The search totals' worker thread: main/core/bridge/handlers/totals-thread.ts starts it from beside its bundle.
        'totals-worker': 'main/core/bridge/handlers/totals-worker.ts',
        // The database's backup and check thread: main/core/app/db-care.ts starts it from beside its bundle.
        'db-check-worker': 'main/core/store/db-check-worker.ts',
      },
    }),
    build({
      ...common,
      entryPoints: ['preload/index.ts'],
      outfile: join(outDir, 'preload', 'index.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'chrome142',
      external: ['electron'],
    }),
  ]);
  if (write) {
    mkdirSync(join(outDir, 'resources'), { recursive: true });
    writeFileSync(join(outDir, 'resources', 'icon.png'), iconPng(1024));
    writeFileSync(join(outDir, 'resources', 'entitlements.mac.plist'), MAC_ENTITLEMENTS);
  }
  const outputs = new Map<string, string>();
  for (const r of results) for (const f of r.outputFiles ?? []) outputs.set(f.path, f.text);
  return { outDir, metafiles: results.map((r) => r.metafile as Metafile), outputs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const r = await buildElectron();
  const bytes = r.metafiles.flatMap((m) => Object.entries(m.outputs)).filter(([p]) => !p.endsWith('.map'));
  const size = bytes.map(([p, info]) => `${p.replace(`${ROOT}/`, '')} ${(info.bytes / 1024).toFixed(0)} KB`).join(', ');
  process.stdout.write(`built the desktop shell in ${Math.round(performance.now() - started)} ms: ${size}\n`);
}
