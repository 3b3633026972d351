import type { LoginItemSettings, LoginItemSettingsOptions, Settings } from 'electron';

/** Started by the OS at login: open to the tray, without a window. */
export const HIDDEN_ARG = '--hidden';

/** The part of Electron's app that handles login items. */
export interface LoginItemApi {
  getLoginItemSettings(options?: LoginItemSettingsOptions): Pick<LoginItemSettings, 'openAtLogin' | 'wasOpenedAtLogin'>;
  setLoginItemSettings(settings: Settings): void;
}

export interface LoginItem {
  isEnabled(): boolean;
  set(enabled: boolean): void;
}

/**
 * Start at login, where the OS offers it (Windows and macOS; Electron has no login items on Linux,
 * so there the setting is not offered). On Windows the item carries --hidden, and must be looked up
 * with the same arguments.
 */
export function loginItem(app: LoginItemApi, platform: NodeJS.Platform): LoginItem | null {
  if (platform !== 'win32' && platform !== 'darwin') return null;
  const args = platform === 'win32' ? [HIDDEN_ARG] : undefined;
  return {
    isEnabled: () => app.getLoginItemSettings(args ? { args } : undefined).openAtLogin,
    set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, ...(args ? { args } : {}) }),
  };
}

/** Whether this start came from the login item, so the app should stay in the tray. */
export function startedAtLogin(argv: readonly string[], app: LoginItemApi, platform: NodeJS.Platform): boolean {
  if (argv.includes(HIDDEN_ARG)) return true;
  return platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin;
}
