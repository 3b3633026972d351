import type { CommandInput, CommandName, CommandOutput } from './commands';
import type { BridgeEventName, BridgeEvents } from './events';
import type { BridgeErrorView } from './views';

/**
 * What the renderer sees: `window.einvoice` in Electron (preload) and the same object over
 * HTTP + WebSocket in the browser. Every subscribe answers its unsubscribe.
 */
export interface Bridge {
  invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>>;
  subscribe<E extends BridgeEventName>(name: E, fn: (payload: BridgeEvents[E]) => void): () => void;
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
