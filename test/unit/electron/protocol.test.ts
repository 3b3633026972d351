import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppUrl, isSafeExternalUrl } from '../../../main/electron/origin';
import { createAppProtocolHandler } from '../../../main/electron/protocol';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/security';
import { tempDir } from '../../support/temp';

function builtRenderer(): string {
  const dir = join(tempDir(), 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>E-Invoice Sync</title><script type="module" src="./assets/app.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'logo.svg'), '<svg/>');
  writeFileSync(join(dir, '..', 'secret.txt'), 'outside');
  return dir;
}

const get = (handler: (r: Request) => Promise<Response>, url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol: the built renderer, read-only, with the CSP', () => {
  it('serves the page and its assets with their types and the security headers', async () => {
    const h = createAppProtocolHandler(builtRenderer());
    const page = await get(h, 'app://einvoice/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>E-Invoice Sync</title>');
    const js = await get(h, 'app://einvoice/assets/app.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('console.log(1)');
    expect((await get(h, 'app://einvoice/assets/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers client-side routes with the page and missing files with 404', async () => {
    const h = createAppProtocolHandler(builtRenderer());
    for (const route of ['app://einvoice/', 'app://einvoice/invoices/123', 'app://einvoice/settings?tab=2']) {
      const r = await get(h, route);
      expect(r.status, route).toBe(200);
      expect(await r.text()).toContain('<title>E-Invoice Sync</title>');
    }
    const missing = await get(h, 'app://einvoice/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('never serves a file outside the renderer folder', async () => {
    const h = createAppProtocolHandler(builtRenderer());
    for (const url of [
      'app://einvoice/../secret.txt',
      'app://einvoice/%2e%2e/secret.txt',
      'app://einvoice/assets/..%2f..%2fsecret.txt',
      'app://einvoice/..%5csecret.txt',
      'app://einvoice/%00.js',
    ]) {
      const r = await get(h, url);
      expect(await r.text(), url).not.toContain('outside');
    }
  });

  it('refuses other hosts and methods', async () => {
    const h = createAppProtocolHandler(builtRenderer());
    expect((await get(h, 'app://other/index.html')).status).toBe(404);
    expect((await get(h, 'app://einvoice/index.html', 'POST')).status).toBe(405);
    const head = await get(h, 'app://einvoice/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('says how to build the UI when it is not built', async () => {
    const h = createAppProtocolHandler(join(tempDir(), 'not-built'));
    const r = await get(h, 'app://einvoice/');
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('npm run build:renderer');
    expect(r.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('origins', () => {
  it.each([
    ['app://einvoice/index.html', true],
    ['app://einvoice/', true],
    ['app://einvoice:80/', false],
    ['app://user:pw@einvoice/', false],
    ['app://einvoice.example/', false],
    ['https://einvoice/', false],
    ['file:///index.html', false],
    ['not a url', false],
  ])('isAppUrl(%s) is %s', (url, ok) => expect(isAppUrl(url)).toBe(ok));

  it.each([
    ['https://example.com/help', true],
    ['http://example.com/', false],
    ['https://user:pw@example.com/', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['smb://host/share', false],
    ['app://einvoice/', false],
  ])('isSafeExternalUrl(%s) is %s', (url, ok) => expect(isSafeExternalUrl(url)).toBe(ok));
});
