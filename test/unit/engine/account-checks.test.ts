import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createBridgeServer } from '../../../main/core/bridge';
import { AccountInputError, Engine } from '../../../main/core/engine';
import { silentLogger } from '../../../main/core/log';
import { MemorySecrets } from '../../../main/core/secrets';
import { tempDir } from '../../support/temp';

// The checks of an account live in the engine only; the bridge shows them as invalid fields with the
// engine's own words, and the CLI prints the same words.

function setup() {
  // Removed after the engine below has stopped (onTestFinished runs last-registered first).
  const dataDir = tempDir('einvoice-checks-');
  const engine = new Engine({ dataDir, secrets: new MemorySecrets() });
  const bridge = createBridgeServer({
    engine,
    dataDir,
    host: {
      kind: 'browser',
      version: '0.0.0',
      capabilities: { openFiles: false, startAtLogin: false, notifications: false },
      secretStore: { kind: 'memory', label: 'memory only' },
    },
    log: silentLogger,
  });
  onTestFinished(async () => {
    bridge.close();
    await engine.stop();
  });
  const input = (over: Record<string, unknown> = {}) => ({
    name: 'Client Oy',
    environment: 'sandbox' as const,
    url: 'http://127.0.0.1:9',
    companyId: '3f2b0c1e-1d2e-4f5a-8b6c-7d8e9f0a1b2c',
    root: join(dataDir, 'root'),
    apiKey: 'sk_secret',
    ...over,
  });
  return { engine, bridge, dataDir, input };
}

describe('account checks, made once by the engine', () => {
  it('refuses a folder that is not a full path, naming the field, before anything else happens', async () => {
    const { engine, input } = setup();
    const refused = engine.addAccount(input({ root: 'Invoices' }), true);
    await expect(refused).rejects.toBeInstanceOf(AccountInputError);
    await expect(refused).rejects.toMatchObject({ message: 'The folder must be a full path', field: 'root' });
    expect(engine.listAccounts()).toEqual([]);
  });

  it('takes a name as trimmed, so a padded copy of a taken name is refused too', async () => {
    const { engine, input } = setup();
    await engine.addAccount(input(), false);
    await expect(engine.addAccount(input({ name: '  Client Oy ', root: join(tmpdir(), 'x') }), false)).rejects.toMatchObject({
      message: 'An account named "Client Oy" exists already',
      field: 'name',
      hint: 'this name is taken',
    });
  });

  it('checks a rename and a move the same way, and lets an account keep its own name', async () => {
    const { engine, input, dataDir } = setup();
    const a = await engine.addAccount(input(), false);
    await engine.addAccount(input({ name: 'Toinen Oy', root: join(dataDir, 'other') }), false);
    await expect(engine.updateAccount(a.id, { name: 'Toinen Oy' })).rejects.toMatchObject({ field: 'name' });
    await expect(engine.updateAccount(a.id, { root: 'relative' })).rejects.toMatchObject({ field: 'root' });
    expect((await engine.updateAccount(a.id, { name: 'Client Oy', pollIntervalS: 600 })).pollIntervalS).toBe(600);
  });

  it('reaches the renderer through the bridge as an invalid field with the same message', async () => {
    const { bridge, input } = setup();
    expect(await bridge.dispatch('accounts.add', input({ root: 'Invoices' }))).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        message: 'The folder must be a full path',
        fields: { root: 'must be a full path, such as /home/me/Invoices' },
      },
    });
    expect(await bridge.dispatch('accounts.add', input({ apiKey: '   ' }))).toEqual({
      ok: false,
      error: { kind: 'invalid', message: 'The API key is empty', fields: { apiKey: 'the API key is required' } },
    });
  });
});
