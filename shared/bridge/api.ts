import type { CommandInput, CommandName, CommandOutput } from './commands';
import type { BridgeEventName, BridgeEvents } from './events';
import type { BridgeErrorView } from './views';

/**
 * What the renderer sees: `window.einvoice` in Electron (preload) and the same object over
 * HTTP + WebSocket in the browser. Every subscribe answers its unsubscribe.
 */
export interface Bridge {
  invoke<K extends CommandName>(name: K, input: CommandInput<K>, options?: InvokeOptions): Promise<CommandOutput<K>>;
  subscribe<E extends BridgeEventName>(name: E, fn: (payload: BridgeEvents[E]) => void): () => void;
}

/**
 * `signal`: the caller no longer wants the answer (a list's query typed over). A transport that can
 * withdraw a call the app has not started (the headless page's socket, the desktop app's IPC) does
 * so and rejects at once with the signal's reason; the other (a POST) lets the call run and answers
 * as usual, so a caller that asks again only once its call settled never has the app work through a
 * queue of answers nobody reads.
 */
export interface InvokeOptions {
  signal?: AbortSignal;
}

/** A failed command, as the renderer receives it. */
export class BridgeError extends Error {
  constructor(readonly view: BridgeErrorView) {
    super(view.message);
    this.name = 'BridgeError';
  }
}

/** The wire shape of a command's answer (both transports). */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorView };
