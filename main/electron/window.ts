import { BrowserWindow, type NativeImage } from 'electron';
import { APP_NAME } from '../core/paths';

/**
 * The app's one window: sandboxed, context-isolated, without Node, showing only app:// pages. It is
 * created hidden and shown when its page is ready, so it never flashes empty.
 */
export function createMainWindow(o: { preload: string; devTools: boolean; icon?: NativeImage }): BrowserWindow {
  return new BrowserWindow({
    title: APP_NAME,
    width: 1200,
    height: 800,
    minWidth: 760,
    minHeight: 520,
    show: false,
    icon: o.icon,
    autoHideMenuBar: true,
    webPreferences: {
      preload: o.preload, // eng-disable PRELOAD_JS_CHECK: reviewed: preload/index.ts exposes only invoke and subscribe, names checked
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // A middle click would otherwise ask for a new window; the window-open handler refuses it anyway.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      // Chromium's own PDF viewer (the only plugin Electron has) shows invoice PDFs in the page's frame.
      plugins: true,
      devTools: o.devTools,
    },
  });
}
