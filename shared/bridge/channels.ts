/**
 * The desktop app's IPC channels, and nothing else: commands go to main on INVOKE
 * (ipcRenderer.invoke), pushed events come back on EVENT (webContents.send), and a command the page
 * no longer wants is withdrawn on WITHDRAW (ipcRenderer.send, with the call's number). In shared/ so
 * that the preload and the shell read one definition.
 */
export const INVOKE_CHANNEL = 'einvoice:invoke';
export const EVENT_CHANNEL = 'einvoice:event';
export const WITHDRAW_CHANNEL = 'einvoice:withdraw';

/** The page's number for a call it may withdraw: a safe whole number, 1 or more. */
export function isCallNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}
