import type { BridgeEventName, BridgeEvents, CommandInput, CommandName, CommandOutput, InvokeOptions } from '../../shared/bridge';
import { isKnownCommand } from '../../shared/bridge/command-names';
import { isBridgeEventName } from '../../shared/bridge/events';
import type { BridgeClient } from './http';
import { transportError, unwrapResult } from './http';

/**
 * What the Electron preload exposes as `window.einvoice`: `invoke` answers the main side's
 * `BridgeResult` as it came (an Error thrown across ipcRenderer.invoke loses its fields, so failures
 * travel as values); a call given a number can be withdrawn by it; `subscribe` answers its unsubscribe.
 */
export interface PreloadApi {
  invoke(name: string, input: unknown, call?: number): Promise<unknown>;
  withdraw(call: number): void;
  subscribe(name: string, fn: (payload: unknown) => void): () => void;
}

/** The preload's object on this window, or null outside Electron. */
export function findPreload(win: object): PreloadApi | null {
  const api: unknown = (win as { einvoice?: unknown }).einvoice;
  if (typeof api !== 'object' || api === null) return null;
  const { invoke, withdraw, subscribe } = api as Partial<PreloadApi>;
  return typeof invoke === 'function' && typeof withdraw === 'function' && typeof subscribe === 'function' ? (api as PreloadApi) : null;
}

/**
 * The same Bridge over Electron IPC. Events never disconnect, so the connection is always open. A
 * call with a signal is numbered: when the signal aborts, the call is withdrawn (main and the engine
 * drop it if it has not started) and rejected at once with the signal's reason, so a list typed over
 * asks for its newest query without waiting for the answer to one nobody reads.
 */
export function createIpcBridge(api: PreloadApi): BridgeClient {
  let lastCall = 0;
  const send = (name: string, input: unknown, signal: AbortSignal | undefined): Promise<unknown> => {
    if (!signal) return api.invoke(name, input);
    if (signal.aborted) return Promise.reject(signal.reason);
    const call = ++lastCall;
    const sent = api.invoke(name, input, call);
    return new Promise((resolve, reject) => {
      const withdraw = () => {
        // Its answer, if one still comes, is nobody's.
        sent.catch(() => undefined);
        reject(signal.reason);
        try {
          api.withdraw(call);
        } catch {
          // Not withdrawn: the call runs on and its answer is dropped, as over POST.
        }
      };
      signal.addEventListener('abort', withdraw, { once: true });
      sent.then(
        (v) => {
          signal.removeEventListener('abort', withdraw);
          resolve(v);
        },
        (e: unknown) => {
          signal.removeEventListener('abort', withdraw);
          reject(e);
        },
      );
    });
  };
  return {
    async invoke<K extends CommandName>(name: K, input: CommandInput<K>, options?: InvokeOptions): Promise<CommandOutput<K>> {
      if (!isKnownCommand(name)) throw transportError(`Unknown command ${String(name)}`, 'unknown_command', 400);
      const signal = options?.signal;
      let answer: unknown;
      try {
        answer = await send(name, input ?? {}, signal);
      } catch (e) {
        if (signal?.aborted && e === signal.reason) throw e;
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
