import type {
  Bridge,
  BridgeErrorView,
  BridgeEventName,
  BridgeEvents,
  CommandInput,
  CommandName,
  CommandOutput,
  InvokeOptions,
} from '../../shared/bridge';
// Runtime imports name the zod-free modules: the index brings the contract's schemas into the first script.
import { BridgeError } from '../../shared/bridge/api';
import { isBridgeEventName } from '../../shared/bridge/events';
import { isSocketCommand, MAX_SOCKET_FRAME } from '../../shared/bridge/socket-commands';

/** The part of a WebSocket the event channel uses, so tests can hand in their own. */
export interface SocketLike {
  onopen: (() => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface HttpBridgeDeps {
  /** Where the host serves the bridge, such as `http://127.0.0.1:4321` (no trailing slash needed). */
  baseUrl: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  openSocket: (url: string) => SocketLike;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  random?: () => number;
  /** Told how long each command sent over the socket took, and the host's part of it (the speed bench reads these). */
  onSocketCall?: (name: CommandName, start: number, hostMs: number | null) => void;
}

/** A bridge that can also say whether pushed events are flowing (the UI shows "reconnecting"). */
export interface BridgeClient extends Bridge {
  onConnection(fn: (state: ConnectionState) => void): () => void;
  /**
   * Opens the event channel now rather than at the first subscription (nothing if it is open or
   * always is). The window calls it before its first render: reads asked right after that render then
   * find the socket open.
   */
  connect(): void;
  close(): void;
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

/** Why a command failed when the host gave no answer we can read. */
export const transportError = (message: string, code: string, status: number | null = null): BridgeError =>
  new BridgeError({ message, kind: status !== null && status < 500 ? 'internal' : 'retry', code, status });

function isResult(v: unknown): v is { ok: true; value: unknown } | { ok: false; error: BridgeErrorView } {
  if (typeof v !== 'object' || v === null || !('ok' in v)) return false;
  const r = v as { ok: unknown; error?: unknown };
  if (r.ok === true) return 'value' in v;
  return (
    r.ok === false && typeof r.error === 'object' && r.error !== null && typeof (r.error as { message?: unknown }).message === 'string'
  );
}

/** Unwraps a wire answer of either transport into the value, or throws its BridgeError. */
export function unwrapResult<T>(answer: unknown): T {
  if (!isResult(answer)) throw transportError('The app answered something it should not have.', 'bad_answer');
  if (answer.ok) return answer.value as T;
  throw new BridgeError(answer.error);
}

/**
 * The browser side of the headless host (main/core/host/README.md): each command is
 * `POST /bridge/<name>` with its JSON input, answered `{ok, value | error}`; events arrive on one
 * WebSocket at `/bridge/events` as `{event, payload}`. The access cookie the host set on page load
 * rides along on both. The socket reconnects with a capped, jittered back-off; listeners stay put.
 *
 * While the socket is open, the commands that only read the mirror (shared/bridge/socket-commands.ts)
 * go over it as `{call, name, input}`, answered `{reply, result}`: a fetch from Chromium costs 9-12 ms
 * of every keystroke's page before the host sees it. A call whose socket closes before its answer is
 * sent again by POST, which a read may be. A socket call whose signal aborts before its answer is
 * withdrawn (`{cancel}`): the host does not start it if it has not yet, and the call rejects at once,
 * so the caller's next query goes out without waiting for an answer nobody reads. A POST runs on.
 */
export function createHttpBridge(deps: HttpBridgeDeps): BridgeClient {
  const base = deps.baseUrl.replace(/\/+$/, '');
  const wsUrl = `${base.replace(/^http/, 'ws')}/bridge/events`;
  const listeners = new Map<BridgeEventName, Set<(payload: never) => void>>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const random = deps.random ?? Math.random;
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let closed = false;
  let state: ConnectionState = 'closed';
  type Pending = { name: CommandName; body: string; start: number; resolve: (v: unknown) => void; reject: (e: unknown) => void };
  const pending = new Map<number, Pending>();
  let lastCall = 0;
  const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const fn of connectionListeners) fn(next);
  };

  const dispatch = (raw: unknown) => {
    if (typeof raw !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof msg !== 'object' || msg === null) return;
    if ('reply' in msg) {
      const { reply, result, ms } = msg as { reply?: unknown; result?: unknown; ms?: unknown };
      const call = typeof reply === 'number' ? pending.get(reply) : undefined;
      if (!call) return;
      pending.delete(reply as number);
      deps.onSocketCall?.(call.name, call.start, typeof ms === 'number' ? ms : null);
      try {
        call.resolve(unwrapResult(result));
      } catch (e) {
        call.reject(e);
      }
      return;
    }
    const { event, payload } = msg as { event?: unknown; payload?: unknown };
    if (!isBridgeEventName(event)) return;
    for (const fn of listeners.get(event) ?? []) (fn as (p: unknown) => void)(payload);
  };

  const scheduleReconnect = () => {
    if (closed || timer !== null) return;
    const cap = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** attempt);
    attempt++;
    // Full jitter: many tabs of one host do not all come back in the same millisecond.
    timer = deps.setTimer(
      () => {
        timer = null;
        connect();
      },
      Math.round(cap / 2 + (random() * cap) / 2),
    );
  };

  const connect = () => {
    if (closed || socket) return;
    setState('connecting');
    let s: SocketLike;
    try {
      s = deps.openSocket(wsUrl);
    } catch {
      setState('closed');
      scheduleReconnect();
      return;
    }
    socket = s;
    s.onopen = () => {
      attempt = 0;
      setState('open');
    };
    s.onmessage = (ev) => dispatch(ev.data);
    s.onerror = () => s.close();
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      setState('closed');
      resendByPost();
      scheduleReconnect();
    };
  };

  const post = async (name: CommandName, body: string): Promise<unknown> => {
    let res: Response;
    try {
      res = await deps.fetch(`${base}/bridge/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        credentials: 'same-origin',
      });
    } catch {
      throw transportError('The app cannot be reached.', 'unreachable');
    }
    let answer: unknown;
    try {
      answer = await res.json();
    } catch {
      throw transportError(`The app answered HTTP ${res.status} without a readable body.`, 'bad_answer', res.status);
    }
    return unwrapResult(answer);
  };

  /** The socket's unanswered calls go again by POST: each only reads, so running twice changes nothing. */
  const resendByPost = () => {
    const left = [...pending.values()];
    pending.clear();
    for (const call of left) post(call.name, call.body).then(call.resolve, call.reject);
  };

  /** Sends a read over the open socket; null when it has to go by POST. */
  const overSocket = (name: CommandName, body: string, signal?: AbortSignal): Promise<unknown> | null => {
    const s = socket;
    if (!s || state !== 'open' || !isSocketCommand(name)) return null;
    const call = ++lastCall;
    const frame = `{"call":${call},"name":${JSON.stringify(name)},"input":${body}}`;
    // The host counts bytes; a UTF-16 unit is at most 3 bytes of UTF-8, so this never sends a frame
    // the host would refuse by closing the socket (only ones of over 1,365 characters go by POST).
    if (frame.length * 3 > MAX_SOCKET_FRAME) return null;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const withdraw = () => {
        if (!pending.delete(call)) return;
        // Still pending, so still on the socket it went out on (a closing socket hands its calls to POST).
        try {
          s.send(`{"cancel":${call}}`);
        } catch {
          // A socket that cannot send has closed: the host drops what it had not started.
        }
        reject(signal?.reason);
      };
      const unwatch = () => signal?.removeEventListener('abort', withdraw);
      pending.set(call, {
        name,
        body,
        start: now(),
        resolve: (v) => {
          unwatch();
          resolve(v);
        },
        reject: (e) => {
          unwatch();
          reject(e);
        },
      });
      signal?.addEventListener('abort', withdraw, { once: true });
      try {
        s.send(frame);
      } catch {
        pending.delete(call);
        unwatch();
        post(name, body).then(resolve, reject);
      }
    });
  };

  return {
    async invoke<K extends CommandName>(name: K, input: CommandInput<K>, options?: InvokeOptions): Promise<CommandOutput<K>> {
      const body = JSON.stringify(input ?? {});
      return (await (overSocket(name, body, options?.signal) ?? post(name, body))) as CommandOutput<K>;
    },

    subscribe<E extends BridgeEventName>(name: E, fn: (payload: BridgeEvents[E]) => void): () => void {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      const entry = fn as (payload: never) => void;
      set.add(entry);
      connect();
      return () => {
        listeners.get(name)?.delete(entry);
      };
    },

    onConnection(fn) {
      connectionListeners.add(fn);
      fn(state);
      return () => {
        connectionListeners.delete(fn);
      };
    },

    connect,

    close() {
      closed = true;
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
      const s = socket;
      socket = null;
      s?.close();
      setState('closed');
      resendByPost();
    },
  };
}
