// npm run lint:layers: every import of ours follows the house's arrows (scripts/layers/rooms.ts).
import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkLayers } from './layers/check';
import { checkModuleState, KNOWN_MODULE_STATE } from './layers/module-state';

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

// The app's own rooms keep no module-level state outside their composition roots.
const APP = ['shared', 'main', 'preload', 'renderer'];
const appFiles = (await Promise.all(APP.map(async (d) => (await readdir(`${ROOT}${d}`, { recursive: true })).map((f) => `${d}/${f}`))))
  .flat()
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
const state = await checkModuleState(ROOT, appFiles);
for (const s of state.fresh)
  process.stderr.write(
    `- ${s.file}:${s.line} keeps \`${s.name}\` at module level: give it to an instance the engine, runner or host creates (or name the file a composition root in scripts/layers/module-state.ts, with why)\n`,
  );
for (const g of state.gone)
  process.stderr.write(`- ${g} no longer keeps module-level state: take it out of KNOWN_MODULE_STATE in scripts/layers/module-state.ts\n`);
if (state.fresh.length || state.gone.length) process.exitCode = 1;
else
  process.stdout.write(
    `module state: ${appFiles.length} files, none new outside the composition roots (${KNOWN_MODULE_STATE.length} known, to be moved)\n`,
  );
