import { describe, expect, it } from 'vitest';
import { HIDDEN_ARG, type LoginItemApi, loginItem, startedAtLogin } from '../../../main/electron/login-item';
import { shellSettings } from '../../../main/electron/settings';
import { tempDir } from '../../support/temp';
import { electronStore } from './support';

function fakeLoginApp(o: { wasOpenedAtLogin?: boolean } = {}) {
  let openAtLogin = false;
  const calls: unknown[] = [];
  const app: LoginItemApi = {
    getLoginItemSettings: (opts) => {
      calls.push(['get', opts]);
      return { openAtLogin, wasOpenedAtLogin: o.wasOpenedAtLogin ?? false };
    },
    setLoginItemSettings: (s) => {
      calls.push(['set', s]);
      openAtLogin = s.openAtLogin ?? false;
    },
  };
  return { app, calls };
}

describe('login item', () => {
  it('exists on Windows (with --hidden) and macOS, not on Linux', () => {
    expect(loginItem(fakeLoginApp().app, 'linux')).toBeNull();
    const win = fakeLoginApp();
    const item = loginItem(win.app, 'win32');
    item?.set(true);
    expect(item?.isEnabled()).toBe(true);
    expect(win.calls).toEqual([
      ['set', { openAtLogin: true, args: [HIDDEN_ARG] }],
      ['get', { args: [HIDDEN_ARG] }],
    ]);
    const mac = fakeLoginApp();
    loginItem(mac.app, 'darwin')?.set(true);
    expect(mac.calls).toEqual([['set', { openAtLogin: true }]]);
  });

  it('knows a start at login by its argument (Windows) or by the OS (macOS)', () => {
    expect(startedAtLogin(['app', HIDDEN_ARG], fakeLoginApp().app, 'win32')).toBe(true);
    expect(startedAtLogin(['app'], fakeLoginApp().app, 'win32')).toBe(false);
    expect(startedAtLogin(['app'], fakeLoginApp({ wasOpenedAtLogin: true }).app, 'darwin')).toBe(true);
  });
});

describe('app settings in electron-store', () => {
  it('start with the defaults, keep what is written, and survive a new session', async () => {
    const dir = tempDir();
    const changes: unknown[] = [];
    const s = shellSettings({ store: await electronStore(dir), loginItem: null, onChange: (v) => changes.push(v) });
    expect(await s.read()).toEqual({
      language: 'en',
      languageChosen: false,
      theme: 'system',
      notifications: true,
      startAtLogin: false,
      lastAccountId: null,
    });
    await s.write({ language: 'fi', notifications: false, theme: undefined });
    expect(changes).toEqual([
      { language: 'fi', languageChosen: true, theme: 'system', notifications: false, startAtLogin: false, lastAccountId: null },
    ]);
    const again = shellSettings({ store: await electronStore(dir), loginItem: null });
    expect(again.current()).toEqual({
      language: 'fi',
      languageChosen: true,
      theme: 'system',
      notifications: false,
      startAtLogin: false,
      lastAccountId: null,
    });
  });

  it('take "start at login" from the OS and write it there', async () => {
    const login = fakeLoginApp();
    const s = shellSettings({ store: await electronStore(tempDir()), loginItem: loginItem(login.app, 'darwin') });
    expect((await s.write({ startAtLogin: true })).startAtLogin).toBe(true);
    expect(login.calls).toContainEqual(['set', { openAtLogin: true }]);
    // Someone turned it off in System Settings: the app says what the OS does.
    login.app.setLoginItemSettings({ openAtLogin: false });
    expect((await s.read()).startAtLogin).toBe(false);
  });

  it('keep the good fields of a damaged file', async () => {
    const store = await electronStore(tempDir());
    store.set('app', { language: 'klingon', theme: 'dark', notifications: 'yes' });
    expect(shellSettings({ store, loginItem: null }).current()).toEqual({
      language: 'en',
      languageChosen: false,
      theme: 'dark',
      notifications: true,
      startAtLogin: false,
      lastAccountId: null,
    });
  });
});
