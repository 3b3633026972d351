import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { type HostUnderTest, pageSession, raw, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
let port: number;
let json: (extra?: Record<string, string>) => Record<string, string>;

beforeAll(async () => {
  sb = await startTestSandbox();
  h = await startHost(sb, await sb.company());
  port = h.web.port;
  json = (extra = {}) => ({ 'content-type': 'application/json', origin: h.origin, ...extra });
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

const post = (path: string, headers: Record<string, string>, body = '{}') => raw(port, 'POST', path, headers, body);

/** The WebSocket handshake's answer: 'open', or the HTTP status that refused it. */
function handshake(headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/bridge/events`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => undefined);
  });
}

describe('the access token', () => {
  it('is 32 random bytes, and nothing answers without it (401)', async () => {
    expect(Buffer.from(h.web.token, 'base64url')).toHaveLength(32);
    const none = await post('/bridge/accounts.list', json());
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toEqual({ ok: false, error: { kind: 'user', message: 'The access token is missing or wrong' } });
    expect(none.body).not.toContain('Test');
    expect((await raw(port, 'GET', '/', { accept: 'text/html' })).status).toBe(401);
    expect((await raw(port, 'GET', '/assets/app.js')).status).toBe(401);
  });

  it('refuses a wrong token in every place it may come from (401)', async () => {
    const wrong = `${h.web.token.slice(0, -2)}xx`;
    const page = { host: `${h.web.hostName}:${port}` };
    expect((await post('/bridge/accounts.list', json({ authorization: `Bearer ${wrong}` }))).status).toBe(401);
    expect((await post('/bridge/accounts.list', json({ authorization: `Basic ${h.web.token}` }))).status).toBe(401);
    expect((await post('/bridge/accounts.list', json({ cookie: `einvoice_session=${wrong}` }))).status).toBe(401);
    expect((await raw(port, 'GET', `/?token=${wrong}`, page)).status).toBe(401);
    // The bearer key is no access link, nor a session.
    expect((await raw(port, 'GET', `/?token=${h.web.token}`, page)).status).toBe(401);
    expect((await raw(port, 'GET', '/', { ...page, cookie: `einvoice_session=${h.web.token}` })).status).toBe(401);
    // a right session does not rescue a wrong Authorization header
    const { cookie } = await pageSession(h.web);
    const both = { ...json({ authorization: `Bearer ${wrong}`, cookie }), ...page, origin: h.web.pageOrigin };
    expect((await post('/bridge/accounts.list', both)).status).toBe(401);
  });

  it('accepts the bearer key', async () => {
    const ok = await post('/bridge/accounts.list', json({ authorization: `Bearer ${h.web.token}` }));
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, value: [{ name: 'Test', environment: 'sandbox' }] });
    // The command's own time, for the page's resource timing (README: Commands).
    expect(ok.headers['server-timing']).toMatch(/^dispatch;dur=\d+\.\d{2}$/);
  });

  it('opens one session per access link, under the random host name only: an HttpOnly SameSite=Strict cookie, then the clean address', async () => {
    expect(h.web.hostName).toMatch(/^einvoice-[0-9a-f]{20}\.localhost$/);
    const page = { host: `${h.web.hostName}:${port}`, accept: 'text/html' };
    const link = new URL(h.web.newLink());
    expect(link.origin).toBe(h.web.pageOrigin);
    const once = link.searchParams.get('token') ?? '';
    // Under 127.0.0.1 the link opens nothing: a cookie set there would go to every port of 127.0.0.1.
    expect((await raw(port, 'GET', `/?token=${once}`, { accept: 'text/html' })).status).toBe(401);
    const load = await raw(port, 'GET', `/invoices?tab=received&token=${once}`, page);
    expect(load.status).toBe(302);
    expect(load.headers.location).toBe('/invoices?tab=received');
    const setCookie = String(load.headers['set-cookie']);
    expect(setCookie).toMatch(/^einvoice_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(setCookie).not.toContain(once);
    expect(setCookie).not.toContain(h.web.token);
    const cookie = setCookie.split(';')[0] ?? '';
    const opened = await raw(port, 'GET', '/invoices?tab=received', { ...page, cookie });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain('npm run build:renderer');
    const cmd = await post('/bridge/app.info', { ...json({ cookie }), host: page.host, origin: h.web.pageOrigin });
    expect(JSON.parse(cmd.body)).toMatchObject({ ok: true, value: { host: 'browser' } });

    // Replayed from history: the used address opens nothing.
    const replay = await raw(port, 'GET', `/invoices?tab=received&token=${once}`, page);
    expect(replay.status).toBe(401);
    expect(replay.headers['set-cookie']).toBeUndefined();
    // The session cookie, sent by the browser to another port of 127.0.0.1 or by a page that learned it,
    // opens nothing under any other host name.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect((await raw(port, 'GET', '/', { host, cookie, accept: 'text/html' })).status, host).toBe(401);
      expect((await post('/bridge/app.info', { ...json({ cookie }), host, origin: `http://${host}` })).status, host).toBe(401);
    }
  });

  it('makes another access link only for the bearer key', async () => {
    const made = await post('/host/links', json({ authorization: `Bearer ${h.web.token}` }));
    expect(made.status).toBe(200);
    const { link } = (JSON.parse(made.body) as { value: { link: string } }).value;
    expect(link.startsWith(`${h.web.pageOrigin}/?token=`)).toBe(true);
    const { cookie } = await pageSession(h.web);
    const page = { host: `${h.web.hostName}:${port}`, origin: h.web.pageOrigin };
    expect((await post('/host/links', { ...json({ cookie }), ...page })).status).toBe(403);
    expect((await post('/host/links', json())).status).toBe(401);
  });

  it('never accepts the address token for commands or the event socket', async () => {
    const once = new URL(h.web.newLink()).searchParams.get('token') ?? '';
    expect((await post(`/bridge/accounts.list?token=${once}`, json())).status).toBe(401);
    expect(await handshake({ origin: h.origin })).toBe(401);
  });
});

describe('Origin and Host', () => {
  const bearer = () => ({ authorization: `Bearer ${h.web.token}` });

  it('refuses commands from any other origin, or without one (403)', async () => {
    for (const origin of [
      'http://evil.example',
      `http://localhost:${port}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${port + 1}`,
      'null',
    ]) {
      const r = await post('/bridge/accounts.list', { ...json(bearer()), origin });
      expect(r.status, origin).toBe(403);
    }
    const noOrigin = await post('/bridge/accounts.list', { 'content-type': 'application/json', ...bearer() });
    expect(noOrigin.status).toBe(403);
  });

  it('refuses another Host name (DNS rebinding), even with the token (403)', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `0.0.0.0:${port}`]) {
      const r = await raw(port, 'GET', '/', { host, ...bearer() });
      expect(r.status, host).toBe(403);
      expect((await post('/bridge/accounts.list', { ...json(bearer()), host, origin: `http://${host}` })).status, host).toBe(403);
    }
  });

  it('answers to localhost with its own origin', async () => {
    const host = `localhost:${port}`;
    const r = await post('/bridge/accounts.list', { ...json(bearer()), host, origin: `http://${host}` });
    expect(r.status).toBe(200);
  });

  it('refuses the event socket from another origin (403), opens it for the page with its cookie', async () => {
    const { cookie, host, origin } = await pageSession(h.web);
    expect(await handshake({ origin: 'http://evil.example', cookie, host })).toBe(403);
    expect(await handshake({ cookie, host })).toBe(403);
    expect(await handshake({ origin, host })).toBe(401);
    expect(await handshake({ origin: h.origin, cookie })).toBe(401);
    expect(await handshake({ origin, cookie, host })).toBe('open');
  });

  it('sends no CORS headers, and a cross-origin preflight is refused', async () => {
    const pre = await raw(port, 'OPTIONS', '/bridge/accounts.list', {
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    });
    expect(pre.status).toBe(403);
    const ok = await post('/bridge/accounts.list', json(bearer()));
    for (const r of [pre, ok]) expect(Object.keys(r.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });
});

describe('answers', () => {
  it('carry the strict headers and CSP, also when refusing', async () => {
    const csp =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; frame-src blob:; object-src blob:; " +
      `connect-src 'self' ws://${h.web.hostName}:${port}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
    for (const r of [await raw(port, 'GET', '/'), await post('/bridge/app.info', json({ authorization: `Bearer ${h.web.token}` }))]) {
      expect(r.headers['content-security-policy']).toBe(csp);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('refuse unknown commands (404), bodies that are not JSON (400, 415), with the bridge’s error shape', async () => {
    const auth = json({ authorization: `Bearer ${h.web.token}` });
    const unknown = await post('/bridge/fs.readFile', auth);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ ok: false, error: { kind: 'invalid', message: 'Unknown command "fs.readFile"' } });
    const bad = await post('/bridge/accounts.list', auth, '{"oops');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const text = await post('/bridge/accounts.list', { ...auth, 'content-type': 'text/plain' }, 'hello');
    expect(text.status).toBe(415);
    const poisoned = await post('/bridge/settings.set', auth, '{"__proto__": {"theme": "dark"}}');
    expect(poisoned.status).toBe(400);
  });

  it('serve the built renderer, its client-side routes, and nothing outside it', async () => {
    await mkdir(join(h.rendererDir, 'assets'), { recursive: true });
    await writeFile(
      join(h.rendererDir, 'index.html'),
      '<!doctype html><title>E-Invoice Sync</title><script src="/assets/app.js"></script>',
    );
    await writeFile(join(h.rendererDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(h.rendererDir, '.env'), 'SECRET=1');
    const { cookie, host } = await pageSession(h.web);
    const get = (path: string) => raw(port, 'GET', path, { cookie, host, accept: 'text/html' });
    expect((await get('/')).body).toContain('<title>E-Invoice Sync</title>');
    expect((await get('/invoices/123')).body).toContain('<title>E-Invoice Sync</title>');
    const js = await get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    // Files under assets/ are named by their content (Vite): kept for good. The page is asked again each time.
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers['cache-control']).toMatch(/^no-(cache|store)$/);
    expect((await get('/invoices/123')).headers['cache-control']).toMatch(/^no-(cache|store)$/);
    expect((await get('/.env')).body).not.toContain('SECRET');
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../package.json']) {
      const r = await get(path);
      expect(r.body, path).not.toContain('"name"');
      expect(r.body, path).not.toContain('root:');
    }
  });
});
