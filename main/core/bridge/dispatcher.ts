import type { BridgeResult } from '../../../shared/bridge/api';
import { type CommandName, commands, isCommandName, type ParsedInput } from '../../../shared/bridge/commands';
import type { Logger } from '../log';
import { invalidInput, toErrorView } from './errors';
import type { Handlers } from './types';

/**
 * `signal`: the page no longer wants the answer. A dispatch that relays to another process (the
 * desktop app's engine process) withdraws the call there and answers at once; one that runs the
 * handler itself lets it run (its transport, like the headless socket, withdraws before it starts).
 */
export type Dispatch = (name: unknown, rawInput: unknown, options?: { signal?: AbortSignal }) => Promise<BridgeResult<unknown>>;

/**
 * The one way into the main side, whatever the transport: unknown names are refused, every input is
 * parsed with the command's own schema before its handler runs, and every failure comes back as a
 * BridgeErrorView (never as a thrown error, never with a stack).
 */
export function createDispatcher(handlers: Handlers, log: Logger): Dispatch {
  async function run<K extends CommandName>(name: K, raw: unknown): Promise<BridgeResult<unknown>> {
    const parsed = commands[name].input.safeParse(raw);
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
    try {
      const handler: (input: ParsedInput<K>) => Promise<unknown> = handlers[name];
      return { ok: true, value: await handler(parsed.data as ParsedInput<K>) };
    } catch (e) {
      return { ok: false, error: toErrorView(e, name, log) };
    }
  }

  return (name, rawInput) => {
    if (!isCommandName(name)) {
      const shown = typeof name === 'string' ? `"${name.slice(0, 80)}"` : 'without a name';
      return Promise.resolve({ ok: false, error: { kind: 'invalid', message: `Unknown command ${shown}` } });
    }
    return run(name, rawInput);
  };
}
