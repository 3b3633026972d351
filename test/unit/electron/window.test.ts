import { describe, expect, it, vi } from 'vitest';

// The window's options, read off a fake BrowserWindow (the Electron binary is not needed to check them).
const created = vi.hoisted(() => [] as unknown[]);
vi.mock('electron', () => ({
  BrowserWindow: class {
    constructor(options: unknown) {
      created.push(options);
    }
  },
}));

describe('the main window', () => {
  it('is sandboxed and context-isolated, without Node, webviews or insecure content, created hidden', async () => {
    const { createMainWindow } = await import('../../../main/electron/window');
    createMainWindow({ preload: '/app/out/preload/index.cjs', devTools: false });
    expect(created).toHaveLength(1);
    const o = created[0] as { show: boolean; webPreferences: Record<string, unknown> };
    expect(o.show).toBe(false);
    expect(o.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      devTools: false,
      disableBlinkFeatures: 'Auxclick',
      plugins: true,
    });
    expect(o.webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(o.webPreferences).not.toHaveProperty('additionalArguments');
  });
});
