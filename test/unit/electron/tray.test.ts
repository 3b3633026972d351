import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createBridgeServer } from '../../../main/core/bridge';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import { ShellState } from '../../../main/electron/shell-state';
import { trayMenu, trayUpdater } from '../../../main/electron/tray';
import { summarize, type TrayView } from '../../../main/electron/tray-state';
import type { SyncState } from '../../../shared/bridge/views';
import { tempDir } from '../../support/temp';

const acc = (id: string, paused = false) => ({ id, name: `Account ${id}`, root: `/data/${id}`, paused });
const view = (o: Partial<TrayView> = {}): TrayView => ({ engine: 'running', accounts: [acc('a')], states: new Map(), ...o });

function actions() {
  const calls: string[] = [];
  return {
    calls,
    a: {
      showWindow: () => calls.push('show'),
      syncNow: () => calls.push('sync'),
      setPaused: (p: boolean) => calls.push(`paused:${p}`),
      openFolder: (root: string) => calls.push(`folder:${root}`),
      openLogs: () => calls.push('logs'),
      quit: () => calls.push('quit'),
    },
  };
}

const item = (menu: MenuItemConstructorOptions[], label: string) => {
  const found = menu.find((m) => m.label === label);
  if (!found) throw new Error(`no "${label}" in ${menu.map((m) => m.label).join(', ')}`);
  return found;
};
const click = (m: MenuItemConstructorOptions) => (m.click as () => void)();

describe('tray state', () => {
  it('shows the state that needs the user first', () => {
    const states = new Map<string, { state: SyncState; message: string | null }>([
      ['a', { state: 'idle', message: null }],
      ['b', { state: 'needs_user', message: 'key revoked' }],
      ['c', { state: 'syncing', message: null }],
    ]);
    expect(summarize(view({ accounts: [acc('a'), acc('b'), acc('c')], states }))).toMatchObject({
      label: 'Account b: needs your attention',
      state: 'needs_user',
    });
    states.set('b', { state: 'offline', message: null });
    expect(summarize(view({ accounts: [acc('a'), acc('b'), acc('c')], states })).label).toBe('Offline: will retry');
    states.set('b', { state: 'idle', message: null });
    states.set('c', { state: 'idle', message: null });
    expect(summarize(view({ accounts: [acc('a'), acc('b'), acc('c')], states })).label).toBe('Up to date');
  });

  it('says when the engine is starting, has failed, or there is nothing to sync', () => {
    expect(summarize(view({ engine: 'starting' })).label).toBe('Starting…');
    expect(summarize(view({ engine: 'restarting' })).label).toBe('Restarting the sync engine…');
    expect(summarize(view({ engine: 'failed' })).label).toBe('The sync engine stopped');
    expect(summarize(view({ accounts: [] })).label).toBe('No accounts yet');
    expect(summarize(view({ accounts: [acc('a', true), acc('b', true)] }))).toMatchObject({ label: 'Paused', allPaused: true });
  });
});

describe('tray menu', () => {
  it('has sync state, Sync now, Pause, Open folder, Open logs and Quit, each doing its job', () => {
    const { a, calls } = actions();
    const menu = trayMenu(view({ states: new Map([['a', { state: 'idle', message: null }]]) }), a);
    expect(menu[0]).toMatchObject({ label: 'E-Invoice Sync: Up to date', enabled: false });
    for (const label of ['Open E-Invoice Sync', 'Sync now', 'Pause syncing', 'Open folder', 'Open logs', 'Quit E-Invoice Sync']) {
      click(item(menu, label));
    }
    expect(calls).toEqual(['show', 'sync', 'paused:true', 'folder:/data/a', 'logs', 'quit']);
  });

  it('offers Resume when everything is paused, and a folder per account', () => {
    const { a, calls } = actions();
    const menu = trayMenu(view({ accounts: [acc('a', true), acc('b', true)] }), a);
    expect(item(menu, 'Sync now').enabled).toBe(false);
    click(item(menu, 'Resume syncing'));
    const folders = item(menu, 'Open folder').submenu as MenuItemConstructorOptions[];
    expect(folders.map((f) => f.label)).toEqual(['Account a', 'Account b']);
    click(folders[1] as MenuItemConstructorOptions);
    expect(calls).toEqual(['paused:false', 'folder:/data/b']);
  });

  it('rebuilds the menu only when what it shows changes', () => {
    const tips: string[] = [];
    let builds = 0;
    const update = trayUpdater(
      { setToolTip: (t) => tips.push(t), setContextMenu: () => undefined },
      () => {
        builds++;
        return {};
      },
      actions().a,
    );
    const syncing = new Map([['a', { state: 'syncing' as const, message: null }]]);
    update(view({ states: syncing }));
    update(view({ states: syncing }));
    update(view({ states: new Map([['a', { state: 'idle', message: null }]]) }));
    expect(builds).toBe(2);
    expect(tips).toEqual(['E-Invoice Sync: Syncing…', 'E-Invoice Sync: Up to date']);
  });
});

describe('ShellState over the real bridge', () => {
  it('follows accounts and states, and pauses every account through the bridge', async () => {
    const dataDir = tempDir();
    const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
    const bridge = createBridgeServer({
      engine,
      dataDir,
      host: {
        kind: 'electron',
        version: '1',
        capabilities: { openFiles: true, startAtLogin: false, notifications: true },
        secretStore: { kind: 'electron-safe-storage', label: 'OS keychain (Electron safeStorage)' },
      },
    });
    onTestFinished(async () => {
      bridge.close();
      await engine.stop();
    });
    const one = engine.store.accounts.create({
      name: 'One Oy',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      companyId: '3f2b0c1e-0000-4000-8000-000000000001',
      root: tempDir(),
    });
    const state = new ShellState();
    const seen: TrayView[] = [];
    state.onChange((v) => seen.push({ ...v, states: new Map(v.states) }));
    state.setEngine('running');
    await state.refresh(bridge.dispatch);
    expect(state.accountName(one.id)).toBe('One Oy');
    expect(state.accountName(null)).toBeNull();

    state.onEvent('sync.state', { accountId: one.id, state: 'needs_user', message: 'key revoked' }, bridge.dispatch);
    expect(summarize(state.view()).label).toBe('One Oy: needs your attention');

    await state.setAllPaused(true, bridge.dispatch);
    expect(engine.store.accounts.get(one.id)?.paused).toBe(true);
    expect(summarize(state.view())).toMatchObject({ allPaused: true });
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });
});
