import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './host';

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/**
 * Builds the renderer when dist/renderer is missing or older than its sources. Test files run in
 * parallel, so each builds into a folder of its own and then copies in: asset names carry their
 * content hash (two builds write the same bytes), and index.html arrives last by an atomic rename,
 * so a host serving dist/renderer meanwhile never sees a half-written page.
 */
export function ensureRendererBuilt(): void {
  const out = join(REPO, 'dist/renderer');
  const index = join(out, 'index.html');
  const sources = Math.max(newest(join(REPO, 'renderer')), newest(join(REPO, 'shared')), statSync(join(REPO, 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  mkdirSync(out, { recursive: true });
  const tmp = mkdtempSync(join(REPO, 'dist', '.renderer-'));
  try {
    execFileSync(
      process.execPath,
      [
        join(REPO, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'vite.config.ts',
        '--outDir',
        tmp,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: REPO, stdio: 'inherit' },
    );
    for (const name of readdirSync(tmp))
      if (name !== 'index.html') cpSync(join(tmp, name), join(out, name), { recursive: true, force: true });
    renameSync(join(tmp, 'index.html'), join(out, `.index-${process.pid}.html`));
    renameSync(join(out, `.index-${process.pid}.html`), index);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
