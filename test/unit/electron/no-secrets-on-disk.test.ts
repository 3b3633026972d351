import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logsDir } from '../../../main/core/paths';
import { EngineProcess } from '../../../main/electron/engine-process';
import { registerBridgeIpc } from '../../../main/electron/ipc';
import { createFileLogger, SecretScrubber } from '../../../main/electron/logs';
import { KeychainSecrets } from '../../../main/electron/secrets';
import { shellSettings } from '../../../main/electron/settings';
import type { BridgeEventName, BridgeEvents } from '../../../shared/bridge/events';
import type { AccountView } from '../../../shared/bridge/views';
import { FIXTURES } from '../../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../../support/sandbox';
import { tempDir } from '../../support/temp';
import { engineInit, inProcessSpawner } from './engine-harness';
import { electronStore, fakeIpcMain, fakeSafeStorage, invokeEvent } from './support';

/** Every file under a folder, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(e.parentPath, e.name);
    return e.isDirectory() ? files(path) : e.isFile() ? [path] : [];
  });
}

/** The forms a key could take in a file: as text, UTF-16, base64 and hex. */
function forms(secret: string): Buffer[] {
  return [
    Buffer.from(secret, 'utf8'),
    Buffer.from(secret, 'utf16le'),
    Buffer.from(Buffer.from(secret).toString('base64')),
    Buffer.from(Buffer.from(secret).toString('hex')),
  ];
}

let sb: TestSandbox;
let company: TestCompany;
beforeAll(async () => {
  sb = await startTestSandbox();
  company = await sb.company({ name: 'Secretive Oy' });
});
afterAll(async () => sb?.close());

describe('nothing secret on disk or in the logs', () => {
  it('after adding an account through the window’s bridge and syncing it against the sandbox', { timeout: 60_000 }, async () => {
    const dataDir = tempDir('einvoice-secrets-');
    const root = join(tempDir('einvoice-root-'), 'Secretive');
    for (const file of ['invoices/peppol-bis3/base-example.xml', 'invoices/finvoice3/finvoice_30_example.xml']) {
      const res = await sb.call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
        method: 'POST',
        body: form({ name: file.split('/').pop() as string, data: readFileSync(join(FIXTURES, file)) }),
      });
      expect(res.status).toBe(201);
    }

    // Main as main.ts wires it: the keychain and settings in electron-store, logs in the log folder.
    const scrubber = new SecretScrubber();
    const mainLog = createFileLogger({ dir: logsDir(dataDir), fileName: 'main.log', level: 'debug', scrubber });
    const store = await electronStore(dataDir);
    const secrets = new KeychainSecrets({ safeStorage: fakeSafeStorage(), store, onSecret: (v) => scrubber.add(v) });
    const settings = shellSettings({ store, loginItem: null });
    const events: { name: BridgeEventName; payload: unknown }[] = [];
    const waiters: { test: () => boolean; done: () => void }[] = [];
    const waitFor = (test: () => boolean) =>
      new Promise<void>((done) => {
        if (test()) done();
        else waiters.push({ test, done });
      });
    const engine = new EngineProcess({
      spawn: inProcessSpawner().spawn,
      init: engineInit(dataDir, logsDir(dataDir), 'debug'),
      host: {
        'secrets.check': () => secrets.problem(),
        'secrets.get': (id) => secrets.get(id),
        'secrets.set': (id, s) => secrets.set(id, s),
        'secrets.delete': (id) => secrets.delete(id),
        'settings.read': () => settings.read(),
        'settings.write': (patch) => settings.write(patch),
        'files.open': async () => false,
      },
      onEvent: (name, payload) => {
        mainLog.debug('event from the engine', { name, payload });
        events.push({ name, payload });
        for (const w of [...waiters]) if (w.test()) waiters.splice(waiters.indexOf(w), 1) && w.done();
      },
      log: mainLog,
    });
    const ipcMain = fakeIpcMain();
    registerBridgeIpc({ ipcMain, dispatch: engine.dispatch, isAppContents: (id) => id === 1, log: mainLog });
    const invoke = (name: string, input: unknown) => {
      mainLog.debug('window invoked', { name, input });
      return (ipcMain.handlers.get('einvoice:invoke') as (e: unknown, ...a: unknown[]) => Promise<unknown>)(invokeEvent(), name, input);
    };

    try {
      await engine.start();
      const credentials = {
        environment: 'sandbox',
        url: sb.url,
        companyId: company.company_id,
        apiKey: company.api_key,
        vendorApiKey: company.vendor_api_key,
      };
      await expect(invoke('accounts.verify', credentials)).resolves.toMatchObject({ ok: true, value: { companyName: 'Secretive Oy' } });
      const added = (await invoke('accounts.add', { ...credentials, name: 'Secretive Oy', root })) as { ok: boolean; value: AccountView };
      expect(added.ok, JSON.stringify(added)).toBe(true);
      const id = added.value.id;
      const received = () =>
        events.filter((e) => e.name === 'item.received' && (e.payload as BridgeEvents['item.received']).accountId === id);
      await invoke('sync.now', { accountId: id });
      await waitFor(() => received().length >= 2);
      await waitFor(() =>
        events.some(
          (e) =>
            e.name === 'sync.state' &&
            (e.payload as BridgeEvents['sync.state']).accountId === id &&
            (e.payload as BridgeEvents['sync.state']).state === 'idle',
        ),
      );
      const listed = (await invoke('invoices.list', { accountId: id })) as { value: { total: number } };
      expect(listed.value.total).toBe(2);
    } finally {
      await engine.stop();
    }

    const written = [...files(dataDir), ...files(root)];
    const logs = written.filter((f) => f.startsWith(logsDir(dataDir)));
    expect(logs.map((f) => f.slice(logsDir(dataDir).length + 1)).sort()).toEqual(['engine.log', 'main.log']);
    // Both logs were really written: the window's calls and events, and the engine's start and stop.
    expect(statSync(join(logsDir(dataDir), 'main.log')).size).toBeGreaterThan(1_000);
    expect(readFileSync(join(logsDir(dataDir), 'engine.log'), 'utf8')).toMatch(/engine started[\s\S]*engine stopped/);
    expect(written.some((f) => f.endsWith('.sqlite'))).toBe(true);
    expect(written.some((f) => f.startsWith(join(root, 'Inbox', 'Invoices')))).toBe(true);
    // The real account's key is sealed in the settings file, so the search below looks at where it lives
    // (the demo's key opens the embedded stand-in and stays beside it, in sandbox/account-keys.json).
    expect(Object.keys((JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { secrets: object }).secrets)).toHaveLength(1);

    const found: string[] = [];
    for (const f of written) {
      const bytes = readFileSync(f);
      for (const secret of [company.api_key, company.vendor_api_key]) {
        if (forms(secret).some((form) => bytes.includes(form))) found.push(f);
      }
    }
    expect(found).toEqual([]);
  });
});
