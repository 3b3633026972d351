import type { Wire } from './engine-protocol';

/** The part of Electron's MessagePortMain used here. */
export interface MessagePortMainLike {
  on(event: 'message', listener: (e: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (e: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
  start(): void;
  close(): void;
}

/** Electron's MessagePortMain (main and utility process) as a Wire. */
export function messagePortMainWire(port: MessagePortMainLike): Wire {
  port.start();
  return {
    post: (m) => port.postMessage(m),
    onMessage(fn) {
      const listener = (e: { data: unknown }) => fn(e.data);
      port.on('message', listener);
      return () => {
        port.off('message', listener);
      };
    },
    close: () => port.close(),
  };
}

/** The part of node:worker_threads' MessagePort used here (tests carry the protocol over one). */
export interface NodePortLike {
  on(event: 'message', listener: (value: unknown) => void): unknown;
  off(event: 'message', listener: (value: unknown) => void): unknown;
  postMessage(message: unknown): void;
  close(): void;
}

export function nodePortWire(port: NodePortLike): Wire {
  return {
    post: (m) => port.postMessage(m),
    onMessage(fn) {
      port.on('message', fn);
      return () => {
        port.off('message', fn);
      };
    },
    close: () => port.close(),
  };
}
