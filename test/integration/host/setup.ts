import { readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import { type BridgeServer, createBridgeServer } from '../../../main/core/bridge';
import { startWebHost, type WebHost } from '../../../main/core/host/server';
import type { BridgeResult } from '../../../shared/bridge/api';
import type { BridgeEventName } from '../../../shared/bridge/events';
import { FIXTURES, startTestEngine, type TestEngine } from '../../support/engine';
import { form, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { keptTempDir } from '../../support/temp';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Plain node:http, so every header (Host included) is exactly what the test says. */
export function raw(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** What a browser holds after opening a fresh access link: the session cookie, under the page's host name. */
export async function pageSession(web: WebHost): Promise<{ cookie: string; host: string; origin: string }> {
  const host = `${web.hostName}:${web.port}`;
  const link = new URL(web.newLink());
  const load = await raw(web.port, 'GET', `${link.pathname}${link.search}`, { host, accept: 'text/html' });
  if (load.status !== 302) throw new Error(`the access link answered ${load.status}`);
  return { cookie: String(load.headers['set-cookie'] ?? '').split(';')[0] ?? '', host, origin: web.pageOrigin };
}

export interface HostUnderTest {
  sb: TestSandbox;
  company: TestCompany;
  te: TestEngine;
  bridge: BridgeServer;
  web: WebHost;
  origin: string;
  rendererDir: string;
  /** A command over HTTP as the browser sends it: JSON, the page's Origin, the token as a bearer. */
  call<T = unknown>(name: string, input?: unknown): Promise<BridgeResult<T>>;
  /** The event socket, authenticated by the cookie the page load set, with the page's Origin. */
  events(): Promise<EventSocket>;
  close(): Promise<void>;
}

export interface EventSocket {
  /** Resolves with the first event of that name whose payload satisfies `pred`. */
  next<T = unknown>(name: BridgeEventName, pred?: (payload: T) => boolean): Promise<T>;
  /** Sends one text frame as the page does. */
  send(frame: string): void;
  /** Resolves with the host's reply to that call number (shared/bridge/socket-commands.ts). */
  reply<T = unknown>(call: number): Promise<{ result: BridgeResult<T>; ms?: number }>;
  /** Resolves when the host closes the socket, with the close code. */
  closed(): Promise<number>;
  close(): void;
}

/** A received invoice delivered to the company by the sandbox's admin route, from a real fixture. */
export async function receive(sb: TestSandbox, company: TestCompany, fixture: string): Promise<string> {
  const data = await readFile(join(FIXTURES, 'invoices', fixture));
  const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
    method: 'POST',
    body: form({ name: fixture.split('/').pop() ?? 'invoice.xml', data }),
  });
  if (res.status !== 201) throw new Error(`receive failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The real engine on a sandbox company (or the one given), the bridge on it, and the web host on a free loopback port. */
export async function startHost(sb: TestSandbox, company: TestCompany, engine?: TestEngine): Promise<HostUnderTest> {
  const te = engine ?? (await startTestEngine(sb, company));
  const rendererDir = keptTempDir('einvoice-renderer-');
  const bridge = createBridgeServer({
    engine: te.engine,
    dataDir: te.dataDir,
    host: {
      kind: 'browser',
      version: 'test',
      capabilities: { openFiles: false, startAtLogin: false, notifications: false },
      secretStore: { kind: 'memory', label: 'memory only' },
    },
  });
  const web = await startWebHost({ bridge, rendererDir });
  const origin = web.url;
  const sockets = new Set<WebSocket>();

  const call: HostUnderTest['call'] = async (name, input = {}) => {
    const res = await fetch(`${web.url}/bridge/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${web.token}`, origin, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (await res.json()) as BridgeResult<never>;
  };

  const events = async (): Promise<EventSocket> => {
    const { cookie, host } = await pageSession(web);
    const ws = new WebSocket(`ws://127.0.0.1:${web.port}/bridge/events`, { headers: { origin: web.pageOrigin, cookie, host } });
    sockets.add(ws);
    const seen: { event: BridgeEventName; payload: unknown; reply?: number; result?: unknown; ms?: number }[] = [];
    const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
    const waiters = new Set<() => void>();
    ws.on('message', (data: Buffer) => {
      seen.push(JSON.parse(data.toString('utf8')) as { event: BridgeEventName; payload: unknown });
      for (const w of waiters) w();
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    type Frame = (typeof seen)[number];
    /** What `match` makes of the first frame it takes, from frames seen and to come; fails after 20 s with `missing()`. */
    const first = <R>(match: (m: Frame) => { value: R } | null, missing: () => string) =>
      new Promise<R>((resolve, reject) => {
        let from = 0;
        const look = () => {
          for (; from < seen.length; from++) {
            const found = match(seen[from] as Frame);
            if (found) {
              clearTimeout(timer);
              waiters.delete(look);
              resolve(found.value);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(missing()));
        }, 20_000);
        waiters.add(look);
        look();
      });
    return {
      next<T>(name: BridgeEventName, pred: (payload: T) => boolean = () => true) {
        return first(
          (m) => (m.event === name && pred(m.payload as T) ? { value: m.payload as T } : null),
          () => `no '${name}' event arrived; saw ${seen.map((s) => s.event).join(', ')}`,
        );
      },
      send: (frame) => ws.send(frame),
      reply<T>(call: number) {
        return first(
          (m) =>
            m.reply === call ? { value: { result: m.result as BridgeResult<T>, ...(m.ms === undefined ? {} : { ms: m.ms }) } } : null,
          () => `no reply to call ${call}`,
        );
      },
      closed: () => closed,
      close: () => ws.close(),
    };
  };

  return {
    sb,
    company,
    te,
    bridge,
    web,
    origin,
    rendererDir,
    call,
    events,
    async close() {
      for (const ws of sockets) ws.terminate();
      await web.close();
      bridge.close();
      await te.close();
      await rm(rendererDir, { recursive: true, force: true });
    },
  };
}
