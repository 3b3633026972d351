import { registerBridgeIpc } from '../../../main/electron/ipc';
import type { BridgeResult } from '../../../shared/bridge/api';
import { recordingLogger } from '../../support/log';
import { fakeIpcMain, invokeEvent } from '../../unit/electron/support';
import type { HostUnderTest } from './setup';

export type IpcInvoke = <T = unknown>(name: string, input: unknown) => Promise<BridgeResult<T>>;

/**
 * Runs `body` with the Electron invoke channel registered on the host's bridge, as the app's own
 * window (sender 7) calls it, so a host test sees the same commands reach the same handlers over IPC
 * as over HTTP; the channel is removed afterwards, whatever the body threw.
 */
export async function overIpc(h: HostUnderTest, body: (invoke: IpcInvoke) => Promise<void>): Promise<void> {
  const ipcMain = fakeIpcMain();
  const dispose = registerBridgeIpc({ ipcMain, dispatch: h.bridge.dispatch, isAppContents: (id) => id === 7, log: recordingLogger() });
  try {
    const handler = ipcMain.handlers.get('einvoice:invoke');
    if (!handler) throw new Error('no handler');
    await body(<T>(name: string, input: unknown) => handler(invokeEvent({ senderId: 7 }), name, input) as Promise<BridgeResult<T>>);
  } finally {
    dispose();
  }
}
