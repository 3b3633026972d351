import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../../renderer/i18n';
import { catalogs } from '../../../renderer/i18n/catalogs';
import { createFormatters } from '../../../renderer/i18n/format';
import type { Lang } from '../../../renderer/i18n/langs';
import { createStores, type Stores } from '../../../renderer/stores';
import { AppProvider, FormatProvider } from '../../../renderer/stores/context';
import type { FakeBridge } from './fake-bridge';

export const WALL_NOW = Date.parse('2026-03-01T10:01:00Z');

// A page's script is loaded when it is first shown (renderer/App.tsx), and vitest transforms it on
// that first import: with the e2e files' Chromium and hosts in the other worker, that took longer
// than the 1 s findBy* waits by default (seen once: Sent's tabs). A wait ends as soon as its element
// is there, so a longer limit only slows a test that fails.
configure({ asyncUtilTimeout: 5_000 });

/** Renders a part of the app with real stores, i18n and formatters around a fake bridge. */
export function renderWithApp(ui: ReactElement, bridge: FakeBridge, opts: { lang?: Lang; stores?: Stores } = {}) {
  const lang = opts.lang ?? 'en';
  let perf = 0;
  const stores = opts.stores ?? createStores({ bridge, perfNow: () => ++perf, wallNow: () => WALL_NOW, defaultLang: lang });
  const i18n = createI18n(lang, catalogs);
  const result = render(
    <AppProvider value={{ bridge, stores, wallNow: () => WALL_NOW }}>
      <I18nextProvider i18n={i18n}>
        <FormatProvider value={createFormatters(lang)}>{ui}</FormatProvider>
      </I18nextProvider>
    </AppProvider>,
  );
  return { ...result, stores, i18n };
}
