import { z } from 'zod';

// The app's own preferences, once: the bridge's commands, the engine's file store, the desktop shell's
// electron-store and the renderer's first paint all take their fields, values and defaults from here.

/** The languages the app speaks. */
export const APP_LANGUAGES = ['en', 'fi', 'sv', 'nb'] as const;
export const THEMES = ['system', 'light', 'dark'] as const;

export const appSettingsSchema = z.object({
  language: z.enum(APP_LANGUAGES),
  theme: z.enum(THEMES),
  notifications: z.boolean(),
  startAtLogin: z.boolean(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const DEFAULT_APP_SETTINGS: Readonly<AppSettings> = { language: 'en', theme: 'system', notifications: true, startAtLogin: false };

/** A change to some of the settings (what settings.set takes); a field left out or undefined stays as it is. */
export const appSettingsPatchSchema = appSettingsSchema.partial();
export type AppSettingsPatch = z.infer<typeof appSettingsPatchSchema>;

const FIELDS = Object.keys(appSettingsSchema.shape) as (keyof AppSettings)[];

/**
 * Settings as a store kept them (an older or hand-edited file, or nothing): each field falls back to
 * its default on its own, so one bad value does not lose the rest; unknown fields are dropped.
 */
export function parseStoredAppSettings(raw: unknown): AppSettings {
  const stored: Record<string, unknown> = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const field = appSettingsSchema.shape[key].safeParse(stored[key]);
    settings[key] = field.success ? field.data : DEFAULT_APP_SETTINGS[key];
  }
  return settings as AppSettings;
}

/** The settings with a patch applied: only the known fields, and only those the patch gives a value. */
export function applyAppSettingsPatch(settings: AppSettings, patch: AppSettingsPatch): AppSettings {
  const next: Record<string, unknown> = {};
  for (const key of FIELDS) next[key] = patch[key] ?? settings[key];
  return next as AppSettings;
}
