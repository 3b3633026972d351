import { mkdirSync } from 'node:fs';
import type { DemoCompany } from '../accounts/account-book';
import { type AppSettingsStore, type BridgeServer, createBridgeServer, type HostInfo } from '../bridge';
import type { EmbeddedSandbox } from '../demo/embedded-sandbox';
import { Engine } from '../engine';
import type { Logger } from '../log';
import { sandboxDataDir } from '../paths';
import { infoOf, openSecretStore, type PassphrasePrompt, type SecretStore, type SecretStoreInfo } from '../secrets';
import { DatabaseDamagedError } from '../store/errors';
import { writerOf } from '../store/writer';
import type { RunnerOptions } from '../sync/account-runner';
import { secureDataFolder } from './data-folder-modes';
import { DataFolderInUseError, type DataLock, type LockProgram, takeDataLock } from './data-lock';
import { DamagedDatabaseError, DbCare, damagedMessage, newestBackupAt, readCheckState } from './db-care';

/**
 * When the embedded sandbox runs: `when-needed` (a Sandbox account without an address of its own
 * exists), `first-run` (that, or no account at all, and then its demo company is added), `always`.
 */
export type DemoPolicy = 'when-needed' | 'first-run' | 'always';

export interface OpenAppOptions {
  dataDir: string;
  /** Who opens the data folder: written into its lock, and named to a second process it refuses. */
  program: LockProgram;
  /**
   * `write` (the default) takes the data folder's lock, or stops with DataFolderInUseError naming its
   * holder. `read-through` does the same when the folder is free, and otherwise opens the database
   * read-only beside the holder (`status`): nothing is written, no sandbox is started.
   */
  access?: 'write' | 'read-through';
  /** Takes over a lock written on another computer: only when the user said that one no longer runs. */
  takeOverLock?: boolean;
  /** The database's daily backup and weekly check (db-care.ts): for hosts that sync, not one-off commands. */
  care?: boolean;
  /**
   * Where API keys live: `os` for the OS keychain, or an encrypted file where there is none
   * (openSecretStore; the command line and the headless host), or a store of the host's own (the
   * desktop shell's safeStorage behind its wire; memory in tests).
   */
  secrets: SecretStore | 'os';
  /** With `os`: asks for the encrypted file's passphrase on a terminal (the command line). */
  passphrasePrompt?: PassphrasePrompt;
  /** With `os`: --passphrase-fd, the descriptor the passphrase is read from. */
  passphraseFd?: number;
  /** With `os`: EINVOICE_SECRETS_STORE and EINVOICE_SECRETS_PASSPHRASE. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  log: Logger;
  runner?: Partial<RunnerOptions>;
  demo?: DemoPolicy;
  /** Puts the bridge on the engine: the web host and the desktop shell. */
  bridge?: { host: Omit<HostInfo, 'secretStore'>; settings?: AppSettingsStore };
}

export interface OpenedApp {
  dataDir: string;
  log: Logger;
  engine: Engine;
  /** Opened beside another process that holds the data folder: the database is read-only. */
  readOnly: boolean;
  /** The bridge, when asked for. */
  bridge: BridgeServer | null;
  /** Where the API keys are kept, for `status` and the UI. */
  secretStore: SecretStoreInfo;
  /** Asks now for what reading the keys needs (the encrypted file's passphrase), before other output. */
  unlockSecrets(): Promise<void>;
  /** The embedded sandbox, while it runs. */
  readonly embedded: EmbeddedSandbox | null;
  /** Starts the embedded sandbox (once) and adds its demo company as an account. */
  addDemo(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The composition root of every process: opens the engine once on the data folder, starts the
 * embedded sandbox when an account needs it, and puts the bridge on top. The CLI, the headless web
 * host and the desktop shell's engine process each call it with their own secret store, settings
 * and logger.
 */
export async function openApp(o: OpenAppOptions): Promise<OpenedApp> {
  mkdirSync(o.dataDir, { recursive: true });
  const lock = lockFor(o);
  const readOnly = lock === null;
  // A process that ends without close() (an uncaught error, process.exit) still frees the folder.
  const releaseAtExit = () => lock?.release();
  process.once('exit', releaseAtExit);
  const release = () => {
    process.off('exit', releaseAtExit);
    lock?.release();
  };
  let engine: Engine;
  let secrets: SecretStore;
  try {
    secrets =
      o.secrets === 'os'
        ? (await openSecretStore({ dataDir: o.dataDir, env: o.env, prompt: o.passphrasePrompt, passphraseFd: o.passphraseFd, log: o.log }))
            .store
        : o.secrets;
    // A check of the running engine found damage: the same refusal as a damage found at open.
    const found = readOnly ? null : readCheckState(o.dataDir).damage;
    if (found) throw new DatabaseDamagedError(o.dataDir, found);
    engine = new Engine({
      dataDir: o.dataDir,
      secrets,
      log: o.log,
      runner: o.runner,
      readonly: readOnly,
      // The host's own version (the desktop shell's is the installed app's); without a bridge, package.json's.
      ...(o.bridge ? { app: { version: o.bridge.host.version } } : {}),
    });
    if (!readOnly) secureDataFolder(o.dataDir, o.log);
  } catch (e) {
    release();
    if (e instanceof DatabaseDamagedError) {
      const waysOut = o.program.kind === 'desktop' ? 'choices' : 'commands';
      throw new DamagedDatabaseError(damagedMessage(o.dataDir, e.detail, waysOut), newestBackupAt(o.dataDir), { cause: e });
    }
    throw e;
  }
  const care = o.care && !readOnly ? new DbCare({ dataDir: o.dataDir, store: writerOf(engine), log: o.log }) : null;
  const secretStore = infoOf(secrets);
  o.log.debug('where the API keys are kept', { store: secretStore.label });
  let embedded: EmbeddedSandbox | null = null;
  let starting: Promise<EmbeddedSandbox> | null = null;

  const startEmbedded = (): Promise<EmbeddedSandbox> => {
    starting ??= (async () => {
      // Loaded here only: an app whose accounts are all real never loads the sandbox's code.
      const { startEmbeddedSandbox } = await import('../demo/embedded-sandbox');
      const started = await startEmbeddedSandbox(sandboxDataDir(o.dataDir));
      engine.access.useEmbeddedSandbox(started.sandbox.url, started.key);
      embedded = started;
      return started;
    })();
    // A start that failed is tried again next time.
    starting.catch(() => {
      starting = null;
    });
    return starting;
  };
  /** The last account on it gone: it stops listening, and the next one to need it starts it again (new port, new key). */
  const stopEmbedded = async (): Promise<void> => {
    const was = starting;
    starting = null;
    const started = await was?.catch(() => null);
    embedded = null;
    engine.access.useEmbeddedSandbox(null);
    if (started) {
      await started.sandbox.close();
      o.log.info('the embedded sandbox stopped: no account uses it');
    }
  };
  engine.access.manageEmbeddedSandbox({ start: async () => void (await startEmbedded()), stop: stopEmbedded });
  const demoCompany = async (): Promise<DemoCompany> => (await startEmbedded()).demo;

  const bridge = o.bridge
    ? createBridgeServer({
        engine,
        dataDir: o.dataDir,
        host: { ...o.bridge.host, secretStore },
        settings: o.bridge.settings,
        demo: demoCompany,
        log: o.log,
      })
    : null;
  const app: OpenedApp = {
    dataDir: o.dataDir,
    log: o.log,
    engine,
    readOnly,
    bridge,
    secretStore,
    async unlockSecrets() {
      await secrets.unlock?.();
    },
    get embedded() {
      return embedded;
    },
    async addDemo() {
      await engine.addDemoAccount(await demoCompany());
    },
    async close() {
      try {
        bridge?.close();
        await care?.stop();
        await engine.stop();
        await (embedded as EmbeddedSandbox | null)?.sandbox.close();
      } finally {
        release();
      }
    },
  };

  if (readOnly) return app;
  care?.start();
  try {
    const accounts = engine.listAccounts();
    const policy = o.demo ?? 'when-needed';
    const sandboxAccount = accounts.some((a) => a.environment === 'sandbox' && !a.baseUrl);
    if (policy === 'always' || sandboxAccount) await startEmbedded();
    if (policy === 'first-run' && accounts.length === 0) {
      await app.addDemo().catch((e: Error) => {
        throw new Error(`The demo account could not be added: ${e.message}`);
      });
      o.log.info('first run: the demo company of the embedded sandbox was added', { account: 'Demo (sandbox)' });
    }
  } catch (e) {
    await app.close();
    throw e;
  }
  return app;
}

/** The data folder's lock, or null when `read-through` found it held and the app opens read-only. */
function lockFor(o: OpenAppOptions): DataLock | null {
  try {
    return takeDataLock(o.dataDir, o.program, { takeOverOtherHost: o.takeOverLock });
  } catch (e) {
    if (e instanceof DataFolderInUseError && o.access === 'read-through') {
      o.log.debug('the data folder is in use: reading it read-only', { holder: e.holder.pid });
      return null;
    }
    throw e;
  }
}
