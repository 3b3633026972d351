import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppSettings, type AppSettingsPatch, applyAppSettingsPatch } from '../../../shared/settings';
import { parseStoredAppSettings } from '../../../shared/settings-schema';

/**
 * The app's own preferences. Headless mode keeps them in a JSON file in the data folder; the desktop
 * shell may supply its own store (startAtLogin also has to reach the OS there).
 */
export interface AppSettingsStore {
  read(): Promise<AppSettings>;
  write(patch: AppSettingsPatch): Promise<AppSettings>;
}

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
    return parseStoredAppSettings(raw);
  }

  async function write(patch: AppSettingsPatch): Promise<AppSettings> {
    const next = applyAppSettingsPatch(await read(), patch);
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
