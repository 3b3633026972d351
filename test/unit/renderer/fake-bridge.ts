import type { BridgeClient, ConnectionState } from '../../../renderer/bridge/http';
import {
  BridgeError,
  type BridgeErrorView,
  type BridgeEventName,
  type BridgeEvents,
  type CommandInput,
  type CommandName,
  type CommandOutput,
} from '../../../shared/bridge';

export type Handlers = { [K in CommandName]?: (input: CommandInput<K>) => CommandOutput<K> | Promise<CommandOutput<K>> };

export interface FakeBridge extends BridgeClient {
  calls: { name: CommandName; input: unknown }[];
  callsOf<K extends CommandName>(name: K): CommandInput<K>[];
  emit<E extends BridgeEventName>(name: E, payload: BridgeEvents[E]): void;
  setConnection(state: ConnectionState): void;
  listenerCount(name: BridgeEventName): number;
}

/** A bridge whose commands answer from handlers (a missing one fails loudly) and whose events tests push. */
export function fakeBridge(given: Handlers): FakeBridge {
  // The Outbox asks for its files without a row beside its rows: none, unless a test says otherwise.
  const handlers: Handlers = { 'outbox.pending': () => [], ...given };
  const calls: { name: CommandName; input: unknown }[] = [];
  const listeners = new Map<BridgeEventName, Set<(p: unknown) => void>>();
  const connection = new Set<(s: ConnectionState) => void>();
  return {
    calls,
    callsOf<K extends CommandName>(name: K) {
      return calls.filter((c) => c.name === name).map((c) => c.input as CommandInput<K>);
    },
    async invoke<K extends CommandName>(name: K, input: CommandInput<K>): Promise<CommandOutput<K>> {
      calls.push({ name, input });
      const h = handlers[name] as ((i: CommandInput<K>) => CommandOutput<K> | Promise<CommandOutput<K>>) | undefined;
      if (!h) throw new BridgeError({ kind: 'internal', message: `no handler for ${name} in this test` });
      return h(input);
    },
    subscribe<E extends BridgeEventName>(name: E, fn: (payload: BridgeEvents[E]) => void) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      const entry = fn as (p: unknown) => void;
      set.add(entry);
      return () => {
        set?.delete(entry);
      };
    },
    emit(name, payload) {
      for (const fn of listeners.get(name) ?? []) fn(payload);
    },
    onConnection(fn) {
      connection.add(fn);
      fn('open');
      return () => {
        connection.delete(fn);
      };
    },
    setConnection(state) {
      for (const fn of connection) fn(state);
    },
    listenerCount(name) {
      return listeners.get(name)?.size ?? 0;
    },
    connect() {},
    close() {},
  };
}

export const fail = (view: Partial<BridgeErrorView> & { message: string }): never => {
  throw new BridgeError({ kind: 'invalid', ...view });
};

/** A promise a test resolves when it chooses (to hold a command's answer back). */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run (answers of fake commands are one microtask away). */
export const flush = async (rounds = 5) => {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
};
