import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBridgeServer } from '../../../main/core/bridge';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import { WRITER } from '../../../main/core/store/writer';
import { ShellState } from '../../../main/electron/shell-state';
import { trayMenu, trayUpdater } from '../../../main/electron/tray';
import { summarize, type TrayAccountState, type TrayView } from '../../../main/electron/tray-state';
import { accountHealth, FEEDS } from '../../../shared/account-health';
import type { SyncState } from '../../../shared/bridge/views';
import { healthyFacts } from '../../support/health-facts';
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
    expect(summarize(view({ accounts: [acc('a'), acc('b'), acc('c')], states })).label).toBe('Account b: not up to date');
    states.set('c', { state: 'offline', message: null });
    expect(summarize(view({ accounts: [acc('a'), acc('b'), acc('c')], states })).label).toBe('2 companies are not up to date');
    states.set('b', { state: 'idle', message: null });
    states.set('c', { state: 'idle', message: null });
    expect(summarize(view({ accounts: [acc('a'), acc('b'), acc('c')], states })).label).toBe('Up to date');
  });

  it("says what the account's health says, not the runner's last word, naming the company and what holds", () => {
    const keys = accountHealth(healthyFacts(Date.now(), { runner: null, keys: { reason: 'store', since: Date.now(), detail: 'x' } }));
    const behind = accountHealth(
      healthyFacts(Date.now(), { feeds: Object.fromEntries(FEEDS.map((f) => [f, { okAt: 0, failedAt: null, error: null }])) }),
    );
    // The runner said idle (its last pass had no problem of its own); the health says the feeds are hours old.
    const states = new Map<string, TrayAccountState>([
      ['a', { state: 'idle', message: null, health: behind }],
      ['b', { state: 'idle', message: null, health: accountHealth(healthyFacts(Date.now())) }],
    ]);
    expect(summarize(view({ accounts: [acc('a'), acc('b')], states }))).toMatchObject({
      label: 'Account a: nothing could be fetched from the service',
      state: 'offline',
    });
    states.set('b', { state: 'idle', message: null, health: keys });
    expect(summarize(view({ accounts: [acc('a'), acc('b')], states }))).toMatchObject({
      label: 'Account b: its API key cannot be read',
      state: 'needs_user',
    });
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
    const one = engine[WRITER].accounts.create({
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

    // Its key is in no store: the engine cannot start its sync, and the tray says so by name, not "Up to date".
    await engine.start();
    state.onEvent('sync.state', { accountId: one.id, state: 'idle', message: null }, bridge.dispatch);
    await vi.waitFor(() => expect(summarize(state.view()).label).toBe('One Oy: its API key is not in the key store'));

    await state.setAllPaused(true, bridge.dispatch);
    expect(engine.store.accounts.get(one.id)?.paused).toBe(true);
    expect(summarize(state.view())).toMatchObject({ allPaused: true });
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });
});
