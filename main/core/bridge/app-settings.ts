import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppSettings } from '../../../shared/bridge/views';

/**
 * The app's own preferences. Headless mode keeps them in a JSON file in the data folder; the desktop
 * shell may supply its own store (startAtLogin also has to reach the OS there).
 */
export interface AppSettingsStore {
  read(): Promise<AppSettings>;
  write(patch: Partial<AppSettings>): Promise<AppSettings>;
}

export const DEFAULT_APP_SETTINGS: AppSettings = { language: 'en', theme: 'system', notifications: true, startAtLogin: false };

// Each field falls back on its own, so one bad value (an older or hand-edited file) does not lose the rest.
const fileSchema = z.object({
  language: z.enum(['en', 'fi', 'sv', 'nb']).catch(DEFAULT_APP_SETTINGS.language),
  theme: z.enum(['system', 'light', 'dark']).catch(DEFAULT_APP_SETTINGS.theme),
  notifications: z.boolean().catch(DEFAULT_APP_SETTINGS.notifications),
  startAtLogin: z.boolean().catch(DEFAULT_APP_SETTINGS.startAtLogin),
});

export const appSettingsFile = (dataDir: string) => join(dataDir, 'app-settings.json');

/** Settings in one JSON file, written atomically (temporary file, then rename); writes run one at a time. */
export function fileSettingsStore(file: string): AppSettingsStore {
  let queue: Promise<unknown> = Promise.resolve();

  async function read(): Promise<AppSettings> {
    let raw: unknown = {};
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      // Missing or damaged: the defaults, and the next write repairs the file.
    }
    const parsed = fileSchema.safeParse(typeof raw === 'object' && raw !== null ? raw : {});
    return parsed.success ? parsed.data : { ...DEFAULT_APP_SETTINGS };
  }

  async function write(patch: Partial<AppSettings>): Promise<AppSettings> {
    const next = { ...(await read()), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as AppSettings;
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(next, null, 2)}\n`);
    await rename(tmp, file);
    return next;
  }

  return {
    read,
    write(patch) {
      const done = queue.then(() => write(patch));
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
