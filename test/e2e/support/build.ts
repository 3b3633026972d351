import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds the renderer (npm run build:renderer) when dist/renderer is missing or older than its sources. */
export function ensureRendererBuilt(): void {
  const index = join(REPO, 'dist/renderer/index.html');
  const sources = Math.max(newest(join(REPO, 'renderer')), newest(join(REPO, 'shared')), statSync(join(REPO, 'vite.config.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(
    process.execPath,
    [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.config.ts', '--logLevel', 'error'],
    {
      cwd: REPO,
      stdio: 'inherit',
    },
  );
}
