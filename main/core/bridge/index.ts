import type { BridgeEventName, BridgeEvents } from '../../../shared/bridge/events';
import type { DemoCompany } from '../accounts/account-book';
import type { Engine } from '../engine';
import { type Logger, silentLogger } from '../log';
import { type AppSettingsStore, appSettingsFile, fileSettingsStore } from './app-settings';
import { createDispatcher, type Dispatch } from './dispatcher';
import { FileGrants } from './file-grants';
import { createHandlers } from './handlers';
import { stopTotalsThread } from './handlers/invoice-totals';
import { relayEngineEvents } from './relay';
import type { Emit, HostInfo } from './types';
import { invoiceRow } from './views';

export { type AppSettingsStore, fileSettingsStore } from './app-settings';
export type { Dispatch } from './dispatcher';
export type { HostInfo } from './types';

export interface BridgeServerOptions {
  engine: Engine;
  /** The app's data folder (app settings, the demo account's folder). */
  dataDir: string;
  host: HostInfo;
  /** Default: a JSON file in the data folder. */
  settings?: AppSettingsStore;
  /** The embedded sandbox's demo company (started on first use), for accounts.tryDemo. */
  demo?: (() => Promise<DemoCompany>) | null;
  log?: Logger;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

export type AnyEventListener = <E extends BridgeEventName>(name: E, payload: BridgeEvents[E]) => void;

export interface BridgeServer {
  dispatch: Dispatch;
  /** One event; answers its unsubscribe. */
  subscribe<E extends BridgeEventName>(name: E, fn: (payload: BridgeEvents[E]) => void): () => void;
  /** Every event (a transport forwards them all); answers its unsubscribe. */
  subscribeAll(fn: AnyEventListener): () => void;
  close(): void;
}

/**
 * The main side of the bridge, whatever carries it (Electron IPC, or HTTP + WebSocket in headless
 * mode): `dispatch(name, rawInput)` runs a command, `subscribe` delivers the pushed events.
 */
export function createBridgeServer(o: BridgeServerOptions): BridgeServer {
  const log = o.log ?? silentLogger;
  const listeners = new Set<AnyEventListener>();
  const emit: Emit = (name, payload) => {
    for (const fn of listeners) {
      try {
        fn(name, payload);
      } catch (e) {
        log.warn('bridge event listener failed', { event: name, error: (e as Error).message });
      }
    }
  };
  const relay = relayEngineEvents(o.engine.events, o.engine.store.activity, emit, log, (accountId, id) => {
    const inv = o.engine.store.invoices.get(accountId, id);
    return inv ? invoiceRow(inv) : null;
  });
  const settings = o.settings ?? fileSettingsStore(appSettingsFile(o.dataDir));
  // Detect findings are worded by the service in the language asked for: the app's language.
  void Promise.resolve(settings.read())
    .then((s) => o.engine.setDetectLanguage(s.language))
    .catch(() => undefined);
  const handlers = createHandlers({
    engine: o.engine,
    dataDir: o.dataDir,
    host: o.host,
    settings,
    demo: o.demo ?? null,
    grants: new FileGrants(o.engine.store),
    emit,
    log,
    env: o.env ?? process.env,
    now: o.now ?? Date.now,
  });
  const subscribeAll = (fn: AnyEventListener) => {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  };
  return {
    dispatch: createDispatcher(handlers, log),
    subscribeAll,
    subscribe(name, fn) {
      return subscribeAll((event, payload) => {
        if ((event as BridgeEventName) === name) fn(payload as unknown as BridgeEvents[typeof name]);
      });
    },
    close() {
      relay.stop();
      listeners.clear();
      stopTotalsThread(o.engine.store);
    },
  };
}
