import { z } from 'zod';
import type { AppSettings } from '../../shared/bridge/views';
import { type AppSettingsStore, DEFAULT_APP_SETTINGS } from '../core/bridge/app-settings';
import type { LoginItem } from './login-item';
import type { KeyValueStore } from './secrets';

// Each field falls back on its own, so one bad value (an older or hand-edited file) does not lose the rest.
const storedSchema = z.object({
  language: z.enum(['en', 'fi', 'sv', 'nb']).catch(DEFAULT_APP_SETTINGS.language),
  theme: z.enum(['system', 'light', 'dark']).catch(DEFAULT_APP_SETTINGS.theme),
  notifications: z.boolean().catch(DEFAULT_APP_SETTINGS.notifications),
  startAtLogin: z.boolean().catch(DEFAULT_APP_SETTINGS.startAtLogin),
});

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
    const raw = o.store.get(KEY);
    const stored = storedSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
    return { ...stored, startAtLogin: o.loginItem ? o.loginItem.isEnabled() : false };
  };
  return {
    current,
    read: async () => current(),
    write: async (patch) => {
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<AppSettings>;
      const next = { ...current(), ...defined };
      if (defined.startAtLogin !== undefined && o.loginItem) o.loginItem.set(defined.startAtLogin);
      o.store.set(KEY, { language: next.language, theme: next.theme, notifications: next.notifications, startAtLogin: next.startAtLogin });
      const saved = current();
      o.onChange?.(saved);
      return saved;
    },
  };
}
