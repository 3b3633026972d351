import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import type { Logger } from '../core/log';
import { isAppUrl, isSafeExternalUrl } from './origin';

/** The part of webContents the guards use (tests hand in an EventEmitter). */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { url: string; preventDefault(): void }) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: Pick<HandlerDetails, 'url'>) => WindowOpenHandlerResponse): void;
}

export interface GuardDeps {
  /** shell.openExternal; called only with https URLs. */
  openExternal: (url: string) => void;
  log: Logger;
}

/** Chromium's PDF viewer, which shows a PDF frame's content from its built-in extension. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

// Subframes may show what the page made itself (a PDF as a blob: URL, in Chromium's viewer), never a
// page from elsewhere.
const isOwnFrameUrl = (url: string) =>
  isAppUrl(url) || url.startsWith('blob:app://einvoice/') || url === 'about:blank' || url.startsWith(PDF_VIEWER);

/**
 * Every webContents of the app (windows, and anything else Chromium creates) stays on the app's own
 * pages: navigation away is refused, new windows are refused, and an https link the user clicked
 * opens in the system browser instead. Nothing else leaves the app.
 */
export function guardContents(contents: GuardedContents, d: GuardDeps): void {
  const external = (url: string, why: string) => {
    if (isSafeExternalUrl(url))
      d.openExternal(url); // eng-disable OPEN_EXTERNAL_JS_CHECK: reviewed: https URLs only, checked on this line
    else d.log.warn(`${why} refused`, { url: url.slice(0, 200) });
  };
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    external(event.url, 'navigation');
  });
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    d.log.warn('redirect refused', { url: event.url.slice(0, 200) });
  });
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame ? isAppUrl(event.url) : isOwnFrameUrl(event.url)) return;
    event.preventDefault();
    d.log.warn('frame navigation refused', { url: event.url.slice(0, 200) });
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    d.log.warn('webview refused');
  });
  contents.setWindowOpenHandler((details) => {
    external(details.url, 'new window');
    return { action: 'deny' };
  });
}
