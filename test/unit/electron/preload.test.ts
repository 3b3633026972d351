import { describe, expect, it, vi } from 'vitest';
import { createPreloadApi, type IpcRendererLike } from '../../../preload/api';
import { COMMAND_NAMES } from '../../../shared/bridge/command-names';
import { commands } from '../../../shared/bridge/commands';
import { BRIDGE_EVENT_NAMES } from '../../../shared/bridge/events';

// Electron's binary is not needed: the preload entry gets a contextBridge that records what it exposes.
const exposed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: { invoke: async () => ({ ok: true, value: null }), send: () => undefined, on: () => undefined },
}));

function fakeIpcRenderer() {
  const sent: unknown[][] = [];
  const listeners = new Map<string, ((event: unknown, ...args: unknown[]) => void)[]>();
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      sent.push([channel, ...args]);
      return { ok: true, value: 'answer' };
    },
    send: (channel, ...args) => {
      sent.push(['send', channel, ...args]);
    },
    on: (channel, listener) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
  };
  /** What main's webContents.send would deliver. */
  const push = (channel: string, ...args: unknown[]) => {
    for (const fn of listeners.get(channel) ?? []) fn({}, ...args);
  };
  return { ipc, sent, listeners, push };
}

describe('preload: what the page gets as window.einvoice', () => {
  it('knows exactly the contract’s command names', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(commands).sort());
  });

  it('sends a known command on the one invoke channel and answers main’s result as it came', async () => {
    const f = fakeIpcRenderer();
    const api = createPreloadApi(f.ipc, () => undefined);
    await expect(api.invoke('invoices.list', { accountId: 'x' })).resolves.toEqual({ ok: true, value: 'answer' });
    await api.invoke('app.info', undefined);
    expect(f.sent).toEqual([
      ['einvoice:invoke', 'invoices.list', { accountId: 'x' }],
      ['einvoice:invoke', 'app.info', {}],
    ]);
  });

  it('sends a numbered call with its number, and a withdrawal on the withdraw channel', async () => {
    const f = fakeIpcRenderer();
    const api = createPreloadApi(f.ipc, () => undefined);
    await api.invoke('invoices.list', { accountId: 'x' }, 7);
    api.withdraw(7);
    expect(f.sent).toEqual([
      ['einvoice:invoke', 'invoices.list', { accountId: 'x' }, 7],
      ['send', 'einvoice:withdraw', 7],
    ]);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 60, '7', null, {}])('refuses the call number %j without sending anything', async (call) => {
    const f = fakeIpcRenderer();
    const api = createPreloadApi(f.ipc, () => undefined);
    await expect(api.invoke('app.info', {}, call as number)).rejects.toThrow(/call number/);
    expect(() => api.withdraw(call as number)).toThrow(/call number/);
    expect(f.sent).toEqual([]);
  });

  it.each(['nope', 'app.info ', '__proto__', 'constructor', 'toString', '', 42, null, { name: 'app.info' }])(
    'refuses the command %j without sending anything',
    async (name) => {
      const f = fakeIpcRenderer();
      const api = createPreloadApi(f.ipc, () => undefined);
      await expect(api.invoke(name as string, {})).rejects.toThrow(/^Unknown command/);
      expect(f.sent).toEqual([]);
    },
  );

  it.each(['nope', 'item.received.extra', '__proto__', 'hasOwnProperty', ''])('refuses to subscribe to %j', (name) => {
    const f = fakeIpcRenderer();
    const api = createPreloadApi(f.ipc, () => undefined);
    expect(() => api.subscribe(name, () => undefined)).toThrow(/^Unknown event/);
    expect(f.listeners.size).toBe(0);
  });

  it('delivers pushed events to their subscribers, and subscribe answers its unsubscribe', () => {
    const f = fakeIpcRenderer();
    const api = createPreloadApi(f.ipc, () => undefined);
    const received = vi.fn();
    const states = vi.fn();
    const off = api.subscribe('item.received', received);
    api.subscribe('sync.state', states);
    api.subscribe('sync.state', states);
    expect(f.listeners.get('einvoice:event')).toHaveLength(1);

    f.push('einvoice:event', 'item.received', { id: '1' });
    f.push('einvoice:event', 'sync.state', { state: 'idle' });
    f.push('einvoice:event', 'not.an.event', { id: '2' });
    expect(received.mock.calls).toEqual([[{ id: '1' }]]);
    expect(states).toHaveBeenCalledTimes(2);

    off();
    off();
    f.push('einvoice:event', 'item.received', { id: '3' });
    expect(received).toHaveBeenCalledTimes(1);
  });

  it('keeps delivering to the others when one subscriber throws', () => {
    const f = fakeIpcRenderer();
    const reports: string[] = [];
    const api = createPreloadApi(f.ipc, (message) => reports.push(message));
    const after = vi.fn();
    api.subscribe('problem', () => {
      throw new Error('boom');
    });
    api.subscribe('problem', after);
    f.push('einvoice:event', 'problem', { message: 'x' });
    expect(after).toHaveBeenCalledOnce();
    expect(reports).toEqual(['A listener of "problem" failed']);
  });

  it('subscribes to every event of the contract', () => {
    const api = createPreloadApi(fakeIpcRenderer().ipc, () => undefined);
    for (const name of BRIDGE_EVENT_NAMES) expect(typeof api.subscribe(name, () => undefined)).toBe('function');
  });
});

describe('preload entry', () => {
  it('exposes one object, einvoice, with invoke, withdraw and subscribe and nothing else', async () => {
    await import('../../../preload/index');
    expect([...exposed.keys()]).toEqual(['einvoice']);
    const api = exposed.get('einvoice') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'subscribe', 'withdraw']);
    await expect((api.invoke as (n: string, i: unknown) => Promise<unknown>)('fs.readFile', {})).rejects.toThrow(/^Unknown command/);
  });
});
