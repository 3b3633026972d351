import { EVENT_CHANNEL, INVOKE_CHANNEL, isCallNumber, WITHDRAW_CHANNEL } from '../shared/bridge/channels';
import { isKnownCommand } from '../shared/bridge/command-names';
import { type BridgeEventName, isBridgeEventName } from '../shared/bridge/events';

/** The part of Electron's ipcRenderer the preload uses (tests hand in their own). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * What `window.einvoice` is: the Bridge of shared/bridge/api.ts, untyped at this edge because the page
 * is not trusted to respect types. `invoke` answers main's BridgeResult as it came; a call given a
 * number (`call`) can be withdrawn by it (`withdraw`): the engine skips it if it has not started it.
 * `subscribe` answers its unsubscribe.
 */
export interface PreloadApi {
  invoke(name: string, input: unknown, call?: number): Promise<unknown>;
  withdraw(call: number): void;
  subscribe(name: string, fn: (payload: unknown) => void): () => void;
}

type Listener = (payload: unknown) => void;

/**
 * Names outside the contract are refused here, before anything crosses to main: a command as a
 * rejected promise, an event as a thrown error. Main checks again (the page could have been replaced),
 * but nothing unknown leaves the renderer.
 */
export function createPreloadApi(ipc: IpcRendererLike, report: (message: string, error: unknown) => void): PreloadApi {
  const listeners = new Map<BridgeEventName, Set<Listener>>();
  let listening = false;

  // One IPC listener for every subscription: main sends (name, payload) on the one event channel.
  const listen = () => {
    if (listening) return;
    listening = true;
    ipc.on(EVENT_CHANNEL, (_event, name, payload) => {
      if (!isBridgeEventName(name)) return;
      for (const fn of [...(listeners.get(name) ?? [])]) {
        try {
          fn(payload);
        } catch (e) {
          report(`A listener of "${name}" failed`, e);
        }
      }
    });
  };

  return {
    invoke(name, input, call) {
      if (!isKnownCommand(name)) {
        const shown = typeof name === 'string' ? `"${name.slice(0, 80)}"` : 'without a name';
        return Promise.reject(new Error(`Unknown command ${shown}: the preload sends only the bridge's commands`));
      }
      if (call === undefined) return ipc.invoke(INVOKE_CHANNEL, name, input ?? {});
      if (!isCallNumber(call)) return Promise.reject(new TypeError('A call number is a whole number of 1 or more'));
      return ipc.invoke(INVOKE_CHANNEL, name, input ?? {}, call);
    },
    withdraw(call) {
      if (!isCallNumber(call)) throw new TypeError('A call number is a whole number of 1 or more');
      ipc.send(WITHDRAW_CHANNEL, call);
    },
    subscribe(name, fn) {
      if (!isBridgeEventName(name)) {
        throw new Error(`Unknown event "${String(name).slice(0, 80)}": the preload delivers only the bridge's events`);
      }
      if (typeof fn !== 'function') throw new TypeError('subscribe needs a function to call');
      listen();
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      // A wrapper per call, so subscribing the same function twice gives two independent subscriptions.
      const entry: Listener = (payload) => fn(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
  };
}
