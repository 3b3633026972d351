import { z } from 'zod';
import { APP_LANGUAGES, APP_SETTINGS_FIELDS, type AppSettings, type AppSettingsPatch, DEFAULT_APP_SETTINGS, THEMES } from './settings';

export const appSettingsSchema = z.object({
  language: z.enum(APP_LANGUAGES),
  languageChosen: z.boolean(),
  theme: z.enum(THEMES),
  notifications: z.boolean(),
  startAtLogin: z.boolean(),
  lastAccountId: z.string().min(1).max(200).nullable(),
});

export const appSettingsPatchSchema = appSettingsSchema.partial();

// The schema and the plain type in settings.ts must name the same fields with the same values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameSettings: Same<z.infer<typeof appSettingsSchema>, AppSettings> = true;
const samePatch: Same<z.infer<typeof appSettingsPatchSchema>, AppSettingsPatch> = true;
void sameSettings;
void samePatch;

/**
 * Settings as a store kept them (an older or hand-edited file, or nothing): each field falls back to
 * its default on its own, so one bad value does not lose the rest; unknown fields are dropped.
 */
export function parseStoredAppSettings(raw: unknown): AppSettings {
  const stored: Record<string, unknown> = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = {};
  for (const key of APP_SETTINGS_FIELDS) {
    const field = appSettingsSchema.shape[key].safeParse(stored[key]);
    settings[key] = field.success ? field.data : DEFAULT_APP_SETTINGS[key];
  }
  // Kept by a build before the choice was told apart: any write saved the language, the default one
  // too, so only a language other than the default is known to be the user's.
  if (typeof stored.languageChosen !== 'boolean') settings.languageChosen = settings.language !== DEFAULT_APP_SETTINGS.language;
  return settings as unknown as AppSettings;
}
