// The few pages the host writes itself. The CSP allows no inline style or script, so they are plain HTML.

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>\n`;

export const notBuiltPage = () =>
  page(
    'E-Invoice Sync: the UI is not built',
    '<h1>E-Invoice Sync is running, but its user interface is not built yet</h1>' +
      '<p>Build it once with <code>npm run build:renderer</code> (it is written to <code>dist/renderer/</code>), then reload this page.</p>' +
      '<p>The sync engine is already working in the background.</p>',
  );

export const unauthorizedPage = () =>
  page(
    'E-Invoice Sync: access token needed',
    '<h1>Access token needed</h1>' +
      '<p>Open the full address that <code>npm run headless</code> printed when it started (or the link in its <code>--token-file</code>): it carries the access token.</p>' +
      '<p>Each address opens the app once, in one browser: one that was used already opens nothing. To open the app in another browser, restart <code>npm run headless</code> for a new address.</p>',
  );
