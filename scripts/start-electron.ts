// npm start: builds the user interface and the rule sets (when missing or older than their sources)
// and the shell, then runs the desktop app (`electron .`). The Electron binary is not downloaded by
// `npm install` (package.json's allowScripts denies electron's install script, so an install works
// offline and quickly): the first start fetches it with electron's own install script, one line saying
// so, and where it cannot be fetched says so in one line and stops.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildElectron } from './build-electron';
import { buildWhatIsMissing } from './first-start';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The Electron executable, or null when the npm package is there without its binary. */
export function electronBinary(): string | null {
  try {
    // In plain Node the electron package answers the path of its binary, and throws when it has none
    // (a module that threw is not cached: asked again after a download, it answers).
    const path: unknown = require('electron');
    return typeof path === 'string' ? path : null;
  } catch {
    return null;
  }
}

/** Runs electron's install script (node_modules/electron/install.js), which downloads the binary its version pins. */
function fetchElectron(): boolean {
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const run = spawnSync(process.execPath, [require.resolve('electron/install.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
    env,
  });
  if (run.status !== 0) {
    // Its own words are a stack trace: the first line says what failed (ENOTFOUND, a timeout, ...).
    const first =
      run.stderr
        ?.toString('utf8')
        .split('\n')
        .find((l) => l.trim()) ??
      run.error?.message ??
      `exit ${run.status}`;
    process.stdout.write(`  (${first.trim()})\n`);
  }
  return electronBinary() !== null;
}

async function main(): Promise<number> {
  if (!electronBinary()) {
    process.stdout.write('Downloading the desktop app (Electron, about 100 MB; first start after an install)...\n');
    if (!fetchElectron()) {
      process.stdout.write(
        'The desktop app could not be downloaded (offline, or GitHub cannot be reached): run `npm start` again once it can, or open the same app in your browser with `npm run headless`.\n',
      );
      return 1;
    }
  }
  const binary = electronBinary() as string;
  await buildWhatIsMissing({ ui: true, say: (line) => process.stdout.write(`${line}\n`) });
  await buildElectron();
  const app = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
  return new Promise((resolve) => app.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
