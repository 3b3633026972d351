import type { Session } from 'electron';
import { APP_SCHEME } from './origin';

/**
 * The page's Content Security Policy: scripts and styles only from the app itself, no inline code, no
 * eval; files the page shows come as blob: and data: URLs it makes from bridge answers. The renderer
 * never talks to the network (the engine does, in its own process), so connect-src is only 'self'.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; frame-src 'self' blob:; object-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// What the window may load: its own scheme, the blob:/data: URLs it makes, and the developer tools.
const ALLOWED_REQUEST_SCHEMES = new Set([`${APP_SCHEME}:`, 'blob:', 'data:', 'devtools:', 'chrome-extension:']);

export function isAllowedRequest(url: string): boolean {
  try {
    return ALLOWED_REQUEST_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

type SessionLike = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler' | 'webRequest'>;

/**
 * Locks down the session the window uses: every permission refused (camera, notifications from the
 * page, geolocation, ...: the app asks for none), every request outside the app refused, and the CSP
 * added to any http(s) answer in case one ever gets through.
 */
export function hardenSession(session: SessionLike, onBlocked: (url: string) => void): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequest(details.url);
    if (!allowed) onBlocked(details.url);
    callback({ cancel: !allowed });
  });
  // The policy is written out here (not the constant) so electronegativity can read and evaluate it;
  // test/unit/electron/guards.test.ts holds it equal to CONTENT_SECURITY_POLICY.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; frame-src 'self' blob:; object-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ],
      },
    });
  });
}
