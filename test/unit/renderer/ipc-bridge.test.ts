import { describe, expect, it } from 'vitest';
import { createIpcBridge, findPreload, type PreloadApi } from '../../../renderer/bridge/ipc';
import { BridgeError } from '../../../shared/bridge';

function preload(answer: (name: string, input: unknown) => Promise<unknown>) {
  const subs: { name: string; fn: (p: unknown) => void }[] = [];
  const api: PreloadApi = {
    invoke: answer,
    subscribe(name, fn) {
      subs.push({ name, fn });
      return () =>
        subs.splice(
          subs.findIndex((s) => s.fn === fn),
          1,
        );
    },
  };
  return { api, subs };
}

describe('IPC bridge', () => {
  it('finds the preload only when it has both functions', () => {
    const { api } = preload(async () => null);
    expect(findPreload({ einvoice: api })).toBe(api);
    expect(findPreload({})).toBeNull();
    expect(findPreload({ einvoice: { invoke: () => null } })).toBeNull();
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
