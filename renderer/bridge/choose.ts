import { type BridgeClient, createHttpBridge, type SocketLike } from './http';
import { createIpcBridge, findPreload } from './ipc';

function openSocket(win: Window & typeof globalThis, url: string): SocketLike {
  const ws = new win.WebSocket(url);
  const socket: SocketLike = { onopen: null, onclose: null, onerror: null, onmessage: null, close: () => ws.close() };
  ws.onopen = () => socket.onopen?.();
  ws.onclose = () => socket.onclose?.();
  ws.onerror = () => socket.onerror?.();
  ws.onmessage = (ev) => socket.onmessage?.({ data: ev.data });
  return socket;
}

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
  });
}
