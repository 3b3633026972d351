import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The Content Security Policy of the built page, also for Electron (file://) where no server sends a
 * header. Only the build gets it: the dev server's React refresh needs an inline script. Files are
 * shown from blob: URLs the page makes itself; the bridge is same-origin HTTP and WebSocket.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const cspMeta = (): Plugin => ({
  name: 'einvoice-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
});

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `npm run dev:renderer` against a running headless host: its address line gives both values, e.g.
 * EINVOICE_HOST=http://127.0.0.1:4321 EINVOICE_TOKEN=<token> npm run dev:renderer. The dev server
 * forwards /bridge (commands and the event socket) as a script would: with the bearer token, and with
 * the host's own Origin, which is the only one it accepts.
 */
function bridgeProxy(env: NodeJS.ProcessEnv) {
  const target = env.EINVOICE_HOST;
  if (!target) return undefined;
  const headers = { origin: target, ...(env.EINVOICE_TOKEN ? { authorization: `Bearer ${env.EINVOICE_TOKEN}` } : {}) };
  return {
    '/bridge/': {
      target,
      changeOrigin: true,
      ws: true,
      headers,
      // renderer/bridge/*.ts are modules of the page: only commands (POST) and the event socket go to the host.
      bypass: (req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> }) =>
        req.method === 'GET' && req.headers.upgrade !== 'websocket' ? req.url : undefined,
    },
  };
}

export default defineConfig({
  root: here('./renderer'),
  base: './',
  plugins: [react(), cspMeta()],
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    // No inline scripts: the preload polyfill would be one, and every browser we run in has modulepreload.
    modulePreload: { polyfill: false },
    // Nothing is inlined as data: URLs either; every asset is a file under 'self'.
    assetsInlineLimit: 0,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
  server: { port: 5173, strictPort: false, proxy: bridgeProxy(process.env) },
});
