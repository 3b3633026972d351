/** The renderer is served from app://einvoice/ (protocol.ts); every trust check compares against it. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'einvoice';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/**
 * What app:// may do (protocol.registerSchemesAsPrivileged, before the app is ready). Standard and
 * secure, so relative addresses and the page's storage work as on https. `codeCache` (which needs
 * `standard`) keeps V8's compiled scripts from one opening to the next, as Chromium does for http(s)
 * only unless asked: without it every window compiles the renderer from nothing, as a browser's very
 * first visit does. In Chromium at 1,000,000 invoices, a new tab of a profile that had shown the app
 * (its code and HTTP caches warm) painted the Overview in 0.59 s against 0.88 s for a first visit,
 * with 1.2 s of CPU against 2.2 s (test/e2e/speed.bench.ts).
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true } as const;

/**
 * Whether a URL belongs to the app's own pages. Node's URL gives custom schemes the origin "null",
 * so scheme and host are compared instead; a user name, password or port never belongs to us.
 */
export function isAppUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '' && u.port === '';
}

/** External links open in the system browser only when they are plain https addresses. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.username === '' && u.password === '' && u.hostname !== '';
  } catch {
    return false;
  }
}
