import { describe, expect, it } from 'vitest';
import { pickLang } from '../../../renderer/i18n/langs';
import { createStores } from '../../../renderer/stores';
import type { AppSettings } from '../../../shared/settings';
import { applyAppSettingsPatch, DEFAULT_APP_SETTINGS } from '../../../shared/settings';
import { fakeBridge } from './fake-bridge';
import { INFO } from './fixtures';

/** The host's settings store, as the bridge answers it: the defaults, then what was written. */
function hostWith(stored: AppSettings) {
  let settings = stored;
  return fakeBridge({
    'app.info': () => INFO,
    'accounts.list': () => [],
    'settings.get': () => settings,
    'settings.set': (patch) => {
      settings = applyAppSettingsPatch(settings, patch);
      return settings;
    },
  });
}

describe('the language a window speaks', () => {
  it('is the system’s (a Danish locale reads Danish) until the user chooses one, and then theirs', async () => {
    const bridge = hostWith({ ...DEFAULT_APP_SETTINGS });
    const stores = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: pickLang(['da-DK', 'en-US']) });
    await stores.app.getState().init();
    // The host keeps English as its default, but nobody chose it: the window stays Danish.
    expect(stores.app.getState().settings.language).toBe('da');
    await stores.app.getState().saveSettings({ theme: 'dark' });
    expect(stores.app.getState().settings.language).toBe('da');

    await stores.app.getState().saveSettings({ language: 'sv' });
    expect(stores.app.getState().settings).toMatchObject({ language: 'sv', languageChosen: true });
    // Another window on the same host, its system Danish too: the choice wins.
    const again = createStores({ bridge, perfNow: () => 0, wallNow: () => 0, defaultLang: 'da' });
    await again.app.getState().init();
    expect(again.app.getState().settings.language).toBe('sv');
  });
});
