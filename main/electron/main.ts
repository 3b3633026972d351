// The desktop shell's entry point (out/main/main.js): wiring only. Every piece it wires is in its own
// file and tested there; this file is what needs the Electron binary to run (see the README).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, ipcMain, Menu, Notification, nativeImage, protocol, safeStorage, session, shell, Tray } from 'electron';
import ElectronStore from 'electron-store';
import electronUpdater from 'electron-updater';
import type { BridgeEventName, BridgeEvents } from '../../shared/bridge/events';
import { hasBundle } from '../core/host/reveal';
import { APP_NAME, defaultDataDir, logsDir } from '../core/paths';
import { type DamagedDialog, offerWaysOut } from './damaged-dialog';
import { EngineProcess } from './engine-process';
import { utilityProcessSpawner } from './engine-spawn';
import { guardContents } from './guards';
import { iconPng } from './icon';
import { registerBridgeIpc, sendBridgeEvent } from './ipc';
import { loginItem, startedAtLogin } from './login-item';
import { createFileLogger, SecretScrubber } from './logs';
import { appMenu } from './menu';
import { Notifier } from './notifications';
import { openFileSafely, openFolderSafely } from './open-file';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, APP_START_URL } from './origin';
import { createAppProtocolHandler } from './protocol';
import { KeychainSecrets } from './secrets';
import { hardenSession } from './security';
import { shellSettings } from './settings';
import { ShellState } from './shell-state';
import { trayUpdater } from './tray';
import { UPDATE_FEED, UPDATE_PUBLISHERS } from './update-source';
import { startUpdater } from './updater';
import { createMainWindow } from './window';

const here = dirname(fileURLToPath(import.meta.url));
const env = process.env;
// One data folder for the desktop app, the CLI and headless mode; tests give each run its own.
const dataDir = env.EINVOICE_DATA_DIR || defaultDataDir();
mkdirSync(dataDir, { recursive: true });
app.setName(APP_NAME);
app.setPath('userData', dataDir);
app.setAppLogsPath(logsDir(dataDir));
app.enableSandbox();
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

const scrubber = new SecretScrubber();
const log = createFileLogger({ dir: logsDir(dataDir), fileName: 'main.log', scrubber, console: !app.isPackaged });
process.on('uncaughtException', (e) => log.error('uncaught exception in main', { error: e.message, stack: e.stack }));
process.on('unhandledRejection', (e) => log.error('unhandled rejection in main', { error: String(e) }));

app.on('web-contents-created', (_event, contents) => {
  guardContents(contents, {
    openExternal: (url) => {
      shell.openExternal(url).catch((e: Error) => log.warn('could not open a link', { error: e.message })); // eng-disable OPEN_EXTERNAL_JS_CHECK: reviewed: guardContents passes only https URLs (isSafeExternalUrl)
    },
    log,
  });
});

if (!app.requestSingleInstanceLock()) {
  // Another instance owns this data folder: it shows its window (second-instance) and this one ends.
  app.quit();
} else {
  await app.whenReady();
  await startShell();
}

async function startShell(): Promise<void> {
  const store = new ElectronStore<Record<string, unknown>>({ name: 'settings', cwd: dataDir });
  const secrets = new KeychainSecrets({
    safeStorage,
    store,
    allowBasicText: env.EINVOICE_ALLOW_BASIC_TEXT_KEYCHAIN === '1',
    onSecret: (v) => scrubber.add(v),
  });
  const settings = shellSettings({ store, loginItem: loginItem(app, process.platform) });
  hardenSession(session.defaultSession, (url) => log.warn('request outside the app refused', { url: url.slice(0, 200) }));
  protocol.handle(APP_SCHEME, createAppProtocolHandler(join(app.getAppPath(), 'dist', 'renderer')));

  const windowIcon = nativeImage.createFromBuffer(iconPng(256));
  let win: Electron.BrowserWindow | null = null;
  let quitting = false;
  const showWindow = () => {
    if (!win || win.isDestroyed()) {
      const w = createMainWindow({ preload: join(here, '..', 'preload', 'index.cjs'), devTools: !app.isPackaged, icon: windowIcon });
      win = w;
      w.once('ready-to-show', () => w.show());
      // Closing the window keeps the app syncing in the tray; Quit (tray, menu, Cmd+Q) ends it.
      w.on('close', (e) => {
        if (quitting) return;
        e.preventDefault();
        w.hide();
      });
      w.loadURL(APP_START_URL).catch((e: Error) => log.error('the window could not load the app', { error: e.message }));
      return;
    }
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };
  const windows = () => (win && !win.isDestroyed() ? [win.webContents] : []);

  const state = new ShellState();
  const notifier = new Notifier({
    show: ({ title, body }) => {
      if (!Notification.isSupported()) return;
      const n = new Notification({ title, body, silent: false });
      n.on('click', showWindow);
      n.show();
    },
    enabled: () => settings.current().notifications,
    accountName: (id) => state.accountName(id),
    later: (fn, ms) => {
      setTimeout(fn, ms).unref();
    },
    now: Date.now,
  });

  const engine: EngineProcess = new EngineProcess({
    spawn: utilityProcessSpawner(join(here, 'engine-worker.js'), log),
    init: {
      dataDir,
      logsDir: logsDir(dataDir),
      version: app.getVersion(),
      logLevel: env.EINVOICE_LOG_LEVEL === 'debug' ? 'debug' : 'info',
      takeOverLock: env.EINVOICE_TAKE_OVER === '1',
      capabilities: {
        openFiles: true,
        startAtLogin: process.platform === 'win32' || process.platform === 'darwin',
        notifications: Notification.isSupported(),
      },
    },
    host: {
      'secrets.check': () => secrets.problem(),
      'secrets.get': (id) => secrets.get(id),
      'secrets.set': (id, s) => secrets.set(id, s),
      'secrets.delete': (id) => secrets.delete(id),
      'settings.read': () => settings.read(),
      'settings.write': (patch) => settings.write(patch),
      'files.open': (path) => openFileSafely(shell, path),
      // Both paths were checked by the bridge: a file the store recorded for the account, a folder of its root.
      // reveal.ts's last check here too: openPath on a macOS bundle would start it, not show it.
      'files.showInFolder': async (path) => {
        if (!isAbsolute(path) || hasBundle(path)) return false;
        shell.showItemInFolder(path);
        return true;
      },
      'files.openFolder': (path) => openFolderSafely(shell, path),
      // A new account's root: the folder the user picks (or makes) in the system's dialog, over the window.
      'folders.choose': async (defaultPath) => {
        const options: Electron.OpenDialogOptions = { properties: ['openDirectory', 'createDirectory', 'promptToCreate'], defaultPath };
        const r = win && !win.isDestroyed() ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
        return r.canceled ? null : (r.filePaths[0] ?? null);
      },
    },
    onEvent: <E extends BridgeEventName>(name: E, payload: BridgeEvents[E]) => {
      sendBridgeEvent(windows(), name, payload);
      notifier.handle(name, payload);
      state.onEvent(name, payload, engine.dispatch);
    },
    onState: (s) => state.setEngine(s),
    log,
  });
  registerBridgeIpc({ ipcMain, dispatch: engine.dispatch, isAppContents: (id) => windows().some((c) => c.id === id), log });

  const openLogs = () => void shell.openPath(logsDir(dataDir));
  const updater = startUpdater({
    feed: app.isPackaged ? UPDATE_FEED : null,
    windows:
      process.platform === 'win32' ? { publishers: UPDATE_PUBLISHERS, appUpdateYml: readAppUpdateYml(process.resourcesPath) } : undefined,
    // A getter: reading autoUpdater builds the platform's updater, which only a packaged app needs.
    updater: () => electronUpdater.autoUpdater,
    log,
    setInterval,
    clearInterval: (t) => clearInterval(t as NodeJS.Timeout),
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenu({
        platform: process.platform,
        dev: !app.isPackaged,
        actions: {
          openLogs,
          openDataFolder: () => void shell.openPath(dataDir),
          checkForUpdates: updater.enabled ? () => void updater.check() : null,
        },
      }),
    ),
  );

  const mac = process.platform === 'darwin';
  const trayIcon = nativeImage.createFromBuffer(iconPng(32, { template: mac }), { scaleFactor: 2 });
  if (mac) trayIcon.setTemplateImage(true);
  const tray = new Tray(trayIcon);
  tray.on('click', showWindow);
  state.onChange(
    trayUpdater(tray, (t) => Menu.buildFromTemplate(t), {
      showWindow,
      syncNow: () => void engine.dispatch('sync.now', {}),
      setPaused: (paused) => void state.setAllPaused(paused, engine.dispatch),
      openFolder: (root) => void openFolderSafely(shell, root),
      openLogs,
      quit: () => app.quit(),
    }),
  );

  app.on('second-instance', showWindow);
  app.on('activate', showWindow);
  // The tray keeps the app alive: closing every window is not quitting.
  app.on('window-all-closed', () => undefined);
  app.on('before-quit', (e) => {
    if (quitting) return;
    quitting = true;
    state.dispose();
    e.preventDefault();
    updater.stop();
    engine.stop().finally(() => app.quit());
  });

  if (!startedAtLogin(process.argv, app, process.platform)) showWindow();
  try {
    await engine.start();
    await state.refresh(engine.dispatch);
    log.info('desktop app started', { dataDir, embeddedSandbox: engine.embeddedSandboxUrl });
  } catch (e) {
    log.error('the sync engine could not start', { error: (e as Error).message });
    const couldNotStart = (why: unknown) =>
      dialog.showErrorBox(
        `${APP_NAME} could not start its sync engine`,
        `${(why as Error).message}\n\nThe log folder has the details: ${logsDir(dataDir)}`,
      );
    if (!engine.damaged) return couldNotStart(e);
    // A damaged database: the two ways out as the dialog's buttons, not as commands to type.
    const show = async (d: DamagedDialog) => {
      const { title, message, detail, buttons, defaultId, cancelId } = d;
      return (await dialog.showMessageBox({ type: 'error', title, message, detail, buttons, defaultId, cancelId, noLink: true })).response;
    };
    try {
      if (!(await offerWaysOut((e as Error).message, { engine, show, log }))) return app.quit();
      await state.refresh(engine.dispatch);
      log.info('desktop app started after a way out of a damaged database', { dataDir });
    } catch (again) {
      couldNotStart(again);
    }
  }
}

/** electron-builder's app-update.yml in the app's resources; null when there is none (a build without publish). */
function readAppUpdateYml(resources: string): string | null {
  try {
    return readFileSync(join(resources, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
}
