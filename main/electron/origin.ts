/** The renderer is served from app://einvoice/ (protocol.ts); every trust check compares against it. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'einvoice';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

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
