import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSettingsStore } from '../../../main/core/bridge';
import { DEFAULT_APP_SETTINGS } from '../../../shared/settings';
import { tempDir } from '../../support/temp';
import { testBridge } from './setup';

describe('app settings in the data folder', () => {
  it('answers the defaults until something is saved, then what was saved, across restarts', async () => {
    const file = join(tempDir(), 'app-settings.json');
    expect(await fileSettingsStore(file).read()).toEqual(DEFAULT_APP_SETTINGS);
    expect(await fileSettingsStore(file).write({ theme: 'dark', language: 'fi' })).toEqual({
      ...DEFAULT_APP_SETTINGS,
      theme: 'dark',
      language: 'fi',
      languageChosen: true,
    });
    expect(await fileSettingsStore(file).read()).toEqual({ ...DEFAULT_APP_SETTINGS, theme: 'dark', language: 'fi', languageChosen: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ theme: 'dark', language: 'fi' });
  });

  it('remembers the chosen company, and a patch without it keeps it', async () => {
    const file = join(tempDir(), 'app-settings.json');
    const id = '0b7c2a4e-5d1f-4a8e-9c3b-1f2e3d4c5b6a';
    await fileSettingsStore(file).write({ lastAccountId: id });
    await fileSettingsStore(file).write({ theme: 'dark' });
    expect(await fileSettingsStore(file).read()).toMatchObject({ lastAccountId: id, theme: 'dark' });
    writeFileSync(file, JSON.stringify({ lastAccountId: 42 }));
    expect((await fileSettingsStore(file).read()).lastAccountId).toBeNull();
  });

  it('keeps every field of writes that overlap (writes run one at a time)', async () => {
    const store = fileSettingsStore(join(tempDir(), 'app-settings.json'));
    await Promise.all([
      store.write({ theme: 'dark' }),
      store.write({ language: 'sv' }),
      store.write({ notifications: false }),
      store.write({ startAtLogin: true }),
    ]);
    expect(await store.read()).toEqual({
      theme: 'dark',
      language: 'sv',
      languageChosen: true,
      notifications: false,
      startAtLogin: true,
      lastAccountId: null,
    });
  });

  it('tells a chosen language from the stored default: until one is chosen, the system decides', async () => {
    const file = join(tempDir(), 'app-settings.json');
    await fileSettingsStore(file).write({ theme: 'dark' });
    expect((await fileSettingsStore(file).read()).languageChosen).toBe(false);
    expect((await fileSettingsStore(file).write({ language: 'da' })).languageChosen).toBe(true);
    expect(await fileSettingsStore(file).read()).toMatchObject({ language: 'da', languageChosen: true });
    // A file of an earlier build: a language other than the default was the user's choice; the default was not.
    writeFileSync(file, JSON.stringify({ language: 'sv', theme: 'dark' }));
    expect(await fileSettingsStore(file).read()).toMatchObject({ language: 'sv', languageChosen: true });
    writeFileSync(file, JSON.stringify({ language: 'en', lastAccountId: null }));
    expect((await fileSettingsStore(file).read()).languageChosen).toBe(false);
  });

  it('survives a damaged file, and a bad value costs only its own field', async () => {
    const file = join(tempDir(), 'app-settings.json');
    writeFileSync(file, '{"theme": "dark", "language": "klingon", "notif');
    expect(await fileSettingsStore(file).read()).toEqual(DEFAULT_APP_SETTINGS);
    writeFileSync(file, JSON.stringify({ theme: 'dark', language: 'klingon', notifications: 'yes', extra: 1 }));
    expect(await fileSettingsStore(file).read()).toEqual({ ...DEFAULT_APP_SETTINGS, theme: 'dark' });
  });

  it('is what settings.get and settings.set use, with the command schema guarding the values', async () => {
    const { bridge, dataDir } = testBridge();
    expect(await bridge.dispatch('settings.set', { theme: 'light' })).toEqual({
      ok: true,
      value: { ...DEFAULT_APP_SETTINGS, theme: 'light' },
    });
    expect(await bridge.dispatch('settings.set', { theme: 'neon' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', fields: { theme: expect.any(String) } },
    });
    expect(await bridge.dispatch('settings.get', {})).toEqual({ ok: true, value: { ...DEFAULT_APP_SETTINGS, theme: 'light' } });
    expect(JSON.parse(readFileSync(join(dataDir, 'app-settings.json'), 'utf8')).theme).toBe('light');
  });
});
