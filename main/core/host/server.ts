import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { isCommandName } from '../../../shared/bridge/commands';
import { isSocketCommand, MAX_SOCKET_FRAME } from '../../../shared/bridge/socket-commands';
import type { BridgeErrorView } from '../../../shared/bridge/views';
import type { BridgeServer } from '../bridge';
import { type Logger, silentLogger } from '../log';
import { notBuiltPage, unauthorizedPage } from './pages';
import { allowedHosts, bearer, cookieValue, newAccessToken, newHostName, SESSION_COOKIE, securityHeaders, tokenMatches } from './security';
import { createSocketCalls, parseSocketFrame } from './socket-calls';

export interface WebHostOptions {
  bridge: BridgeServer;
  /** 0 (the default): any free port. */
  port?: number;
  /** The built renderer (dist/renderer); a page saying how to build it is served until it exists. */
  rendererDir: string;
  /** The scripts' bearer key; random unless given (tests). */
  token?: string;
  log?: Logger;
}

export interface WebHost {
  /** http://127.0.0.1:<port>: where scripts send commands with the bearer key. */
  url: string;
  port: number;
  /** The bearer key of scripts (`Authorization: Bearer`); never part of a page's address. */
  token: string;
  /** `<random>.localhost`, the page's host name for this start. */
  hostName: string;
  /** http://<hostName>:<port>: the page's origin. */
  pageOrigin: string;
  /** The first access link, the one printed at start: `<pageOrigin>/?token=<one-time token>`. */
  link: string;
  /** Another access link, for one more browser: good for one page load, like the first. */
  newLink(): string;
  close(): Promise<void>;
}

const BRIDGE = '/bridge/';
const LINKS = '/host/links';
/** Settings with two logos (base64, up to about 3 MB each) are the largest command input. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** A page that stops reading its events is dropped rather than buffered without end. */
const MAX_SOCKET_BUFFER = 8 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const failure = (kind: BridgeErrorView['kind'], message: string) => ({ ok: false as const, error: { kind, message } });

/**
 * The headless web host: the bridge over loopback HTTP (POST /bridge/:name) and a WebSocket of pushed
 * events (GET /bridge/events), and the built renderer. Nothing gets in without the bearer key or a
 * page's session (from a one-time access link), from another page (Origin), or under another host name
 * (Host: DNS rebinding). See README.md.
 */
export async function startWebHost(o: WebHostOptions): Promise<WebHost> {
  const log = o.log ?? silentLogger;
  const token = o.token ?? newAccessToken();
  const hostName = newHostName();
  /** Access links not used yet: each opens one session, then is gone (a replay from history gets 401). */
  const unusedLinks = new Set<string>();
  /** The pages' sessions, by cookie value; they last as long as this process. */
  const sessions = new Set<string>();
  const rendererDir = resolve(o.rendererDir);
  const sockets = new Set<WebSocket>();
  let port = 0;

  const app = Fastify({ logger: false, bodyLimit: MAX_BODY_BYTES, trustProxy: false, return503OnClosing: true });
  await app.register(websocket, { options: { maxPayload: MAX_SOCKET_FRAME } });
  // Commands are JSON only: a text/plain body is what a cross-site form or beacon could send.
  app.removeContentTypeParser('text/plain');

  const wantsPage = (req: FastifyRequest) =>
    req.method === 'GET' && !req.url.startsWith(BRIDGE) && /text\/html/.test(req.headers.accept ?? '');
  const deny = (req: FastifyRequest, reply: FastifyReply, status: 401 | 403, message: string) => {
    reply.code(status).header('cache-control', 'no-store');
    if (status === 401) reply.header('www-authenticate', 'Bearer');
    if (wantsPage(req) && status === 401) return reply.type('text/html; charset=utf-8').send(unauthorizedPage());
    return reply.send(failure('user', message));
  };
  const pageHost = () => `${hostName}:${port}`;
  const authorized = (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (header !== undefined) return tokenMatches(bearer(header), token);
    // A session is good only under the page's own host name, where its cookie was set.
    const session = cookieValue(req.headers.cookie, SESSION_COOKIE);
    return req.headers.host === pageHost() && session !== null && sessions.has(session);
  };
  const newLink = () => {
    const once = newAccessToken();
    unusedLinks.add(once);
    return `http://${pageHost()}/?token=${once}`;
  };
  /** Takes the link's token out of the set: it is matched in constant time against each, then can never match again. */
  const spendLink = (offered: string | null) => {
    if (!offered) return false;
    for (const t of unusedLinks) {
      if (tokenMatches(offered, t)) {
        unusedLinks.delete(t);
        return true;
      }
    }
    return false;
  };

  app.addHook('onRequest', async (req, reply) => {
    reply.headers(securityHeaders(port, hostName));
    const host = req.headers.host ?? '';
    if (!allowedHosts(port, hostName).includes(host))
      return deny(req, reply, 403, 'This host answers to 127.0.0.1, localhost and its own name only');
    const upgrade = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || upgrade) {
      if (req.headers.origin !== `http://${host}`) return deny(req, reply, 403, "Only the app's own page may send commands");
    }
    if (authorized(req)) return;
    // An access link works once, under the page's host name: its token becomes a session of its own in an
    // HttpOnly cookie for that name alone, and the redirect takes it out of the address bar. The used
    // address that history keeps opens nothing.
    const url = new URL(req.url, `http://${host}`);
    const offered = url.searchParams.get('token');
    if (req.method === 'GET' && !upgrade && !url.pathname.startsWith(BRIDGE) && host === pageHost() && spendLink(offered)) {
      url.searchParams.delete('token');
      const session = newAccessToken();
      sessions.add(session);
      reply.header('set-cookie', `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict`);
      return reply.code(302).header('cache-control', 'no-store').header('location', `${url.pathname}${url.search}`).send();
    }
    return deny(req, reply, 401, 'The access token is missing or wrong');
  });

  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) log.error('web host request failed', { error: err.message });
    return reply
      .code(status)
      .send(failure(status < 500 ? 'invalid' : 'internal', status < 500 ? err.message : 'The host failed to answer'));
  });

  // Another access link, for a script holding the bearer key to open one more browser (tests do).
  app.post(LINKS, async (req, reply) => {
    if (req.headers.authorization === undefined) return deny(req, reply, 403, 'Only the bearer key makes access links');
    return reply.header('cache-control', 'no-store').send({ ok: true, value: { link: newLink() } });
  });

  app.post<{ Params: { name: string } }>('/bridge/:name', async (req, reply) => {
    const t0 = performance.now();
    const result = await o.bridge.dispatch(req.params.name, req.body ?? {});
    // The page's resource timing then tells the command's own time from the transport's (same origin only).
    const dispatchMs = performance.now() - t0;
    return reply
      .code(isCommandName(req.params.name) ? 200 : 404)
      .header('cache-control', 'no-store')
      .header('server-timing', `dispatch;dur=${dispatchMs.toFixed(2)}`)
      .send(result);
  });

  app.get('/bridge/events', { websocket: true }, (socket) => {
    sockets.add(socket);
    const send = (message: unknown) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_SOCKET_BUFFER) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(message));
    };
    const off = o.bridge.subscribeAll((event, payload) => send({ event, payload }));
    // The page's reads of the mirror (shared/bridge/socket-commands.ts), answered on the same socket;
    // one it withdrew before it started is not run (socket-calls.ts).
    const calls = createSocketCalls((id, name, input) => {
      if (!isSocketCommand(name)) {
        send({ reply: id, result: failure('invalid', `${String(name).slice(0, 80)} is not sent over the socket`) });
        return;
      }
      const t0 = performance.now();
      o.bridge.dispatch(name, input ?? {}).then(
        (result) => send({ reply: id, result, ms: Number((performance.now() - t0).toFixed(2)) }),
        (err: unknown) => {
          log.error('web host socket command failed', { command: name, error: err instanceof Error ? err.message : String(err) });
          send({ reply: id, result: failure('internal', 'The host failed to answer') });
        },
      );
    });
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? null : parseSocketFrame(String(data));
      if (frame) calls.receive(frame);
    });
    socket.on('close', () => {
      off();
      sockets.delete(socket);
    });
  });

  const hashedAssets = join(rendererDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: rendererDir,
    prefix: '/',
    wildcard: true,
    dotfiles: 'deny',
    index: ['index.html'],
    list: false,
    // Vite names each file under assets/ by its content hash, so a browser may keep those for good: a
    // reopened tab asks again only for the page, not for the 40-odd scripts and styles it already has.
    // Everything else (the page, the icon) is asked again each time.
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('cache-control', path.startsWith(hashedAssets) ? IMMUTABLE : 'no-cache'),
  });

  // Client-side routes (no file extension) get the app's page; until it is built, a page that says how.
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (req.method === 'GET' && !path.startsWith(BRIDGE) && !extname(path)) {
      reply.header('cache-control', 'no-store');
      if (existsSync(join(rendererDir, 'index.html'))) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(notBuiltPage());
    }
    return reply.code(404).send(failure('invalid', 'Not found'));
  });

  await app.listen({ host: '127.0.0.1', port: o.port ?? 0 });
  port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    token,
    hostName,
    pageOrigin: `http://${pageHost()}`,
    link: newLink(),
    newLink,
    async close() {
      for (const s of sockets) s.terminate();
      await app.close();
    },
  };
}
