import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildElectron } from '../../../scripts/build-electron';
import { tempDir } from '../../support/temp';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  main?: string;
};

/** The package an import names: `@scope/name/sub` -> `@scope/name`, `electron-log/node` -> `electron-log`. */
const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));

describe('build:electron (esbuild)', () => {
  it('bundles main and the engine process as ES modules, importing only packages the installer ships', { timeout: 60_000 }, async () => {
    const r = await buildElectron({ outDir: tempDir(), write: false });
    const imports = new Set<string>();
    for (const m of r.metafiles)
      for (const out of Object.values(m.outputs)) for (const i of out.imports) if (i.external) imports.add(i.path);
    const packages = [...imports].filter((p) => !p.startsWith('node:') && !builtinModules.includes(p)).map(packageOf);
    for (const p of new Set(packages)) {
      if (p === 'electron') continue; // Electron's own module, not a package in the app
      expect(pkg.dependencies, `${p} is imported by a bundle but is not a dependency`).toHaveProperty(p);
    }
    expect(packages).toContain('better-sqlite3');
  });

  it('keeps the preload one small CommonJS file that needs nothing but electron (sandboxed preloads cannot require more)', async () => {
    const r = await buildElectron({ outDir: tempDir(), write: false });
    const [path, preload] = [...r.outputs].find(([p]) => p.endsWith(join('preload', 'index.cjs'))) ?? [];
    expect(path).toBeDefined();
    const requires = [...(preload ?? '').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(new Set(requires)).toEqual(new Set(['electron']));
    expect(preload).not.toMatch(/\bimport\s/);
    expect(preload?.length).toBeLessThan(16_000);
    expect(preload).toMatch(/exposeInMainWorld\(\s*"einvoice"/);
  });

  it('main process does not load the engine: no database, network or XML packages at start', async () => {
    const r = await buildElectron({ outDir: tempDir(), write: false });
    const main = r.metafiles.flatMap((m) => Object.entries(m.outputs)).find(([p]) => p.endsWith(join('main', 'main.js')));
    const external = (main?.[1].imports ?? []).filter((i) => i.external).map((i) => packageOf(i.path));
    expect(external).not.toContain('better-sqlite3');
    expect(external).not.toContain('undici');
    expect(external).not.toContain('fastify');
  });

  it('keeps the sandbox out of the engine: only the demo entry loads it, from a chunk of its own', async () => {
    const r = await buildElectron({ outDir: tempDir(), write: false });
    const outputs = r.metafiles.flatMap((m) => Object.entries(m.outputs)).filter(([p]) => p.endsWith('.js'));
    const inputsOf = (o: (typeof outputs)[number]) => Object.keys(o[1].inputs);
    const entries = outputs.filter(([p]) => /main[\\/](main|engine-worker)\.js$/.test(p));
    expect(entries).toHaveLength(2);
    // What an entry loads before any dynamic import: itself and the chunks it imports statically.
    const byPath = new Map(outputs.map((o) => [o[0], o]));
    const staticClosure = (path: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(path)) return seen;
      seen.add(path);
      const out = byPath.get(path);
      for (const i of out?.[1].imports ?? []) if (!i.external && i.kind === 'import-statement') staticClosure(i.path, seen);
      return seen;
    };
    for (const [entry] of entries) {
      const loaded = [...staticClosure(entry)].flatMap((p) => {
        const o = byPath.get(p);
        return o ? inputsOf(o) : [];
      });
      expect(
        loaded.filter((i) => i.startsWith('sandbox/')),
        entry,
      ).toEqual([]);
      expect(loaded).not.toContain('main/core/demo/embedded-sandbox.ts');
    }
    const withSandbox = outputs.filter((o) => inputsOf(o).some((i) => i.startsWith('sandbox/')));
    expect(withSandbox.length).toBeGreaterThan(0);
    for (const o of withSandbox) expect(o[0]).toMatch(/main[\\/]chunk-[^\\/]+\.js$/);
  });

  it('is what package.json starts', () => {
    expect(pkg.main).toBe('out/main/main.js');
  });
});
