import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type OpenedApp, openApp } from '../app/open-app';
import type { BridgeServer } from '../bridge';
import { jsonLogger, type LogLevel } from '../log';
import { defaultDataDir } from '../paths';
import { readPassphrase } from '../secrets/terminal-passphrase';
import { reveal } from './reveal';

/** dist/renderer of this checkout, where `npm run build:renderer` writes the UI. */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../../dist/renderer/', import.meta.url));

export function appVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const v = typeof pkg === 'object' && pkg !== null ? (pkg as { version?: unknown }).version : undefined;
    return typeof v === 'string' ? v : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export type HeadlessApp = OpenedApp & { bridge: BridgeServer };

/**
 * Headless mode's part of opening the app: the same data folder and API keys as the command line (the
 * OS keychain, or the encrypted file, whose passphrase comes from --passphrase-fd, EINVOICE_SECRETS_PASSPHRASE
 * or the terminal, asked on stderr: stdout is the address and nothing else), JSON log lines on stderr, and the bridge for a
 * browser tab. With no account yet, the embedded sandbox's demo company is added, so a first run
 * shows a working app.
 */
export async function openHeadless(g: { data?: string; logLevel?: LogLevel; passphraseFd?: number }): Promise<HeadlessApp> {
  const dataDir = g.data ?? defaultDataDir();
  const log = jsonLogger((line) => process.stderr.write(line), { level: g.logLevel ?? 'info' });
  // The host runs on the user's own machine: it shows a file in its file manager there, inside the
  // roots of the accounts it knows (the bridge checked the path already; reveal.ts checks it again).
  const roots = () => app.engine.store.accounts.list().map((a) => a.root);
  const show = (path: string) => reveal(path, roots());
  const app: OpenedApp = await openApp({
    dataDir,
    program: { kind: 'headless' },
    care: true,
    takeOverLock: process.env.EINVOICE_TAKE_OVER === '1',
    secrets: 'os',
    passphraseFd: g.passphraseFd,
    passphrasePrompt: process.stdin.isTTY ? readPassphrase : undefined,
    log,
    demo: 'first-run',
    bridge: {
      host: {
        kind: 'browser',
        version: appVersion(),
        // A browser tab cannot open files with the system, start at login, or notify from the background.
        capabilities: { openFiles: false, startAtLogin: false, notifications: false },
        showInFolder: show,
        openFolder: show,
      },
    },
  });
  // Nobody is asked for a passphrase later: a missing or wrong one stops the start, in plain words.
  await app.unlockSecrets().catch(async (e: Error) => {
    await app.close();
    throw e;
  });
  return app as HeadlessApp;
}
