import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type ElectronStoreType from 'electron-store';
import type { FrameLike, InvokeEventLike } from '../../../main/electron/ipc';
import { APP_START_URL } from '../../../main/electron/origin';
import type { SafeStorageLike } from '../../../main/electron/secrets';

/**
 * safeStorage as the OS keychain does it, minus the OS: AES-256-GCM under a key that lives only in
 * this object (a second instance is "another computer"). The ciphertext really hides the text.
 */
export function fakeSafeStorage(o: { available?: boolean; backend?: string } = {}): SafeStorageLike & { available: boolean } {
  const key = randomBytes(32);
  return {
    available: o.available ?? true,
    isEncryptionAvailable() {
      return this.available;
    },
    encryptString(plain) {
      if (!this.available) throw new Error('Encryption is not available.');
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(sealed) {
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      d.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([d.update(sealed.subarray(28)), d.final()]).toString('utf8');
    },
    getSelectedStorageBackend: () => o.backend ?? 'gnome_libsecret',
  };
}

type StoreClass = typeof ElectronStoreType;
let loaded: Promise<StoreClass> | null = null;

/**
 * The real electron-store. It imports `electron`, whose npm package throws in plain Node when its
 * binary was not downloaded; with ELECTRON_OVERRIDE_DIST_PATH it answers a path, as it does in plain
 * Node on a machine with the binary, and electron-store then works on the folder it is given.
 */
export function electronStoreClass(): Promise<StoreClass> {
  loaded ??= (async () => {
    const before = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    process.env.ELECTRON_OVERRIDE_DIST_PATH ??= join(tmpdir(), 'no-electron-binary');
    try {
      return (await import('electron-store')).default;
    } finally {
      if (before === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    }
  })();
  return loaded;
}

export async function electronStore(dir: string): Promise<ElectronStoreType<Record<string, unknown>>> {
  const Store = await electronStoreClass();
  return new Store<Record<string, unknown>>({ name: 'settings', cwd: dir });
}

/** An IPC event from the app's own window showing the app. */
export function invokeEvent(o: { senderId?: number; url?: string; frame?: 'main' | 'sub' | 'gone' } = {}): InvokeEventLike {
  const top: FrameLike = { url: o.url ?? APP_START_URL, parent: null };
  const frame = o.frame === 'gone' ? null : o.frame === 'sub' ? { url: o.url ?? APP_START_URL, parent: top } : top;
  return { sender: { id: o.senderId ?? 1 }, senderFrame: frame };
}

/** A fake ipcMain that keeps the handlers so a test can invoke them as Electron would. */
export function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  /** ipcMain.on's listeners, by channel (what ipcRenderer.send reaches). */
  const listeners = new Map<string, Set<(event: InvokeEventLike, ...args: unknown[]) => void>>();
  return {
    handlers,
    listeners,
    handle(channel: string, fn: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, fn);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
    on(channel: string, fn: (event: InvokeEventLike, ...args: unknown[]) => void) {
      const set = listeners.get(channel) ?? new Set();
      set.add(fn);
      listeners.set(channel, set);
    },
    removeListener(channel: string, fn: (event: InvokeEventLike, ...args: unknown[]) => void) {
      listeners.get(channel)?.delete(fn);
    },
    /** Delivers a message as ipcRenderer.send would. */
    send(channel: string, event: InvokeEventLike, ...args: unknown[]) {
      for (const fn of listeners.get(channel) ?? []) fn(event, ...args);
    },
  };
}
