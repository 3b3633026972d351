import { MessageChannel } from 'node:worker_threads';
import type { EngineChild, HostHandlers } from '../../../main/electron/engine-process';
import type { EngineInit, Wire } from '../../../main/electron/engine-protocol';
import { serveEngine } from '../../../main/electron/engine-service';
import { KeychainSecrets, type SafeStorageLike } from '../../../main/electron/secrets';
import { shellSettings } from '../../../main/electron/settings';
import { nodePortWire } from '../../../main/electron/wire';
import { electronStore } from './support';

export interface HarnessChild extends EngineChild {
  /** Ends the "process" without main asking: the engine is closed behind main's back, then it exits. */
  crash(code?: number): Promise<void>;
  served: Promise<void>;
}

/**
 * The engine process without Electron: serveEngine runs in this process on one end of a
 * worker_threads MessageChannel, main's EngineProcess on the other, the same protocol as over
 * Electron's MessagePortMain. Every spawn is recorded.
 */
export function inProcessSpawner() {
  const children: HarnessChild[] = [];
  const spawn = (init: EngineInit): HarnessChild => {
    const channel = new MessageChannel();
    const engineSide = nodePortWire(channel.port1);
    const mainSide = nodePortWire(channel.port2);
    let dead = false;
    const exits: ((code: number | null) => void)[] = [];
    const exit = (code: number | null) => {
      if (dead) return;
      dead = true;
      for (const fn of exits) fn(code);
      channel.port2.close();
    };
    // What main sees of the wire; a crashed process neither sends nor receives.
    const wire: Wire = {
      post: (m) => {
        if (!dead) mainSide.post(m);
      },
      onMessage: (fn) => mainSide.onMessage((m) => (dead ? undefined : fn(m))),
      close: () => mainSide.close(),
    };
    const served = serveEngine(engineSide, init);
    served.then(() => exit(0));
    const child: HarnessChild = {
      wire,
      served,
      onExit: (fn) => {
        exits.push(fn);
      },
      kill: () => undefined,
      async crash(code = 1) {
        dead = true;
        channel.port2.postMessage({ t: 'stop' });
        await served;
        dead = false;
        exit(code);
      },
    };
    children.push(child);
    return child;
  };
  return { spawn, children };
}

/** Main's answers to the engine process: the keychain and settings in electron-store, as main.ts wires them. */
export async function hostHandlers(dataDir: string, safeStorage: SafeStorageLike, opened: string[] = []): Promise<HostHandlers> {
  const store = await electronStore(dataDir);
  const secrets = new KeychainSecrets({ safeStorage, store });
  const settings = shellSettings({ store, loginItem: null });
  return {
    'secrets.check': () => secrets.problem(),
    'secrets.get': (id) => secrets.get(id),
    'secrets.set': (id, s) => secrets.set(id, s),
    'secrets.delete': (id) => secrets.delete(id),
    'settings.read': () => settings.read(),
    'settings.write': (patch) => settings.write(patch),
    'files.open': async (path) => {
      opened.push(path);
      return true;
    },
  };
}

export const fastRunner = {
  stableMs: 100,
  watch: false,
  backoff: { baseMs: 50, capMs: 500 },
  retry: { initialDelayMs: 10, maxDelayMs: 100, maxRetries: 2 },
};

export function engineInit(dataDir: string, logsDir: string, level: EngineInit['logLevel'] = 'info'): EngineInit {
  return {
    dataDir,
    logsDir,
    version: '9.8.7',
    logLevel: level,
    capabilities: { openFiles: true, startAtLogin: true, notifications: true },
    runner: fastRunner,
  };
}
