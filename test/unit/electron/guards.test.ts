import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { type GuardedContents, guardContents } from '../../../main/electron/guards';
import { CONTENT_SECURITY_POLICY, hardenSession, isAllowedRequest } from '../../../main/electron/security';
import { recordingLogger } from '../../support/log';

function contents() {
  const emitter = new EventEmitter();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  const c = Object.assign(emitter, {
    setWindowOpenHandler: (h: (d: { url: string }) => { action: 'allow' | 'deny' }) => {
      openHandler = h;
    },
  });
  const fire = (name: string, fields: Record<string, unknown>) => {
    const event = {
      ...fields,
      prevented: false,
      preventDefault() {
        event.prevented = true;
      },
    };
    emitter.emit(name, event);
    return event.prevented;
  };
  return { c: c as unknown as GuardedContents, fire, open: (url: string) => openHandler?.({ url }) };
}

function guarded() {
  const t = contents();
  const opened: string[] = [];
  const log = recordingLogger();
  guardContents(t.c, { openExternal: (u) => opened.push(u), log });
  return { ...t, opened, log };
}

describe('guards: the window stays on the app', () => {
  it('lets the app move between its own pages', () => {
    const g = guarded();
    expect(g.fire('will-navigate', { url: 'app://einvoice/invoices' })).toBe(false);
    expect(g.fire('will-frame-navigate', { url: 'app://einvoice/x', isMainFrame: true })).toBe(false);
    expect(g.opened).toEqual([]);
  });

  it('refuses navigation away, and hands https links to the system browser', () => {
    const g = guarded();
    expect(g.fire('will-navigate', { url: 'https://example.com/terms' })).toBe(true);
    expect(g.fire('will-navigate', { url: 'http://example.com/' })).toBe(true);
    expect(g.fire('will-navigate', { url: 'file:///etc/passwd' })).toBe(true);
    expect(g.fire('will-navigate', { url: 'javascript:alert(1)' })).toBe(true);
    expect(g.opened).toEqual(['https://example.com/terms']);
    expect(g.log.lines.map((l) => l.msg)).toEqual(['navigation refused', 'navigation refused', 'navigation refused']);
  });

  it('refuses every new window; only https links open outside', () => {
    const g = guarded();
    expect(g.open('https://example.com/')).toEqual({ action: 'deny' });
    expect(g.open('app://einvoice/popup')).toEqual({ action: 'deny' });
    expect(g.open('smb://attacker/share')).toEqual({ action: 'deny' });
    expect(g.opened).toEqual(['https://example.com/']);
  });

  it('refuses redirects away, webviews, and frames that are not the app’s own', () => {
    const g = guarded();
    expect(g.fire('will-redirect', { url: 'https://example.com/' })).toBe(true);
    expect(g.fire('will-attach-webview', {})).toBe(true);
    expect(g.fire('will-frame-navigate', { url: 'blob:app://einvoice/1234', isMainFrame: false })).toBe(false);
    expect(
      g.fire('will-frame-navigate', { url: 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html', isMainFrame: false }),
    ).toBe(false);
    expect(g.fire('will-frame-navigate', { url: 'chrome-extension://otherextension/x.html', isMainFrame: false })).toBe(true);
    expect(g.fire('will-frame-navigate', { url: 'blob:app://einvoice.evil/1234', isMainFrame: false })).toBe(true);
    expect(g.fire('will-frame-navigate', { url: 'https://example.com/', isMainFrame: false })).toBe(true);
    expect(g.fire('will-frame-navigate', { url: 'blob:app://einvoice/1234', isMainFrame: true })).toBe(true);
    expect(g.opened).toEqual([]);
  });
});

describe('session hardening', () => {
  function fakeSession() {
    const s = {
      request: null as null | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
      check: null as null | ((...a: unknown[]) => boolean),
      device: null as null | ((...a: unknown[]) => boolean),
      before: null as null | ((d: { url: string }, cb: (r: { cancel?: boolean }) => void) => void),
      headers: null as null | ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void),
    };
    const session = {
      setPermissionRequestHandler: (h: typeof s.request) => {
        s.request = h;
      },
      setPermissionCheckHandler: (h: typeof s.check) => {
        s.check = h;
      },
      setDevicePermissionHandler: (h: typeof s.device) => {
        s.device = h;
      },
      webRequest: {
        onBeforeRequest: (h: typeof s.before) => {
          s.before = h;
        },
        onHeadersReceived: (h: typeof s.headers) => {
          s.headers = h;
        },
      },
    };
    return { s, session };
  }

  it('refuses every permission and every request outside the app, and adds the CSP to http answers', () => {
    const { s, session } = fakeSession();
    const blocked: string[] = [];
    hardenSession(session as never, (u) => blocked.push(u));
    const granted = vi.fn();
    for (const p of ['notifications', 'media', 'geolocation', 'openExternal']) s.request?.({}, p, granted);
    expect(granted.mock.calls.every(([ok]) => ok === false)).toBe(true);
    expect(s.check?.({}, 'clipboard-read')).toBe(false);
    expect(s.device?.({})).toBe(false);

    const answers: unknown[] = [];
    for (const url of ['app://einvoice/index.html', 'blob:app://einvoice/1', 'https://example.com/x.js', 'http://127.0.0.1:8787/']) {
      s.before?.({ url }, (r) => answers.push([url, r.cancel]));
    }
    expect(answers).toEqual([
      ['app://einvoice/index.html', false],
      ['blob:app://einvoice/1', false],
      ['https://example.com/x.js', true],
      ['http://127.0.0.1:8787/', true],
    ]);
    expect(blocked).toEqual(['https://example.com/x.js', 'http://127.0.0.1:8787/']);

    let headers: unknown;
    s.headers?.({ responseHeaders: { 'x-a': ['1'] } }, (r) => {
      headers = r;
    });
    expect(headers).toEqual({ responseHeaders: { 'x-a': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  it('allows only the app’s schemes', () => {
    expect(isAllowedRequest('data:image/png;base64,AAA')).toBe(true);
    expect(isAllowedRequest('ws://127.0.0.1:1/')).toBe(false);
    expect(isAllowedRequest('file:///etc/passwd')).toBe(false);
    expect(isAllowedRequest('garbage')).toBe(false);
  });

  it('has a CSP without inline code or eval and with nothing from elsewhere', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/object-src 'none'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/frame-ancestors 'none'/);
  });
});
