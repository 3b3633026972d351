import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AppSettingsStore, type BridgeServer, createBridgeServer, type HostInfo } from '../bridge';
import { type CliContext, type GlobalOptions, type OpenCliOptions, openCli } from '../cli/context';

export interface HeadlessApp {
  cli: CliContext;
  bridge: BridgeServer;
  close(): Promise<void>;
}

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

/** What another host (the desktop shell) puts in place of the headless defaults. */
export interface OpenHeadlessOptions extends Pick<OpenCliOptions, 'secrets' | 'log' | 'runner'> {
  host?: HostInfo;
  settings?: AppSettingsStore;
}

/**
 * Opens the engine as the CLI does (same data folder, secrets file and logger) and puts the bridge
 * on it. With no account yet, the embedded sandbox is started and its demo company added as the
 * "Demo (sandbox)" account, so a first run shows a working app.
 */
export async function openHeadless(g: GlobalOptions, o: OpenHeadlessOptions = {}): Promise<HeadlessApp> {
  const opts = { secrets: o.secrets, log: o.log, runner: o.runner };
  let cli = await openCli(g, opts);
  if (cli.engine.listAccounts().length === 0 && !cli.embedded) {
    await cli.close();
    cli = await openCli(g, { ...opts, embedded: true });
  }
  const bridge = createBridgeServer({
    engine: cli.engine,
    dataDir: cli.dataDir,
    host: o.host ?? {
      kind: 'browser',
      version: appVersion(),
      // A browser tab cannot open files with the system, start at login, or notify from the background.
      capabilities: { openFiles: false, startAtLogin: false, notifications: false },
    },
    settings: o.settings,
    demo: cli.embedded
      ? { company_id: cli.embedded.demo.company_id, api_key: cli.embedded.demo.api_key, name: cli.embedded.demo.name }
      : null,
    log: cli.log,
  });
  const app = {
    cli,
    bridge,
    async close() {
      bridge.close();
      await cli.close();
    },
  };
  if (cli.engine.listAccounts().length === 0) {
    const added = await bridge.dispatch('accounts.tryDemo', {});
    if (!added.ok) {
      await app.close();
      throw new Error(`The demo account could not be added: ${added.error.message}`);
    }
    cli.log.info('first run: the demo company of the embedded sandbox was added', { account: 'Demo (sandbox)' });
  }
  return app;
}
