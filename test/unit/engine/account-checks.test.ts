import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SendingOptionsError } from '../../../main/core/accounts/folder-options';
import { AccountInputError } from '../../../main/core/accounts/input-error';
import { createBridgeServer } from '../../../main/core/bridge';
import { Engine } from '../../../main/core/engine';
import { silentLogger } from '../../../main/core/log';
import { MemorySecrets } from '../../../main/core/secrets';
import { rootsFolder } from '../../../main/core/sync/root-choice';
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

  it("refuses a folder inside another account's folder or holding one, on adding and on moving", async () => {
    const { engine, input, dataDir } = setup();
    const a = await engine.addAccount(input(), false);
    await expect(engine.addAccount(input({ name: 'Sisä Oy', root: join(dataDir, 'root', 'Inbox', 'x') }), false)).rejects.toMatchObject({
      field: 'root',
      hint: 'inside the folder of Client Oy',
    });
    await expect(engine.addAccount(input({ name: 'Ulko Oy', root: dataDir }), false)).rejects.toMatchObject({
      field: 'root',
      hint: 'holds the folder of Client Oy',
    });
    const b = await engine.addAccount(input({ name: 'Toinen Oy', root: join(dataDir, 'root-2') }), false);
    await expect(engine.updateAccount(b.id, { root: join(dataDir, 'root', 'b') })).rejects.toMatchObject({ field: 'root' });
    // Its own folder is no other account's, and a folder only named alike is beside it, not in it.
    expect((await engine.updateAccount(a.id, { root: join(dataDir, 'root') })).root).toBe(join(dataDir, 'root'));
    expect(engine.listAccounts()).toHaveLength(2);
  });

  it('looks at a folder for the add-account form, and proposes one beside the other accounts', async () => {
    const { bridge, engine, input, dataDir } = setup();
    // The roots the user chose, outside the app's own data folder (where only the demo lives).
    const home = tempDir('einvoice-home-');
    await engine.addAccount(input({ root: join(home, 'Clients', 'Client Oy') }), false);
    await engine.addAccount(input({ name: 'Toinen Oy', root: join(home, 'Clients', 'Toinen Oy') }), false);
    const check = async (path: string) => {
      const r = await bridge.dispatch('accounts.checkRoot', { path });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(await check(join(home, 'Clients', 'Kolmas Oy'))).toMatchObject({ ok: true, exists: false, problem: null });
    expect(await check(join(home, 'Clients'))).toMatchObject({ ok: false, problem: 'contains', account: 'Client Oy' });
    expect(await check(join(home, 'Clients', 'Toinen Oy', 'Sent'))).toMatchObject({ ok: false, problem: 'inside', account: 'Toinen Oy' });
    expect(await check('Clients/Kolmas')).toMatchObject({ ok: false, problem: 'relative' });
    writeFileSync(join(dataDir, 'a-file'), 'x');
    expect(await check(join(dataDir, 'a-file'))).toMatchObject({ ok: false, problem: 'notFolder', exists: true });
    expect(await check(join(dataDir, 'a-file', 'below'))).toMatchObject({ ok: false, problem: 'notCreatable' });
    mkdirSync(join(home, 'Clients', 'Empty'));
    expect(await check(join(home, 'Clients', 'Empty'))).toMatchObject({ ok: true, exists: true, empty: true });

    const proposed = await bridge.dispatch('accounts.proposeRoot', { name: 'Kolmas Oy: Helsinki' });
    expect(proposed).toEqual({ ok: true, value: { path: join(home, 'Clients', 'Kolmas Oy_ Helsinki') } });
    // A folder that holds files already is not proposed; the next free name is.
    mkdirSync(join(home, 'Clients', 'Full Oy'));
    writeFileSync(join(home, 'Clients', 'Full Oy', 'x.xml'), '<x/>');
    expect(await bridge.dispatch('accounts.proposeRoot', { name: 'Full Oy' })).toEqual({
      ok: true,
      value: { path: join(home, 'Clients', 'Full Oy 2') },
    });
    // Without a folder dialog in this host, choosing answers nothing and the page asks for a path.
    expect(await bridge.dispatch('folders.choose', {})).toEqual({ ok: true, value: { path: null } });
    expect(await bridge.dispatch('app.info', {})).toMatchObject({ ok: true, value: { capabilities: { chooseFolder: false } } });
  });

  it('refuses sending options for a folder that is no Outbox type folder, in plain words, and keeps nothing', async () => {
    const { engine, input } = setup();
    const a = await engine.addAccount(input(), false);
    const refusal = (folder: string) => {
      try {
        engine.setFolderOptions(a.id, folder, { validation: 'off' });
      } catch (e) {
        expect(e).toBeInstanceOf(SendingOptionsError);
        return { message: (e as SendingOptionsError).message, fields: (e as SendingOptionsError).fields };
      }
      throw new Error(`${folder} was taken`);
    };
    expect(refusal('Invoices')).toEqual({
      message:
        '"Invoices" is not an Outbox folder: sending options are kept for Outbox/Invoices or Outbox/Documents/<TYPE>, such as Outbox/Documents/ORDER',
      fields: { folder: 'Outbox/Invoices or Outbox/Documents/<TYPE>' },
    });
    expect(refusal('Outbox/Documents/FOO').message).toBe(
      'FOO in Outbox/Documents/FOO is not a document type: name the folder by its type, such as Outbox/Documents/ORDER',
    );
    expect(refusal('Outbox/Documents/UNKNOWN').message).toMatch(/UNKNOWN .* is not a document type/);
    expect(engine.store.folderOptions.list(a.id)).toEqual([]);
    expect(engine.setFolderOptions(a.id, 'Outbox/Documents/ORDER', { recipient_country: 'SE' }).options).toEqual({
      recipient_country: 'SE',
    });
  });

  it("restarts an account's sync only for a change its runner read at its start, never for a pause or a value it has", async () => {
    const { engine, input } = setup();
    const a = await engine.addAccount(input(), false);
    // The account's API belongs to its runner: a restart makes a new one.
    const api = await engine.api(a.id);
    const paused = await engine.updateAccount(a.id, { name: 'Client Oy', root: a.root, pollIntervalS: a.pollIntervalS, paused: true });
    expect(paused.paused).toBe(true);
    expect(await engine.api(a.id)).toBe(api);
    const renamed = await engine.updateAccount(a.id, { name: '  Client Oyj ' });
    expect(renamed.name).toBe('Client Oyj');
    expect(await engine.api(a.id)).not.toBe(api);
  });

  it("proposes the home folder's E-Invoices when the only account is the demo in the data folder", () => {
    expect(rootsFolder([{ id: 'd', name: 'Demo (sandbox)', root: '/data/app/Demo' }], '/data/app', '/home/me')).toBe(
      join('/home/me', 'E-Invoices'),
    );
    expect(rootsFolder([], '/data/app', '/home/me')).toBe(join('/home/me', 'E-Invoices'));
  });
});
