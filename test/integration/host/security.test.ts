import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { type HostUnderTest, raw, startHost } from './setup';

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
    expect((await post('/bridge/accounts.list', json({ authorization: `Bearer ${wrong}` }))).status).toBe(401);
    expect((await post('/bridge/accounts.list', json({ authorization: `Basic ${h.web.token}` }))).status).toBe(401);
    expect((await post('/bridge/accounts.list', json({ cookie: `einvoice_token_${port}=${wrong}` }))).status).toBe(401);
    expect((await raw(port, 'GET', `/?token=${wrong}`)).status).toBe(401);
    // a right cookie does not rescue a wrong Authorization header
    const both = json({ authorization: `Bearer ${wrong}`, cookie: `einvoice_token_${port}=${h.web.token}` });
    expect((await post('/bridge/accounts.list', both)).status).toBe(401);
  });

  it('accepts it as a bearer header', async () => {
    const ok = await post('/bridge/accounts.list', json({ authorization: `Bearer ${h.web.token}` }));
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, value: [{ name: 'Test', environment: 'sandbox' }] });
    // The command's own time, for the page's resource timing (README: Commands).
    expect(ok.headers['server-timing']).toMatch(/^dispatch;dur=\d+\.\d{2}$/);
  });

  it('takes it once from the page address: an HttpOnly SameSite=Strict cookie, then a redirect to the clean address', async () => {
    const load = await raw(port, 'GET', `/invoices?tab=received&token=${h.web.token}`, { accept: 'text/html' });
    expect(load.status).toBe(302);
    expect(load.headers.location).toBe('/invoices?tab=received');
    const setCookie = String(load.headers['set-cookie']);
    expect(setCookie).toBe(`einvoice_token_${port}=${h.web.token}; Path=/; HttpOnly; SameSite=Strict`);
    const cookie = setCookie.split(';')[0] ?? '';
    const page = await raw(port, 'GET', '/invoices?tab=received', { cookie, accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('npm run build:renderer');
    const cmd = await post('/bridge/app.info', json({ cookie }));
    expect(JSON.parse(cmd.body)).toMatchObject({ ok: true, value: { host: 'browser' } });
  });

  it('never accepts the address token for commands or the event socket', async () => {
    expect((await post(`/bridge/accounts.list?token=${h.web.token}`, json())).status).toBe(401);
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
    const cookie = `einvoice_token_${port}=${h.web.token}`;
    expect(await handshake({ origin: 'http://evil.example', cookie })).toBe(403);
    expect(await handshake({ cookie })).toBe(403);
    expect(await handshake({ origin: h.origin })).toBe(401);
    expect(await handshake({ origin: h.origin, cookie })).toBe('open');
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
      `connect-src 'self' ws://127.0.0.1:${port}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
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
    const cookie = `einvoice_token_${port}=${h.web.token}`;
    const get = (path: string) => raw(port, 'GET', path, { cookie, accept: 'text/html' });
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
