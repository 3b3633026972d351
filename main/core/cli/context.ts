import { mkdirSync } from 'node:fs';
import { Engine } from '../engine';
import { jsonLogger, type Logger, type LogLevel } from '../log';
import { defaultDataDir, sandboxDataDir, secretsFile } from '../paths';
import { SecretFile } from '../secrets';
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

/**
 * Opens the engine on the data folder. The embedded sandbox is started only when an account needs
 * it (a Sandbox account without its own URL) or when asked for.
 */
export async function openCli(g: GlobalOptions, opts: { embedded?: boolean; runner?: Partial<RunnerOptions> } = {}): Promise<CliContext> {
  const dataDir = g.data ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true });
  const level = (g.logLevel ?? 'info') as LogLevel;
  if (!LEVELS.includes(level)) throw new UsageError(`--log-level must be one of ${LEVELS.join(', ')}`);
  const log = jsonLogger((line) => process.stderr.write(line), { level });
  const probe = new Engine({ dataDir, secrets: new SecretFile(secretsFile(dataDir)), log, runner: opts.runner });
  const needsEmbedded = opts.embedded || probe.listAccounts().some((a) => a.environment === 'sandbox' && !a.baseUrl);
  if (!needsEmbedded) {
    return { dataDir, log, engine: probe, embedded: null, close: () => probe.stop() };
  }
  await probe.stop();
  const embedded = await startEmbeddedSandbox(sandboxDataDir(dataDir));
  const engine = new Engine({
    dataDir,
    secrets: new SecretFile(secretsFile(dataDir)),
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
