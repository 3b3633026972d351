import type { BridgeEventName, BridgeEvents, CommandInput, CommandName, CommandOutput } from '../../shared/bridge';
import { isKnownCommand } from '../../shared/bridge/command-names';
import { isBridgeEventName } from '../../shared/bridge/events';
import type { BridgeClient } from './http';
import { transportError, unwrapResult } from './http';

/**
 * What the Electron preload exposes as `window.einvoice`: `invoke` answers the main side's
 * `BridgeResult` as it came (an Error thrown across ipcRenderer.invoke loses its fields, so failures
 * travel as values), and `subscribe` answers its unsubscribe.
 */
export interface PreloadApi {
  invoke(name: string, input: unknown): Promise<unknown>;
  subscribe(name: string, fn: (payload: unknown) => void): () => void;
}

/** The preload's object on this window, or null outside Electron. */
export function findPreload(win: object): PreloadApi | null {
  const api: unknown = (win as { einvoice?: unknown }).einvoice;
  if (typeof api !== 'object' || api === null) return null;
  const { invoke, subscribe } = api as Partial<PreloadApi>;
  return typeof invoke === 'function' && typeof subscribe === 'function' ? (api as PreloadApi) : null;
}

/** The same Bridge over Electron IPC. Events never disconnect, so the connection is always open. */
export function createIpcBridge(api: PreloadApi): BridgeClient {
  return {
    async invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
      if (!isKnownCommand(name)) throw transportError(`Unknown command ${String(name)}`, 'unknown_command', 400);
      let answer: unknown;
      try {
        answer = await api.invoke(name, input ?? {});
      } catch (e) {
        throw transportError(e instanceof Error ? e.message : 'The app did not answer.', 'ipc_failed');
      }
      return unwrapResult<CommandOutput<K>>(answer);
    },
    subscribe<E extends BridgeEventName>(name: E, fn: (payload: BridgeEvents[E]) => void): () => void {
      if (!isBridgeEventName(name)) return () => {};
      return api.subscribe(name, (payload) => fn(payload as BridgeEvents[E]));
    },
    onConnection(fn) {
      fn('open');
      return () => {};
    },
    connect() {},
    close() {},
  };
}
