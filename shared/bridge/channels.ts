/**
 * The desktop app's two IPC channels, and nothing else: commands go to main on INVOKE
 * (ipcRenderer.invoke), pushed events come back on EVENT (webContents.send). In shared/ so that the
 * preload and the shell read one definition.
 */
export const INVOKE_CHANNEL = 'einvoice:invoke';
export const EVENT_CHANNEL = 'einvoice:event';
