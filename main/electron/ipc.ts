import type { BridgeResult } from '../../shared/bridge/api';
import { EVENT_CHANNEL, INVOKE_CHANNEL, isCallNumber, WITHDRAW_CHANNEL } from '../../shared/bridge/channels';
import { commands, isCommandName } from '../../shared/bridge/commands';
import type { BridgeEventName, BridgeEvents } from '../../shared/bridge/events';
import type { Dispatch } from '../core/bridge';
import { invalidInput } from '../core/bridge/errors';
import type { Logger } from '../core/log';
import { isAppUrl } from './origin';

/** The part of a WebFrameMain the sender check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}

/** The part of an IpcMainInvokeEvent the handler reads. */
export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
  on(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => void): unknown;
}

export interface BridgeIpcOptions {
  ipcMain: IpcMainLike;
  /** Runs a command (in the engine process); answers its BridgeResult. */
  dispatch: Dispatch;
  /** Whether a webContents id is one of the app's own windows. */
  isAppContents: (id: number) => boolean;
  log: Logger;
}

const refused = (message: string): BridgeResult<never> => ({ ok: false, error: { kind: 'invalid', message } });

/**
 * Why a sender may not use the bridge, or null when it may: it must be the main frame (not an iframe,
 * which could show anything) of one of the app's windows, showing an app:// page.
 */
export function senderProblem(event: InvokeEventLike, isAppContents: (id: number) => boolean): string | null {
  const frame = event.senderFrame;
  if (!frame) return 'the sending frame is gone';
  if (!isAppContents(event.sender.id)) return 'the sender is not a window of this app';
  if (frame.parent !== null) return 'the sender is a subframe';
  if (!isAppUrl(frame.url)) return 'the sender is not showing the app';
  return null;
}

/**
 * The app's IPC handlers. Main checks who is asking and what, with the contract's own schemas, before
 * anything reaches the engine process (which parses the input again as every transport does).
 * Failures come back as BridgeResult values: an Error thrown across ipcRenderer.invoke loses its fields.
 * A call the page numbered can be withdrawn on WITHDRAW by the window that made it: its dispatch is
 * told (the engine process skips it if it has not started it), and its answer is nobody's.
 */
export function registerBridgeIpc(o: BridgeIpcOptions): () => void {
  /** Numbered calls in flight, by window and number. */
  const inFlight = new Map<string, AbortController>();
  const keyOf = (event: InvokeEventLike, call: number) => `${event.sender.id}:${call}`;
  o.ipcMain.handle(INVOKE_CHANNEL, async (event, name, input, call) => {
    const problem = senderProblem(event, o.isAppContents);
    if (problem) {
      o.log.warn('bridge call refused', { reason: problem, sender: event.sender.id });
      return refused("Only the app's own page may use the app's bridge");
    }
    if (!isCommandName(name)) {
      const shown = typeof name === 'string' ? `"${name.slice(0, 80)}"` : 'without a name';
      return refused(`Unknown command ${shown}`);
    }
    if (call !== undefined && !isCallNumber(call)) return refused('A call number is a whole number of 1 or more');
    const parsed = commands[name].input.safeParse(input);
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
    if (call === undefined) return o.dispatch(name, input);
    const key = keyOf(event, call);
    // A number used again while its first call is in flight withdraws nothing of the first's.
    if (inFlight.has(key)) return refused('That call number is in use');
    const ask = new AbortController();
    inFlight.set(key, ask);
    try {
      return await o.dispatch(name, input, { signal: ask.signal });
    } finally {
      // Its own: a second call under the number was refused above while this one was in flight.
      inFlight.delete(key);
    }
  });
  const withdraw = (event: InvokeEventLike, call: unknown) => {
    // Only the window that made a call can withdraw it: the key carries its id.
    if (senderProblem(event, o.isAppContents) || !isCallNumber(call)) return;
    inFlight.get(keyOf(event, call))?.abort();
  };
  o.ipcMain.on(WITHDRAW_CHANNEL, withdraw);
  return () => {
    o.ipcMain.removeHandler(INVOKE_CHANNEL);
    o.ipcMain.removeListener(WITHDRAW_CHANNEL, withdraw);
  };
}

/** The part of a WebContents that receives pushed events. */
export interface EventTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, ...args: unknown[]): void;
}

/** Pushes a bridge event to every window that is showing the app (and to no other page). */
export function sendBridgeEvent<E extends BridgeEventName>(targets: Iterable<EventTarget>, name: E, payload: BridgeEvents[E]): void {
  for (const contents of targets) {
    if (contents.isDestroyed() || !isAppUrl(contents.getURL())) continue;
    contents.send(EVENT_CHANNEL, name, payload);
  }
}
