import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineProcess } from '../../../main/electron/engine-process';
import type { EngineState } from '../../../main/electron/tray-state';
import type { BridgeEventName } from '../../../shared/bridge/events';
import type { AccountView } from '../../../shared/bridge/views';
import { recordingLogger } from '../../support/log';
import { tempDir } from '../../support/temp';
import { engineInit, hostHandlers, inProcessSpawner } from './engine-harness';
import { fakeSafeStorage } from './support';

const running: EngineProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
});

async function start(o: { keychain?: boolean; dataDir?: string } = {}) {
  const storeDir = tempDir();
  const dataDir = o.dataDir ?? storeDir;
  const spawner = inProcessSpawner();
  const events: { name: BridgeEventName; payload: unknown }[] = [];
  const states: EngineState[] = [];
  const opened: string[] = [];
  const log = recordingLogger();
  const p = new EngineProcess({
    spawn: spawner.spawn,
    init: engineInit(dataDir, join(dataDir, 'logs')),
    host: await hostHandlers(storeDir, fakeSafeStorage({ available: o.keychain ?? true }), opened),
    onEvent: (name, payload) => events.push({ name, payload }),
    onState: (s) => states.push(s),
    log,
  });
  running.push(p);
  return { p, dataDir, spawner, events, states, opened, log };
}

describe('engine process: main relays, the engine runs elsewhere', () => {
  it('opens the engine as the headless host does: the demo company on first run, its key beside the embedded sandbox', async () => {
    const t = await start();
    await t.p.start();
    expect(t.states).toEqual(['running']);
    expect(t.p.embeddedSandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const info = await t.p.dispatch('app.info', {});
    expect(info).toMatchObject({
      ok: true,
      value: {
        host: 'electron',
        version: '9.8.7',
        capabilities: { openFiles: true },
        // The keys are main's, in the OS keychain through safeStorage: the UI says so.
        secretStore: { kind: 'electron-safe-storage', label: 'OS keychain (Electron safeStorage)' },
      },
    });
    const accounts = await t.p.dispatch('accounts.list', {});
    expect(accounts.ok && (accounts.value as AccountView[]).map((a) => a.name)).toEqual(['Demo (sandbox)']);
    // The demo's key opens the embedded stand-in, which keeps it in its own folder: it stays beside it,
    // and nothing reaches main's keychain (a real account's key does: see the test of accounts.add below).
    const demoId = (accounts.ok && (accounts.value as AccountView[])[0]?.id) || 'missing';
    expect(Object.keys(JSON.parse(readFileSync(join(t.dataDir, 'sandbox', 'account-keys.json'), 'utf8')))).toEqual([demoId]);
    expect(existsSync(join(t.dataDir, 'settings.json'))).toBe(false);
    // The engine's own log file, in the log folder main gave it.
    expect(existsSync(join(t.dataDir, 'logs', 'engine.log'))).toBe(true);
    expect(readFileSync(join(t.dataDir, 'logs', 'engine.log'), 'utf8')).toContain('"msg":"engine started"');
  });

  it('relays the engine’s events and the settings main keeps', async () => {
    const t = await start();
    await t.p.start();
    await expect(t.p.dispatch('settings.set', { language: 'sv' })).resolves.toMatchObject({ ok: true, value: { language: 'sv' } });
    expect(JSON.parse(readFileSync(join(t.dataDir, 'settings.json'), 'utf8')).app.language).toBe('sv');
    await t.p.dispatch('sync.now', {});
    await t.p.dispatch('accounts.update', {
      accountId: ((await t.p.dispatch('accounts.list', {})) as { value: AccountView[] }).value[0]?.id,
      name: 'Demo renamed',
    });
    expect(t.events.map((e) => e.name)).toContain('accounts.changed');
    await t.p.stop();
    expect(t.spawner.children).toHaveLength(1);
  });

  it('answers unknown commands and bad input from the engine side too', async () => {
    const t = await start();
    await t.p.start();
    await expect(t.p.dispatch('nope', {})).resolves.toMatchObject({ ok: false, error: { kind: 'invalid' } });
    await expect(t.p.dispatch('invoices.list', { accountId: 'x' })).resolves.toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('withdraws a call the page no longer wants: answered at once, and not run when it had not started', async () => {
    const t = await start();
    await t.p.start();
    const ask = new AbortController();
    const withdrawn = t.p.dispatch('settings.set', { language: 'fi' }, { signal: ask.signal });
    // Withdrawn in the same turn it was sent: the engine receives both before its next turn starts it.
    ask.abort();
    await expect(withdrawn).resolves.toEqual({ ok: false, error: { kind: 'retry', message: 'The page withdrew this call' } });
    const after = await t.p.dispatch('settings.get', {});
    expect(after).toMatchObject({ ok: true });
    expect((after as { value: { language: string } }).value.language).not.toBe('fi');
    // A signal that never aborts changes nothing, and one aborted before the call sends nothing.
    await expect(t.p.dispatch('settings.set', { language: 'sv' }, { signal: new AbortController().signal })).resolves.toMatchObject({
      ok: true,
      value: { language: 'sv' },
    });
    const gone = new AbortController();
    gone.abort();
    await expect(t.p.dispatch('settings.set', { language: 'fi' }, { signal: gone.signal })).resolves.toMatchObject({ ok: false });
    await expect(t.p.dispatch('settings.get', {})).resolves.toMatchObject({ value: { language: 'sv' } });
  });

  it('starts the first run without a keychain: the demo needs none', async () => {
    const t = await start({ keychain: false });
    await t.p.start();
    expect(t.p.current).toBe('running');
    const accounts = await t.p.dispatch('accounts.list', {});
    expect(accounts.ok && (accounts.value as AccountView[]).map((a) => a.name)).toEqual(['Demo (sandbox)']);
  });

  it('refuses to add an account when the keychain has gone, before the engine saves anything', async () => {
    const storeDir = tempDir();
    const safe = fakeSafeStorage();
    const p = new EngineProcess({
      spawn: inProcessSpawner().spawn,
      init: engineInit(storeDir, join(storeDir, 'logs')),
      host: await hostHandlers(storeDir, safe),
      onEvent: () => undefined,
      log: recordingLogger(),
    });
    running.push(p);
    await p.start();
    safe.available = false; // locked, or the keyring stopped
    const added = await p.dispatch('accounts.add', {
      name: 'Client Oy',
      environment: 'sandbox',
      url: p.embeddedSandboxUrl,
      companyId: '3f2b0c1e-0000-4000-8000-000000000001',
      apiKey: 'whatever-key-1234',
      root: join(storeDir, 'Client'),
    });
    expect(added).toMatchObject({ ok: false, error: { kind: 'user', message: expect.stringMatching(/^API keys cannot be saved/) } });
    const accounts = (await p.dispatch('accounts.list', {})) as { value: AccountView[] };
    expect(accounts.value.map((a) => a.name)).toEqual(['Demo (sandbox)']);
  });

  it('answers commands in flight when the process dies, and starts it again', async () => {
    const t = await start();
    await t.p.start();
    const first = t.spawner.children[0];
    if (!first) throw new Error('not spawned');
    const crashed = first.crash(1);
    const inFlight = t.p.dispatch('accounts.list', {});
    await crashed;
    await expect(inFlight).resolves.toMatchObject({ ok: false, error: { kind: 'retry' } });
    expect(t.states).toEqual(['running', 'restarting']);
    // The next command waits for the new process and is answered by it.
    const again = await t.p.dispatch('accounts.list', {});
    expect(again).toMatchObject({ ok: true });
    expect(t.spawner.children).toHaveLength(2);
    expect(t.states).toEqual(['running', 'restarting', 'running']);
    expect(t.log.lines.map((l) => l.msg)).toContain('engine process exited; starting it again');
  });

  it('leaves a process that keeps crashing stopped, and says so', async () => {
    const t = await start();
    await t.p.start();
    for (let i = 0; i < 4; i++) {
      const child = t.spawner.children.at(-1);
      if (!child) throw new Error('not spawned');
      await child.crash(1);
      if (i < 3) await t.p.dispatch('app.info', {});
    }
    expect(t.p.current).toBe('failed');
    expect(t.spawner.children).toHaveLength(4);
    await expect(t.p.dispatch('app.info', {})).resolves.toMatchObject({ ok: false, error: { kind: 'user', message: /keeps stopping/ } });
  });

  it('says why the engine could not start', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const t = await start({ dataDir: join(file, 'data') });
    await expect(t.p.start()).rejects.toThrow(/ENOTDIR/);
    expect(t.states).toEqual(['failed']);
    await expect(t.p.dispatch('app.info', {})).resolves.toMatchObject({ ok: false, error: { kind: 'user', message: /ENOTDIR/ } });
  });
});
