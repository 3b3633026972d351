import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: the one secret between the printed address and the browser. */
export const newAccessToken = () => randomBytes(32).toString('base64url');

/** Compares without leaking where a guess went wrong: both sides are hashed to equal length first. */
export function tokenMatches(candidate: string | undefined | null, token: string): boolean {
  if (!candidate) return false;
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

/**
 * The page's own host name, new at every start: `<random>.localhost`, which Chromium and Firefox
 * resolve to loopback themselves. Cookies ignore ports, so a session cookie set for 127.0.0.1 would
 * also go to any other server on 127.0.0.1; one set for this name goes only where the browser is sent
 * to this name, and no other page knows it.
 */
export const newHostName = () => `einvoice-${randomBytes(10).toString('hex')}.localhost`;

/** The page's session cookie, set only for the random host name (no Domain attribute: that host alone). */
export const SESSION_COOKIE = 'einvoice_session';

export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/** The names this host answers to; any other Host header is a DNS-rebinding attempt. */
export const allowedHosts = (port: number, hostName: string) => [`127.0.0.1:${port}`, `localhost:${port}`, `${hostName}:${port}`];

export function contentSecurityPolicy(port: number, hostName: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    'frame-src blob:',
    'object-src blob:',
    `connect-src 'self' ws://${hostName}:${port}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sent with every answer, error pages included. No CORS header is ever sent. */
export function securityHeaders(port: number, hostName: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(port, hostName),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}
