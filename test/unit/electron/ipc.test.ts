import { describe, expect, it, onTestFinished } from 'vitest';
import { createBridgeServer, type Dispatch } from '../../../main/core/bridge';
import { Engine } from '../../../main/core/engine';
import { MemorySecrets } from '../../../main/core/secrets';
import { type EventTarget, registerBridgeIpc, sendBridgeEvent } from '../../../main/electron/ipc';
import { recordingLogger } from '../../support/log';
import { tempDir } from '../../support/temp';
import { fakeIpcMain, invokeEvent } from './support';

const WINDOW_ID = 7;

/** The real bridge on a real engine (SQLite in a temp folder), behind the IPC handler as main registers it. */
function setup() {
  const dataDir = tempDir();
  const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
  const bridge = createBridgeServer({
    engine,
    dataDir,
    host: {
      kind: 'electron',
      version: '1.2.3',
      capabilities: { openFiles: true, startAtLogin: true, notifications: true },
      secretStore: { kind: 'electron-safe-storage', label: 'OS keychain (Electron safeStorage)' },
    },
  });
  onTestFinished(async () => {
    bridge.close();
    await engine.stop();
  });
  const dispatched: string[] = [];
  const dispatch: Dispatch = (name, input) => {
    dispatched.push(String(name));
    return bridge.dispatch(name, input);
  };
  const ipcMain = fakeIpcMain();
  const log = recordingLogger();
  const dispose = registerBridgeIpc({ ipcMain, dispatch, isAppContents: (id) => id === WINDOW_ID, log });
  const invoke = (event: ReturnType<typeof invokeEvent>, ...args: unknown[]) => {
    const handler = ipcMain.handlers.get('einvoice:invoke');
    if (!handler) throw new Error('no handler');
    return handler(event, ...args);
  };
  return { engine, ipcMain, dispatched, log, dispose, invoke };
}

describe('ipc: the one invoke channel', () => {
  it('runs a command from the app’s own window through the real bridge', async () => {
    const t = setup();
    const info = await t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'app.info', {});
    expect(info).toMatchObject({ ok: true, value: { host: 'electron', version: '1.2.3' } });
    await expect(t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'settings.set', { theme: 'dark' })).resolves.toMatchObject({
      ok: true,
      value: { theme: 'dark' },
    });
    await expect(t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'settings.get', {})).resolves.toMatchObject({ value: { theme: 'dark' } });
    expect(t.dispatched).toEqual(['app.info', 'settings.set', 'settings.get']);
  });

  it.each([
    ['a frame that is gone', invokeEvent({ senderId: WINDOW_ID, frame: 'gone' })],
    ['an iframe of the app', invokeEvent({ senderId: WINDOW_ID, frame: 'sub' })],
    ['another webContents', invokeEvent({ senderId: WINDOW_ID + 1 })],
    ['a page from the web', invokeEvent({ senderId: WINDOW_ID, url: 'https://evil.example/index.html' })],
    ['a file:// page', invokeEvent({ senderId: WINDOW_ID, url: 'file:///tmp/index.html' })],
    ['an app:// look-alike host', invokeEvent({ senderId: WINDOW_ID, url: 'app://einvoice.evil/index.html' })],
    ['app:// with a user name', invokeEvent({ senderId: WINDOW_ID, url: 'app://x@einvoice/index.html' })],
  ])('refuses %s before anything reaches the engine', async (_why, event) => {
    const t = setup();
    const r = await t.invoke(event, 'accounts.list', {});
    expect(r).toEqual({ ok: false, error: { kind: 'invalid', message: "Only the app's own page may use the app's bridge" } });
    expect(t.dispatched).toEqual([]);
    expect(t.log.lines.map((l) => l.msg)).toEqual(['bridge call refused']);
  });

  it.each(['nope', '__proto__', 'constructor', 42, null])('refuses the unknown command %j in main', async (name) => {
    const t = setup();
    const r = (await t.invoke(invokeEvent({ senderId: WINDOW_ID }), name, {})) as { ok: boolean; error: { message: string } };
    expect(r.ok).toBe(false);
    expect(r.error.message).toMatch(/^Unknown command/);
    expect(t.dispatched).toEqual([]);
  });

  it('parses the input with the contract’s schema in main and answers per-field errors', async () => {
    const t = setup();
    const r = await t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'accounts.update', { accountId: 'not-a-uuid', pollIntervalS: 5 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const fields = (r as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['accountId', 'pollIntervalS']);
    await expect(t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'settings.set', 'not an object')).resolves.toMatchObject({ ok: false });
    await expect(t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'settings.set', { theme: 'neon' })).resolves.toMatchObject({ ok: false });
    expect(t.dispatched).toEqual([]);
  });

  it('answers the engine’s own refusals as values (an unknown account)', async () => {
    const t = setup();
    const r = await t.invoke(invokeEvent({ senderId: WINDOW_ID }), 'invoices.list', { accountId: '3f2b0c1e-0000-4000-8000-000000000009' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(t.dispatched).toEqual(['invoices.list']);
  });

  it('registers its channels and removes them on dispose', () => {
    const t = setup();
    expect([...t.ipcMain.handlers.keys()]).toEqual(['einvoice:invoke']);
    expect(t.ipcMain.listeners.get('einvoice:withdraw')?.size).toBe(1);
    t.dispose();
    expect(t.ipcMain.handlers.size).toBe(0);
    expect(t.ipcMain.listeners.get('einvoice:withdraw')?.size).toBe(0);
  });
});

describe('ipc: withdrawing a numbered call', () => {
  /** A dispatch that holds every call until the test answers it, and shows the signal it was given. */
  function held() {
    const calls: { name: unknown; signal: AbortSignal | undefined; answer(): void }[] = [];
    const dispatch: Dispatch = (name, _input, options) =>
      new Promise((resolve) => calls.push({ name, signal: options?.signal, answer: () => resolve({ ok: true, value: name }) }));
    const ipcMain = fakeIpcMain();
    registerBridgeIpc({ ipcMain, dispatch, isAppContents: (id) => id === WINDOW_ID || id === WINDOW_ID + 1, log: recordingLogger() });
    const handler = ipcMain.handlers.get('einvoice:invoke');
    if (!handler) throw new Error('no handler');
    const list = { accountId: '3f2b0c1e-0000-4000-8000-000000000009', filter: { direction: 'RECEIVED' }, limit: 10 };
    return {
      calls,
      ipcMain,
      invoke: (event: ReturnType<typeof invokeEvent>, call?: unknown) => handler(event, 'invoices.list', list, call),
    };
  }
  const flush = () => new Promise((r) => setImmediate(r));

  it('aborts the dispatch of the call the same window withdraws, and of no other', async () => {
    const t = held();
    const mine = invokeEvent({ senderId: WINDOW_ID });
    const first = t.invoke(mine, 1);
    const second = t.invoke(mine, 2);
    const plain = t.invoke(mine);
    await flush();
    const [one, two, three] = t.calls;
    expect(one?.signal?.aborted).toBe(false);
    expect(three?.signal).toBeUndefined();
    // Another window, an iframe of this one and a malformed number withdraw nothing.
    t.ipcMain.send('einvoice:withdraw', invokeEvent({ senderId: WINDOW_ID + 1 }), 1);
    t.ipcMain.send('einvoice:withdraw', invokeEvent({ senderId: WINDOW_ID, frame: 'sub' }), 1);
    t.ipcMain.send('einvoice:withdraw', mine, '1');
    expect(one?.signal?.aborted).toBe(false);
    t.ipcMain.send('einvoice:withdraw', mine, 1);
    expect(one?.signal?.aborted).toBe(true);
    expect(two?.signal?.aborted).toBe(false);
    for (const c of t.calls) c.answer();
    await Promise.all([first, second, plain]);
    // Answered calls are forgotten: their numbers can be used again.
    const again = t.invoke(mine, 1);
    await flush();
    expect(t.calls[3]?.signal?.aborted).toBe(false);
    t.calls[3]?.answer();
    await expect(again).resolves.toEqual({ ok: true, value: 'invoices.list' });
  });

  it('refuses a malformed call number, and one still in use by the same window', async () => {
    const t = held();
    const mine = invokeEvent({ senderId: WINDOW_ID });
    for (const bad of [0, -3, 1.5, '2', null]) {
      await expect(t.invoke(mine, bad)).resolves.toMatchObject({
        ok: false,
        error: { message: 'A call number is a whole number of 1 or more' },
      });
    }
    const first = t.invoke(mine, 5);
    await expect(t.invoke(mine, 5)).resolves.toMatchObject({ ok: false, error: { message: 'That call number is in use' } });
    // Another window's 5 is its own.
    const theirs = t.invoke(invokeEvent({ senderId: WINDOW_ID + 1 }), 5);
    await flush();
    expect(t.calls).toHaveLength(2);
    for (const c of t.calls) c.answer();
    await Promise.all([first, theirs]);
  });
});

describe('ipc: pushed events', () => {
  const target = (url: string, destroyed = false) => {
    const sent: unknown[][] = [];
    const t: EventTarget & { sent: unknown[][] } = { sent, isDestroyed: () => destroyed, getURL: () => url, send: (...a) => sent.push(a) };
    return t;
  };

  it('go on the one event channel to windows showing the app, and to nothing else', () => {
    const app = target('app://einvoice/invoices/1');
    const gone = target('app://einvoice/', true);
    const elsewhere = target('https://example.com/');
    sendBridgeEvent([app, gone, elsewhere], 'accounts.changed', {});
    expect(app.sent).toEqual([['einvoice:event', 'accounts.changed', {}]]);
    expect(gone.sent).toEqual([]);
    expect(elsewhere.sent).toEqual([]);
  });
});
