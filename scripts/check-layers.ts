// npm run lint:layers: every import of ours follows the house's arrows (scripts/layers/rooms.ts).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkLayers } from './layers/check';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['shared', 'sandbox', 'main', 'preload', 'renderer', 'test', 'bench', 'scripts'];
const rootFiles = readdirSync(ROOT).filter((n) => /\.(ts|tsx)$/.test(n));

const started = performance.now();
const violations = await checkLayers(ROOT, [...FOLDERS, ...rootFiles]);
if (violations.length) {
  process.stderr.write(`${violations.length} import(s) against the house's arrows:\n`);
  for (const v of violations) process.stderr.write(`- ${v.message}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`layers: every import follows the rooms' allow-lists (${Math.round(performance.now() - started)} ms)\n`);
}
