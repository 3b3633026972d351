import { mkdirSync } from 'node:fs';
import { Engine } from '../engine';
import { jsonLogger, type Logger, type LogLevel } from '../log';
import { defaultDataDir, sandboxDataDir, secretsFile } from '../paths';
import { SecretFile, type SecretStore } from '../secrets';
import type { RunnerOptions } from '../sync/account-runner';
import { type EmbeddedSandbox, startEmbeddedSandbox } from './embedded-sandbox';

export interface GlobalOptions {
  data?: string;
  logLevel?: string;
}

export class UsageError extends Error {}

export interface CliContext {
  dataDir: string;
  log: Logger;
  engine: Engine;
  embedded: EmbeddedSandbox | null;
  close(): Promise<void>;
}

const LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error'];

export interface OpenCliOptions {
  embedded?: boolean;
  runner?: Partial<RunnerOptions>;
  /** Where API keys live (the desktop shell: the OS keychain); default the 0600 secrets file. */
  secrets?: SecretStore;
  /** Default: JSON lines on stderr at g.logLevel. */
  log?: Logger;
}

/**
 * Opens the engine on the data folder. The embedded sandbox is started only when an account needs
 * it (a Sandbox account without its own URL) or when asked for.
 */
export async function openCli(g: GlobalOptions, opts: OpenCliOptions = {}): Promise<CliContext> {
  const dataDir = g.data ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true });
  const level = (g.logLevel ?? 'info') as LogLevel;
  if (!LEVELS.includes(level)) throw new UsageError(`--log-level must be one of ${LEVELS.join(', ')}`);
  const log = opts.log ?? jsonLogger((line) => process.stderr.write(line), { level });
  const secrets = () => opts.secrets ?? new SecretFile(secretsFile(dataDir));
  const probe = new Engine({ dataDir, secrets: secrets(), log, runner: opts.runner });
  const needsEmbedded = opts.embedded || probe.listAccounts().some((a) => a.environment === 'sandbox' && !a.baseUrl);
  if (!needsEmbedded) {
    return { dataDir, log, engine: probe, embedded: null, close: () => probe.stop() };
  }
  await probe.stop();
  const embedded = await startEmbeddedSandbox(sandboxDataDir(dataDir));
  const engine = new Engine({
    dataDir,
    secrets: secrets(),
    log,
    runner: opts.runner,
    embeddedSandboxUrl: embedded.sandbox.url,
  });
  return {
    dataDir,
    log,
    engine,
    embedded,
    close: async () => {
      await engine.stop();
      await embedded.sandbox.close();
    },
  };
}
