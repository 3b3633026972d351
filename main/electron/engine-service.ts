import type { AppSettings } from '../../shared/bridge/views';
import { takeDataLock } from '../core/app/data-lock';
import { DamagedDatabaseError, newestBackupAt } from '../core/app/db-care';
import { rebuildDatabase, restoreDatabase } from '../core/app/db-ways-out';
import { type OpenedApp, openApp } from '../core/app/open-app';
import type { AppSettingsStore, BridgeServer } from '../core/bridge';
import { createWithdrawableCalls } from '../core/bridge/withdrawable-calls';
import type { Logger } from '../core/log';
import type { AccountSecret, SecretStore } from '../core/secrets';
import { type EngineInit, type HostOp, type ToEngine, toEngineSchema, type Wire } from './engine-protocol';
import { createFileLogger, SecretScrubber } from './logs';
import { SAFE_STORAGE_INFO } from './secrets';

/** Commands that store an API key: refused up front when the keychain cannot take one. */
const STORES_A_KEY = new Set(['accounts.add', 'accounts.tryDemo']);

/**
 * The engine process's side of the wire (runs in Electron's utility process, or in a test's own
 * process): opens the app with openApp, as the headless host does, with main's keychain,
 * settings and "open file" behind the wire, and serves the renderer's commands relayed by main.
 * Resolves when main has asked it to stop and the engine has finished the work in flight.
 */
export async function serveEngine(wire: Wire, init: EngineInit, o: { log?: Logger } = {}): Promise<void> {
  const scrubber = new SecretScrubber();
  const log = o.log ?? createFileLogger({ dir: init.logsDir, fileName: 'engine.log', level: init.logLevel, scrubber });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let bridge: BridgeServer | null = null;
  let stopping: Promise<void> | null = null;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });

  const call = (op: HostOp, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      wire.post({ t: 'call', id, op, args });
    });

  const secrets: SecretStore = {
    // Main keeps the keys with safeStorage (see ./secrets); this is its end of the wire.
    info: SAFE_STORAGE_INFO,
    async get(accountId) {
      const s = (await call('secrets.get', accountId)) as AccountSecret | null;
      scrubber.add(s?.apiKey);
      scrubber.add(s?.vendorApiKey);
      return s;
    },
    async set(accountId, secret) {
      scrubber.add(secret.apiKey);
      scrubber.add(secret.vendorApiKey);
      await call('secrets.set', accountId, secret);
    },
    async delete(accountId) {
      await call('secrets.delete', accountId);
    },
  };
  const settings: AppSettingsStore = {
    read: async () => (await call('settings.read')) as AppSettings,
    write: async (patch) => (await call('settings.write', patch)) as AppSettings,
  };

  let app: OpenedApp | null = null;
  let offEvents: () => void = () => undefined;

  const run = async (m: Extract<ToEngine, { t: 'invoke' }>) => {
    if (!bridge) {
      wire.post({ t: 'result', id: m.id, result: { ok: false, error: { kind: 'retry', message: 'The sync engine is starting' } } });
      return;
    }
    if (STORES_A_KEY.has(m.name)) {
      const problem = (await call('secrets.check')) as string | null;
      if (problem) {
        wire.post({ t: 'result', id: m.id, result: { ok: false, error: { kind: 'user', message: problem } } });
        return;
      }
    }
    wire.post({ t: 'result', id: m.id, result: await bridge.dispatch(m.name, m.input) });
  };

  // Started at the next turn, so a withdrawal that arrives with its call (typing over a search while
  // the engine was busy) keeps it from running at all (withdrawable-calls.ts).
  const calls = createWithdrawableCalls((id, name, input) => {
    const m = { t: 'invoke' as const, id, name: name as string, input };
    run(m).catch((e: Error) => {
      log.error('command relay failed', { command: m.name, error: e.message });
      wire.post({
        t: 'result',
        id: m.id,
        result: { ok: false, error: { kind: 'internal', message: 'The sync engine failed to answer' } },
      });
    });
  });

  const stop = () => {
    stopping ??= (async () => {
      offEvents();
      bridge = null;
      try {
        await app?.close();
      } catch (e) {
        log.error('engine did not close cleanly', { error: (e as Error).message });
      }
      log.info('engine stopped');
      wire.post({ t: 'stopped' });
      offWire();
      finished();
    })();
    return stopping;
  };

  const offWire = wire.onMessage((raw) => {
    const parsed = toEngineSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn('engine process ignored a malformed message');
      return;
    }
    const m = parsed.data;
    if (m.t === 'invoke') calls.start(m.id, m.name, m.input);
    else if (m.t === 'withdraw') calls.withdraw(m.id);
    else if (m.t === 'reply') {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.ok) p?.resolve(m.value);
      else p?.reject(new Error(m.message ?? 'main could not answer'));
    } else {
      void stop();
    }
  });

  try {
    if (init.repair) repair(init.dataDir, init.repair, log);
    app = await openApp({
      dataDir: init.dataDir,
      program: { kind: 'desktop' },
      care: true,
      takeOverLock: init.takeOverLock === true,
      secrets,
      log,
      runner: init.runner,
      demo: 'first-run',
      bridge: {
        settings,
        host: {
          kind: 'electron',
          version: init.version,
          capabilities: init.capabilities,
          openFile: async (path) => (await call('files.open', path)) === true,
          showInFolder: async (path) => (await call('files.showInFolder', path)) === true,
          openFolder: async (path) => (await call('files.openFolder', path)) === true,
          chooseFolder: async (defaultPath) => {
            const chosen = await call('folders.choose', defaultPath);
            return typeof chosen === 'string' ? chosen : null;
          },
        },
      },
    });
    if (stopping) {
      // Main asked to stop while the engine was opening: close what was opened, after the stop began.
      await app.close();
      return done;
    }
    offEvents = (app.bridge as BridgeServer).subscribeAll((name, payload) => wire.post({ t: 'event', name, payload }));
    await app.engine.start();
    bridge = app.bridge;
    log.info('engine started', { dataDir: init.dataDir, embeddedSandbox: app.engine.embeddedSandboxUrl });
    wire.post({ t: 'ready', embeddedSandboxUrl: app.engine.embeddedSandboxUrl });
  } catch (e) {
    const message = (e as Error).message;
    log.error('engine could not start', { error: message });
    // Main answers 'failed' with 'stop'; exiting first could reach main before this message does.
    wire.post({ t: 'failed', message, ...(e instanceof DamagedDatabaseError ? { damaged: { backupAt: e.backupAt } } : {}) });
  }
  return done;
}

/**
 * The way out the user chose in main's dialog, taken under the data folder's lock before the engine
 * opens. One that fails is still a damaged database: the dialog comes back with why, and the other way.
 */
function repair(dataDir: string, way: 'restore' | 'rebuild', log: Logger): void {
  const lock = takeDataLock(dataDir, { kind: 'desktop' });
  try {
    const done = way === 'restore' ? restoreDatabase(dataDir) : rebuildDatabase(dataDir);
    log.warn('the database was repaired, as the user chose', { way, done });
  } catch (e) {
    const what = way === 'restore' ? 'The backup could not be restored' : 'The database could not be rebuilt';
    throw new DamagedDatabaseError(`${what}: ${(e as Error).message}`, newestBackupAt(dataDir), { cause: e });
  } finally {
    lock.release();
  }
}
