/**
 * The two IPC channels of the app, and nothing else: commands go to main on INVOKE (ipcRenderer.invoke),
 * pushed events come back on EVENT (webContents.send). The preload may import only shared/, so main
 * keeps its own copy in main/electron/channels.ts; a unit test holds the two equal.
 */
export const INVOKE_CHANNEL = 'einvoice:invoke';
export const EVENT_CHANNEL = 'einvoice:event';
