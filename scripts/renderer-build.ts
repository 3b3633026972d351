import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout. */
export const REPO = fileURLToPath(new URL('..', import.meta.url));

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/** Whether dist/renderer is there and newer than every source it is built from (a few ms: file times only). */
export function rendererIsFresh(repo = REPO): boolean {
  const index = join(repo, 'dist/renderer/index.html');
  if (!existsSync(index)) return false;
  const sources = Math.max(newest(join(repo, 'renderer')), newest(join(repo, 'shared')), statSync(join(repo, 'vite.config.ts')).mtimeMs);
  return statSync(index).mtimeMs >= sources;
}

/**
 * Builds the renderer when dist/renderer is missing or older than its sources; answers whether it
 * built. Several processes may do this at once (test files run in parallel, a second `npm run
 * headless`), so each builds into a folder of its own and then copies in: asset names carry their
 * content hash (two builds write the same bytes), and index.html arrives last by an atomic rename,
 * so a host serving dist/renderer meanwhile never sees a half-written page.
 */
export function ensureRendererBuilt(o: { repo?: string; onBuild?: () => void } = {}): boolean {
  const repo = o.repo ?? REPO;
  if (rendererIsFresh(repo)) return false;
  o.onBuild?.();
  const out = join(repo, 'dist/renderer');
  mkdirSync(out, { recursive: true });
  const tmp = mkdtempSync(join(repo, 'dist', '.renderer-'));
  try {
    execFileSync(
      process.execPath,
      [
        join(repo, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'vite.config.ts',
        '--outDir',
        tmp,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      // Always React's production build: vite takes NODE_ENV from the environment, and the tests (and
      // any shell with NODE_ENV=test or development) gave the app React's development build, 3x the
      // script and a slower first paint and render.
      { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
    );
    for (const name of readdirSync(tmp))
      if (name !== 'index.html') cpSync(join(tmp, name), join(out, name), { recursive: true, force: true });
    renameSync(join(tmp, 'index.html'), join(out, `.index-${process.pid}.html`));
    renameSync(join(out, `.index-${process.pid}.html`), join(out, 'index.html'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return true;
}
