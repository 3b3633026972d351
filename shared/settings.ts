// The app's own preferences, once: the bridge's commands, the engine's file store, the desktop shell's
// electron-store and the renderer's first paint all take their fields, values and defaults from here.
// Their schema is in settings-schema.ts, so that the renderer's first script can do without zod.

/** The languages the app speaks. */
export const APP_LANGUAGES = ['en', 'fi', 'sv', 'nb', 'da'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;

export interface AppSettings {
  language: (typeof APP_LANGUAGES)[number];
  /**
   * Whether the user chose the language. Until they do, each window speaks its system's language (the
   * browser's or the OS's locale, `pickLang`), and `language` is only the stored fallback.
   */
  languageChosen: boolean;
  theme: (typeof THEMES)[number];
  notifications: boolean;
  startAtLogin: boolean;
  /**
   * The company the window showed last (the account switcher's choice), so a reload or a restart opens
   * it again; null before one was chosen. An id no account has any more falls back to the first.
   */
  lastAccountId: string | null;
}

export const DEFAULT_APP_SETTINGS: Readonly<AppSettings> = {
  language: 'en',
  languageChosen: false,
  theme: 'system',
  notifications: true,
  startAtLogin: false,
  lastAccountId: null,
};

/** A change to some of the settings (what settings.set takes); a field left out or undefined stays as it is. */
export type AppSettingsPatch = { [K in keyof AppSettings]?: AppSettings[K] | undefined };

export const APP_SETTINGS_FIELDS = Object.keys(DEFAULT_APP_SETTINGS) as (keyof AppSettings)[];

/**
 * The settings with a patch applied: only the known fields, and only those the patch gives a value. A
 * patch that sets the language is the user's choice of it, from then on kept over the system's.
 */
export function applyAppSettingsPatch(settings: AppSettings, patch: AppSettingsPatch): AppSettings {
  const next: Record<string, unknown> = {};
  for (const key of APP_SETTINGS_FIELDS) next[key] = patch[key] ?? settings[key];
  if (patch.language !== undefined) next.languageChosen = true;
  return next as unknown as AppSettings;
}
