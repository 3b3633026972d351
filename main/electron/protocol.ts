import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { APP_HOST } from './origin';
import { CONTENT_SECURITY_POLICY } from './security';

// Only what the renderer build contains; anything else is served as bytes, never as a page.
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Sent with every answer of the app:// scheme, errors included (webRequest does not see custom schemes). */
export const RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-cache',
};

const NOT_BUILT = [
  '<!doctype html>',
  '<html lang="en"><head><meta charset="utf-8"><title>E-Invoice Sync: the UI is not built</title></head><body>',
  '<h1>E-Invoice Sync is running, but its user interface is not built yet</h1>',
  '<p>Build it with <code>npm run build:renderer</code> (or start the app with <code>npm start</code>, which builds it).</p>',
  '<p>The sync engine is already working in the background.</p>',
  '</body></html>',
  '',
].join('\n');

const answer = (status: number, body: string | Uint8Array | null, type = 'text/plain; charset=utf-8') =>
  new Response(body === null ? null : new Uint8Array(typeof body === 'string' ? Buffer.from(body) : body), {
    status,
    headers: { ...RESPONSE_HEADERS, 'content-type': type },
  });

async function isFile(path: string): Promise<boolean> {
  const s = await stat(path).catch(() => null);
  return s?.isFile() ?? false;
}

/**
 * The app:// handler for protocol.handle: serves the built renderer (dist/renderer) read-only, with the
 * Content Security Policy on every answer. Paths that leave the folder are refused; a path without a
 * file extension is a client-side route and gets index.html.
 */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir);
  const inside = (path: string) => {
    const rel = relative(root, path);
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  };

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Method not allowed');
    let url: URL;
    let path: string;
    try {
      url = new URL(request.url);
      path = decodeURIComponent(url.pathname);
    } catch {
      return answer(400, 'Bad address');
    }
    if (url.host !== APP_HOST) return answer(404, 'Not found');
    if (path.includes('\0') || path.includes('\\')) return answer(400, 'Bad address');
    const wanted = resolve(join(root, path));
    const index = join(root, 'index.html');
    let file: string | null = null;
    if (inside(wanted) && (await isFile(wanted))) file = wanted;
    else if (!extname(path)) file = (await isFile(index)) ? index : null;
    else return answer(404, 'Not found');
    if (file === null) return answer(200, NOT_BUILT, 'text/html; charset=utf-8');
    const body = request.method === 'HEAD' ? null : await readFile(file);
    return answer(200, body, CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  };
}
