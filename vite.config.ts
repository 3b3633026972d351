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
  server: { port: 5173, strictPort: false },
});
