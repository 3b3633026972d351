import { type BridgeClient, createHttpBridge, type SocketLike } from './http';
import { createIpcBridge, findPreload } from './ipc';

function openSocket(win: Window & typeof globalThis, url: string): SocketLike {
  const ws = new win.WebSocket(url);
  const socket: SocketLike = {
    onopen: null,
    onclose: null,
    onerror: null,
    onmessage: null,
    send: (data) => ws.send(data),
    close: () => ws.close(),
  };
  ws.onopen = () => socket.onopen?.();
  ws.onclose = () => socket.onclose?.();
  ws.onerror = () => socket.onerror?.();
  ws.onmessage = (ev) => socket.onmessage?.({ data: ev.data });
  return socket;
}

/**
 * The User Timing entries the speed bench reads for the list's pages and totals sent over the socket
 * (`einvoice:socket:invoices.list`): start, end and the host's part. Only these two, one or two a
 * keystroke, as the list's own QUERY_MEASURE.
 */
const SOCKET_MEASURE = 'einvoice:socket:';
const MEASURED = new Set(['invoices.list', 'invoices.totals']);

/** Electron's preload when it is there, else the headless host that served this page. */
export function chooseBridge(win: Window & typeof globalThis): BridgeClient {
  const preload = findPreload(win);
  if (preload) return createIpcBridge(preload);
  return createHttpBridge({
    baseUrl: win.location.origin,
    fetch: (url, init) => win.fetch(url, init),
    openSocket: (url) => openSocket(win, url),
    setTimer: (fn, ms) => win.setTimeout(fn, ms),
    clearTimer: (handle) => win.clearTimeout(handle as number),
    onSocketCall: (name, start, hostMs) => {
      if (MEASURED.has(name))
        win.performance.measure(`${SOCKET_MEASURE}${name}`, { start, end: win.performance.now(), detail: { host: hostMs } });
    },
  });
}
