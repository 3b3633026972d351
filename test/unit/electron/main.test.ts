import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountView } from '../../../shared/bridge/views';
import { fileTempDir } from '../../support/temp';
import type { fakeElectron } from './fake-electron';

// main.ts wired to a fake Electron (the binary is not here): the real engine runs in place of the
// utility process, everything main asks of Electron is recorded.
const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeElectron> | null }));
vi.mock('electron', async () => {
  const { fakeElectron } = await import('./fake-electron');
  fake.current = fakeElectron(process.cwd());
  return { ...fake.current.module, default: fake.current.module };
});

// Removed after the afterAll below has stopped the engines (after-hooks run last-registered first).
const dataDir = fileTempDir('einvoice-main-');
const f = () => {
  if (!fake.current) throw new Error('electron was not faked');
  return fake.current;
};

beforeAll(async () => {
  process.env.EINVOICE_DATA_DIR = dataDir;
  process.env.EINVOICE_ALLOW_BASIC_TEXT_KEYCHAIN = '1';
  // electron-store imports the electron npm package, which throws without its binary (see support.ts).
  process.env.ELECTRON_OVERRIDE_DIST_PATH = join(dataDir, 'no-binary');
  await import('../../../main/electron/main');
}, 60_000);

afterAll(async () => {
  if (!fake.current) return;
  if (f().app.quits === 0) f().app.quit();
  await Promise.all(f().engines.map((e) => e.served));
  delete process.env.EINVOICE_DATA_DIR;
});

const invoke = (senderId: number, url: string, name: string, input: unknown = {}) => {
  const handler = f().ipcHandlers.get('einvoice:invoke');
  if (!handler) throw new Error('no invoke handler');
  return handler({ sender: { id: senderId }, senderFrame: { url, parent: null } }, name, input) as Promise<{
    ok: boolean;
    value?: unknown;
    error?: { message: string };
  }>;
};

describe('main.ts, wired', () => {
  it('uses the data folder it was given and writes its log there', () => {
    expect(f().app.getPath('userData')).toBe(dataDir);
    expect(existsSync(join(dataDir, 'logs', 'main.log'))).toBe(true);
    expect(readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8')).toContain('"msg":"desktop app started"');
    expect(f().errors).toEqual([]);
  });

  it('opens one sandboxed window on app:// with the preload, and guards its webContents', () => {
    const [win] = f().windows;
    expect(f().windows).toHaveLength(1);
    expect(win?.visible).toBe(true);
    expect(win?.webContents.url).toBe('app://einvoice/index.html');
    expect(win?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(String(win?.options.webPreferences.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(win?.webContents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(f().opened).toEqual(['https://example.com/']);
    expect([...f().protocols.keys()]).toEqual(['app']);
  });

  it('registers app:// as a standard scheme with a code cache, so a window does not compile the renderer anew each opening', () => {
    // Electron keeps V8's code cache for http(s) only, unless a custom scheme asks for it (and is standard).
    expect(f().schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) },
    ]);
  });

  it('runs the engine in its own process, on the demo company at first run, and answers the window', async () => {
    expect(f().engines).toHaveLength(1);
    expect(f().engines[0]?.init.dataDir).toBe(dataDir);
    const win = f().windows[0];
    if (!win) throw new Error('no window');
    const accounts = await invoke(win.webContents.id, 'app://einvoice/index.html', 'accounts.list');
    expect((accounts.value as AccountView[]).map((a) => a.name)).toEqual(['Demo (sandbox)']);
    // Another webContents, or the right one showing something else, gets nothing.
    await expect(invoke(win.webContents.id + 100, 'app://einvoice/index.html', 'accounts.list')).resolves.toMatchObject({ ok: false });
    await expect(invoke(win.webContents.id, 'https://evil.example/', 'accounts.list')).resolves.toMatchObject({ ok: false });
  });

  it('pushes the engine’s events to the window and keeps the tray in step', async () => {
    const win = f().windows[0];
    if (!win) throw new Error('no window');
    await invoke(win.webContents.id, 'app://einvoice/index.html', 'sync.now');
    await win.webContents.waitForSent((s) => s[0] === 'einvoice:event' && s[1] === 'sync.state');
    const tray = f().trays[0];
    expect(tray?.tooltip).toMatch(/^E-Invoice Sync: /);
    expect(tray?.menu?.template.map((i) => i.label).filter(Boolean)).toEqual(
      expect.arrayContaining(['Sync now', 'Pause syncing', 'Open folder', 'Open logs', 'Quit E-Invoice Sync']),
    );
  });

  it('hides the window on close and keeps the engine answering', async () => {
    const win = f().windows[0];
    if (!win) throw new Error('no window');
    win.close();
    expect(win.destroyed).toBe(false);
    expect(win.visible).toBe(false);
    await expect(invoke(win.webContents.id, 'app://einvoice/index.html', 'sync.status')).resolves.toMatchObject({ ok: true });
    f().app.emit('second-instance');
    expect(win.visible).toBe(true);
  });

  it('quits only after the engine has finished its work', async () => {
    let quitted = false;
    f().app.once('quit', () => {
      quitted = true;
    });
    f().app.quit();
    expect(quitted).toBe(false);
    await Promise.all(f().engines.map((e) => e.served));
    await new Promise<void>((resolve) => (quitted ? resolve() : f().app.once('quit', () => resolve())));
    expect(f().app.quits).toBe(2);
    expect(readFileSync(join(dataDir, 'logs', 'engine.log'), 'utf8')).toContain('"msg":"engine stopped"');
  });
});
