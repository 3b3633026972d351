import { describe, expect, it } from 'vitest';
import { createIpcBridge, findPreload, type PreloadApi } from '../../../renderer/bridge/ipc';
import { BridgeError } from '../../../shared/bridge';

function preload(answer: (name: string, input: unknown, call?: number) => Promise<unknown>) {
  const subs: { name: string; fn: (p: unknown) => void }[] = [];
  const withdrawn: number[] = [];
  const api: PreloadApi = {
    invoke: answer,
    withdraw: (call) => withdrawn.push(call),
    subscribe(name, fn) {
      subs.push({ name, fn });
      return () =>
        subs.splice(
          subs.findIndex((s) => s.fn === fn),
          1,
        );
    },
  };
  return { api, subs, withdrawn };
}

describe('IPC bridge', () => {
  it('finds the preload only when it has all its functions', () => {
    const { api } = preload(async () => null);
    expect(findPreload({ einvoice: api })).toBe(api);
    expect(findPreload({})).toBeNull();
    expect(findPreload({ einvoice: { invoke: () => null } })).toBeNull();
    expect(findPreload({ einvoice: { invoke: () => null, subscribe: () => null } })).toBeNull();
  });

  it('numbers a call with a signal and, when it aborts, withdraws it and rejects at once', async () => {
    const asked: (number | undefined)[] = [];
    let answerFirst: (v: unknown) => void = () => undefined;
    const { api, withdrawn } = preload(
      (_name, _input, call) =>
        new Promise((resolve) => {
          asked.push(call);
          if (asked.length === 1) answerFirst = resolve;
          else resolve({ ok: true, value: { items: [], next: null, total: 0 } });
        }),
    );
    const bridge = createIpcBridge(api);
    const typed = new AbortController();
    const first = bridge.invoke(
      'invoices.list',
      { accountId: 'a', filter: { direction: 'RECEIVED' }, limit: 10 },
      { signal: typed.signal },
    );
    const reason = new Error('typed over');
    typed.abort(reason);
    await expect(first).rejects.toBe(reason);
    expect(withdrawn).toEqual([asked[0]]);
    // The next call goes out while the first is still unanswered; its late answer is nobody's.
    const second = bridge.invoke(
      'invoices.list',
      { accountId: 'a', filter: { direction: 'RECEIVED' }, limit: 10 },
      { signal: new AbortController().signal },
    );
    await expect(second).resolves.toMatchObject({ total: 0 });
    answerFirst({ ok: true, value: 'late' });
    expect(asked).toEqual([1, 2]);
    // Without a signal nothing is numbered, and an already aborted one never leaves the page.
    await bridge.invoke('app.info', {});
    expect(asked.at(-1)).toBeUndefined();
    const gone = new AbortController();
    gone.abort(reason);
    await expect(bridge.invoke('app.info', {}, { signal: gone.signal })).rejects.toBe(reason);
    expect(asked).toHaveLength(3);
  });

  it('withdraws nothing once the answer came', async () => {
    const { api, withdrawn } = preload(async () => ({ ok: true, value: { version: '1' } }));
    const bridge = createIpcBridge(api);
    const ask = new AbortController();
    await expect(bridge.invoke('app.info', {}, { signal: ask.signal })).resolves.toEqual({ version: '1' });
    ask.abort();
    expect(withdrawn).toEqual([]);
  });

  it("unwraps the main side's result and throws its error view", async () => {
    const { api } = preload(async (name) =>
      name === 'app.info'
        ? { ok: true, value: { version: '1' } }
        : { ok: false, error: { kind: 'user', message: 'no', code: 'forbidden' } },
    );
    const bridge = createIpcBridge(api);
    await expect(bridge.invoke('app.info', {})).resolves.toEqual({ version: '1' });
    const err = await bridge.invoke('company.users.list', { accountId: 'a' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).view.code).toBe('forbidden');
  });

  it('refuses names outside the command map without asking main', async () => {
    let asked = 0;
    const { api } = preload(async () => {
      asked++;
      return { ok: true, value: null };
    });
    const bridge = createIpcBridge(api);
    const err = (await bridge.invoke('nope' as 'app.info', {}).catch((e: unknown) => e)) as BridgeError;
    expect(err.view.code).toBe('unknown_command');
    expect(asked).toBe(0);
  });

  it('turns a rejected invoke into a BridgeError and passes events through', async () => {
    const { api, subs } = preload(async () => {
      throw new Error("Error invoking remote method 'bridge': boom");
    });
    const bridge = createIpcBridge(api);
    const err = (await bridge.invoke('app.info', {}).catch((e: unknown) => e)) as BridgeError;
    expect(err.view.code).toBe('ipc_failed');
    const got: unknown[] = [];
    const off = bridge.subscribe('activity', (p) => got.push(p));
    subs[0]?.fn({ id: 7 });
    off();
    expect(got).toEqual([{ id: 7 }]);
    expect(subs).toHaveLength(0);
  });
});
