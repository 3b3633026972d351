import { createHash, timingSafeEqual } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { SANDBOX_KEY_HEADER } from '../shared/sandbox-key';
import { createContext, type SandboxContext, type SandboxOptions } from './context';
import { installErrorHandling } from './http/errors';
import { MAX_UPLOAD_BYTES } from './http/multipart';
import { installProfile } from './profile-real';
import { ROUTE_MODULES } from './routes';

export interface RouteInfo {
  method: string;
  url: string;
}

export interface Sandbox {
  app: FastifyInstance;
  ctx: SandboxContext;
  /** Every route it serves (the fuzz test walks them all). */
  routes: RouteInfo[];
  /** Base URL once listening, such as http://127.0.0.1:43121 */
  url: string;
  close(): Promise<void>;
}

export interface ListenOptions extends SandboxOptions {
  port?: number;
  host?: string;
  logger?: boolean;
  /** Refuse every request whose Host is not this sandbox's own address, or whose Origin is another's. */
  ownOriginOnly?: boolean;
  /** Refuse every request without this key in the x-einvoice-sandbox-key header (the app's embedded sandbox). */
  appKey?: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Builds the sandbox app without listening (tests may use app.inject). */
export async function buildSandbox(opts: SandboxOptions & { logger?: boolean } = {}) {
  const ctx = await createContext(opts);
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    bodyLimit: 16 * 1024 * 1024,
    // Keep-alive clients (undici) reuse sockets; the default 72 s outlives most pools.
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseQueryString(body as string));
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });
  installErrorHandling(app);
  // The service's Date and its timestamps come from one clock: a test that moves the sandbox's time on
  // (POST /__sandbox/clock) moves the Date it answers with too, as the real service's would be.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('date', new Date(ctx.now()).toUTCString());
  });
  installProfile(app, ctx);
  ctx.faults.install(app);
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  for (const register of ROUTE_MODULES) register(app, ctx);
  return { app, ctx, routes };
}

export async function startSandbox(opts: ListenOptions = {}): Promise<Sandbox> {
  const { app, ctx, routes } = await buildSandbox(opts);
  const host = opts.host ?? '127.0.0.1';
  let port = opts.port;
  if (opts.ownOriginOnly) {
    // The app's embedded sandbox answers the app alone: a page of any other origin (another loopback
    // port, a rebound DNS name) gets nothing, not even the admin API. Node's requests send no Origin.
    app.addHook('onRequest', async (req, reply) => {
      const own = [`127.0.0.1:${port}`, `localhost:${port}`];
      const origin = req.headers.origin;
      if (!own.includes(req.headers.host ?? '') || (origin !== undefined && !own.some((h) => origin === `http://${h}`)))
        return reply.code(403).send({ code: 'forbidden', message: 'This sandbox answers only the app that started it' });
    });
  }
  const appKey = opts.appKey;
  if (appKey !== undefined) {
    // Host and Origin keep web pages out; the key keeps out everything but the app, another user's
    // processes on this computer included. Compared as digests: in constant time, whatever the length.
    const want = digest(appKey);
    app.addHook('onRequest', async (req, reply) => {
      const given = req.headers[SANDBOX_KEY_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), want))
        return reply.code(403).send({ code: 'forbidden', message: 'This sandbox answers only the app that started it' });
    });
  }
  await app.listen({ port: opts.port ?? 0, host });
  const addr = app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    app,
    ctx,
    routes,
    url,
    close: async () => {
      ctx.faults.clear();
      await app.close();
      ctx.store.close();
    },
  };
}
