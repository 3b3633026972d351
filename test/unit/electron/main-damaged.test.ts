import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readCheckState, writeCheckState } from '../../../main/core/app/db-care';
import { dbFile } from '../../../main/core/paths';
import { createStore } from '../../../main/core/store';
import type { AccountView } from '../../../shared/bridge/views';
import { fileTempDir } from '../../support/temp';
import type { fakeElectron } from './fake-electron';

// Issue 36, item 8, on the desktop: a damaged database stopped the app with a message telling the user
// to type `npm run cli -- db restore`. Now main asks, with the two ways out as the dialog's buttons.
const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeElectron> | null }));
vi.mock('electron', async () => {
  const { fakeElectron } = await import('./fake-electron');
  fake.current = fakeElectron(process.cwd());
  fake.current.answers.push(0);
  return { ...fake.current.module, default: fake.current.module };
});

const dataDir = fileTempDir('einvoice-main-damaged-');
const f = () => {
  if (!fake.current) throw new Error('electron was not faked');
  return fake.current;
};

beforeAll(async () => {
  // A database the weekly check found damaged: the next start refuses it, as after SQLite's own finding.
  createStore(dbFile(dataDir)).close();
  writeCheckState(dataDir, { damage: 'row 12 missing from index invoices_received_at' });
  process.env.EINVOICE_DATA_DIR = dataDir;
  process.env.EINVOICE_ALLOW_BASIC_TEXT_KEYCHAIN = '1';
  process.env.ELECTRON_OVERRIDE_DIST_PATH = join(dataDir, 'no-binary');
  await import('../../../main/electron/main');
}, 60_000);

afterAll(async () => {
  if (!fake.current) return;
  if (f().app.quits === 0) f().app.quit();
  await Promise.all(f().engines.map((e) => e.served));
  delete process.env.EINVOICE_DATA_DIR;
});

describe('main.ts with a damaged database', () => {
  it('offers rebuild (no backup yet) or quit as buttons, not commands, and starts once the user rebuilt', async () => {
    await vi.waitFor(() => expect(readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8')).toContain('after a way out'), {
      timeout: 30_000,
    });
    expect(f().messageBoxes).toHaveLength(1);
    const box = f().messageBoxes[0];
    expect(box?.buttons).toEqual(['Rebuild from the service and folders', 'Quit']);
    expect(box?.detail).toMatch(/row 12 missing from index invoices_received_at/);
    expect(box?.detail).not.toMatch(/npm run/);
    expect(f().errors).toEqual([]);
    // The damage is answered, the damaged file kept aside, and a second engine process opened the new one.
    expect(readCheckState(dataDir).damage).toBeNull();
    expect(readdirSync(join(dataDir, 'replaced')).length).toBeGreaterThan(0);
    expect(existsSync(dbFile(dataDir))).toBe(true);
    expect(f().engines).toHaveLength(2);
    const win = f().windows[0];
    if (!win) throw new Error('no window');
    const handler = f().ipcHandlers.get('einvoice:invoke');
    const accounts = (await handler?.(
      { sender: { id: win.webContents.id }, senderFrame: { url: 'app://einvoice/index.html', parent: null } },
      'accounts.list',
      {},
    )) as {
      ok: boolean;
      value: AccountView[];
    };
    expect(accounts.ok).toBe(true);
  });
});
