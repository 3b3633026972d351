import { EventEmitter } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { EngineInit } from '../../../main/electron/engine-protocol';
import { serveEngine } from '../../../main/electron/engine-service';
import { messagePortMainWire } from '../../../main/electron/wire';
import { fakeSafeStorage } from './support';

type Handler = (...args: unknown[]) => unknown;

/** MessagePortMain over a worker_threads port: messages arrive as { data }. */
type PortListener = (e: { data: unknown }) => void;

class FakePortMain {
  private readonly wrapped = new Map<PortListener, (v: unknown) => void>();
  constructor(readonly port: MessagePort) {}
  on(_event: 'message', fn: PortListener) {
    const w = (v: unknown) => fn({ data: v });
    this.wrapped.set(fn, w);
    this.port.on('message', w);
    return this;
  }
  off(_event: 'message', fn: PortListener) {
    const w = this.wrapped.get(fn);
    if (w) this.port.off('message', w);
    return this;
  }
  postMessage(m: unknown) {
    this.port.postMessage(m);
  }
  start() {}
  close() {
    this.port.close();
  }
}

let nextId = 1;

/** Electron's app: paths, login items and quitting, with the events main.ts listens to. */
class FakeApp extends EventEmitter {
  isPackaged = false;
  paths: Record<string, string> = {};
  quits = 0;
  constructor(private readonly appPath: string) {
    super();
  }
  setName() {}
  setPath(name: string, p: string) {
    this.paths[name] = p;
  }
  getPath(name: string) {
    return this.paths[name] ?? '';
  }
  setAppLogsPath() {}
  enableSandbox() {}
  requestSingleInstanceLock() {
    return true;
  }
  async whenReady() {}
  getAppPath() {
    return this.appPath;
  }
  getVersion() {
    return '0.1.0';
  }
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false };
  }
  setLoginItemSettings() {}
  /** As Electron does: before-quit may be prevented; otherwise the app quits. */
  quit() {
    this.quits++;
    let prevented = false;
    this.emit('before-quit', {
      preventDefault: () => {
        prevented = true;
      },
    });
    if (!prevented) this.emit('quit');
  }
}

/** A webContents: the guards' events, sends recorded, the app's frame as its main frame. */
class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly sent: unknown[][] = [];
  url = '';
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  get mainFrame() {
    return { url: this.url, parent: null };
  }
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.openHandler = h;
  }
  send(...args: unknown[]) {
    this.sent.push(args);
    this.emit('sent', args);
  }
  /** Resolves when a send matches, counting those already sent. */
  waitForSent(match: (args: unknown[]) => boolean): Promise<void> {
    if (this.sent.some(match)) return Promise.resolve();
    return new Promise((resolve) => {
      const on = (args: unknown[]) => {
        if (!match(args)) return;
        this.off('sent', on);
        resolve();
      };
      this.on('sent', on);
    });
  }
  isDestroyed() {
    return false;
  }
  getURL() {
    return this.url;
  }
}

/**
 * The parts of Electron that main.ts uses, faked in plain Node: what it asks for is recorded, and the
 * utility process runs the real engine (serveEngine) in this process over a MessageChannel.
 */
export function fakeElectron(appPath: string) {
  const app = new FakeApp(appPath);

  const windows: FakeBrowserWindow[] = [];
  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    visible = false;
    destroyed = false;
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super();
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    async loadURL(url: string) {
      this.webContents.url = url;
      this.emit('ready-to-show');
    }
    show() {
      this.visible = true;
    }
    hide() {
      this.visible = false;
    }
    focus() {}
    restore() {}
    isMinimized() {
      return false;
    }
    isDestroyed() {
      return this.destroyed;
    }
    /** What clicking the window's close button does. */
    close() {
      let prevented = false;
      this.emit('close', {
        preventDefault: () => {
          prevented = true;
        },
      });
      if (!prevented) this.destroyed = true;
    }
  }

  const engines: { init: EngineInit; served: Promise<void> }[] = [];
  const utilityProcess = {
    fork(_path: string) {
      const child = Object.assign(new EventEmitter(), {
        stdout: null,
        stderr: null,
        postMessage(message: { init: EngineInit }, ports: FakePortMain[]) {
          const port = ports[0];
          if (!port) throw new Error('no port');
          const served = serveEngine(messagePortMainWire(port), message.init);
          engines.push({ init: message.init, served });
          served.then(() => child.emit('exit', 0));
        },
        kill: () => true,
      });
      return child;
    },
  };

  const ipcHandlers = new Map<string, Handler>();
  const protocols = new Map<string, (r: Request) => Promise<Response>>();
  const schemes: { scheme: string; privileges?: Record<string, boolean> }[] = [];
  const trays: { tooltip: string; menu: { template: { label?: string }[] } | null }[] = [];
  const opened: string[] = [];
  const errors: string[] = [];
  /** Message boxes shown, and the buttons a test answers them with (in order; Cancel when none is left). */
  const messageBoxes: { title?: string; detail?: string; buttons: string[]; cancelId?: number }[] = [];
  const answers: number[] = [];

  const module = {
    app,
    BrowserWindow: FakeBrowserWindow,
    MessageChannelMain: class {
      readonly port1: FakePortMain;
      readonly port2: FakePortMain;
      constructor() {
        const c = new MessageChannel();
        this.port1 = new FakePortMain(c.port1);
        this.port2 = new FakePortMain(c.port2);
      }
    },
    utilityProcess,
    ipcMain: {
      handle: (channel: string, fn: Handler) => ipcHandlers.set(channel, fn),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
      // ipcRenderer.send's channel (a withdrawal): the shell's wiring registers it; these tests send none.
      on: () => undefined,
      removeListener: () => undefined,
    },
    protocol: {
      registerSchemesAsPrivileged: (list: { scheme: string; privileges?: Record<string, boolean> }[]) => schemes.push(...list),
      handle: (scheme: string, fn: (r: Request) => Promise<Response>) => protocols.set(scheme, fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: () => undefined,
        setPermissionCheckHandler: () => undefined,
        setDevicePermissionHandler: () => undefined,
        webRequest: { onBeforeRequest: () => undefined, onHeadersReceived: () => undefined },
      },
    },
    safeStorage: fakeSafeStorage(),
    shell: {
      openExternal: async (url: string) => {
        opened.push(url);
      },
      openPath: async (p: string) => {
        opened.push(p);
        return '';
      },
      showItemInFolder: (p: string) => opened.push(p),
    },
    dialog: {
      showErrorBox: (title: string, body: string) => errors.push(`${title}: ${body}`),
      showMessageBox: async (o: { title?: string; detail?: string; buttons: string[]; cancelId?: number }) => {
        messageBoxes.push(o);
        return { response: answers.shift() ?? o.cancelId ?? 0, checkboxChecked: false };
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: () => undefined,
    },
    Notification: Object.assign(
      class {
        on() {}
        show() {}
      },
      { isSupported: () => true },
    ),
    nativeImage: { createFromBuffer: () => ({ setTemplateImage: () => undefined }) },
    Tray: class {
      readonly state = { tooltip: '', menu: null as { template: { label?: string }[] } | null };
      constructor() {
        trays.push(this.state);
      }
      on() {}
      setToolTip(t: string) {
        this.state.tooltip = t;
      }
      setContextMenu(m: { template: { label?: string }[] }) {
        this.state.menu = m;
      }
    },
  };
  return { module, app, windows, engines, ipcHandlers, protocols, schemes, trays, opened, errors, messageBoxes, answers };
}
