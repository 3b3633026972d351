// npm start: builds the renderer (when missing or older than its sources) and the shell, then runs the
// desktop app (`electron .`). Without the Electron binary (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1)
// it says so in one line and stops.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildElectron } from './build-electron';
import { ensureRendererBuilt } from './renderer-build';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The Electron executable, or null when the npm package is there without its binary. */
export function electronBinary(): string | null {
  try {
    // In plain Node the electron package answers the path of its binary, and throws when it has none.
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' ? path : null;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const binary = electronBinary();
  if (!binary) {
    process.stdout.write(
      'The Electron binary is not installed (node_modules/electron/dist is missing; reinstall without ELECTRON_SKIP_BINARY_DOWNLOAD); run the same app in a browser with `npm run headless`.\n',
    );
    return 0;
  }
  ensureRendererBuilt({
    onBuild: () =>
      process.stdout.write('Building the user interface (first start after an install or an update; about half a minute)...\n'),
  });
  await buildElectron();
  const app = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
  return new Promise((resolve) => app.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
