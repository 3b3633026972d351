import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'E-Invoice Sync';

/** The OS's per-user application data folder, the same one Electron's app.getPath('userData') uses. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}

export const dbFile = (dataDir: string) => join(dataDir, 'einvoice-sync.sqlite');
/** The plain keys file of earlier versions: moved into the OS keychain or the encrypted file at start, then removed. */
export const plainSecretsFile = (dataDir: string) => join(dataDir, 'secrets.json');
/** API keys where no OS keychain is available: encrypted with a passphrase only the user knows. */
export const encryptedSecretsFile = (dataDir: string) => join(dataDir, 'secrets.encrypted.json');
/** Written once a key is in the OS keychain: a later start without the keychain stops instead of losing sight of them. */
export const keychainMarkerFile = (dataDir: string) => join(dataDir, 'secrets.keychain.json');
export const logsDir = (dataDir: string) => join(dataDir, 'logs');
export const sandboxDataDir = (dataDir: string) => join(dataDir, 'sandbox');
/** The lock that keeps a second engine off the data folder (main/core/app/data-lock.ts). */
export const dataLockDir = (dataDir: string) => join(dataDir, 'lock');
/** The database's automatic backups, the newest few kept. */
export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
