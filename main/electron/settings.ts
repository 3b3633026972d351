import { type AppSettings, applyAppSettingsPatch } from '../../shared/settings';
import { parseStoredAppSettings } from '../../shared/settings-schema';
import type { AppSettingsStore } from '../core/bridge/app-settings';
import type { LoginItem } from './login-item';
import type { KeyValueStore } from './secrets';

const KEY = 'app';

export interface ShellSettings extends AppSettingsStore {
  /** The current settings without waiting (main reads them for notifications and the tray). */
  current(): AppSettings;
}

/**
 * The app's preferences in electron-store. "Start at login" is the OS's own setting: it is read from
 * and written to the login item, so it never claims what the OS does not do.
 */
export function shellSettings(o: {
  store: KeyValueStore;
  loginItem: LoginItem | null;
  onChange?: (s: AppSettings) => void;
}): ShellSettings {
  const current = (): AppSettings => {
    const stored = parseStoredAppSettings(o.store.get(KEY));
    return { ...stored, startAtLogin: o.loginItem ? o.loginItem.isEnabled() : false };
  };
  return {
    current,
    read: async () => current(),
    write: async (patch) => {
      if (patch.startAtLogin !== undefined && o.loginItem) o.loginItem.set(patch.startAtLogin);
      o.store.set(KEY, applyAppSettingsPatch(current(), patch));
      const saved = current();
      o.onChange?.(saved);
      return saved;
    },
  };
}
