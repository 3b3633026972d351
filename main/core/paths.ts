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
export const secretsFile = (dataDir: string) => join(dataDir, 'secrets.json');
export const logsDir = (dataDir: string) => join(dataDir, 'logs');
export const sandboxDataDir = (dataDir: string) => join(dataDir, 'sandbox');
