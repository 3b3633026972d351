import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useStore } from 'zustand';
import { App } from './App';
import { useAppEffects } from './app-effects';
import type { BridgeClient } from './bridge/http';
import { createFormatters } from './i18n/format';
import type { Stores } from './stores';
import { showsAccount } from './stores/app-store';
import { AppProvider, FormatProvider } from './stores/context';

export interface RootProps {
  bridge: BridgeClient;
  stores: Stores;
  i18n: i18n;
  wallNow: () => number;
  doc: Document;
}

/** Providers around the app: the bridge and stores, the language, and its Intl formatters. */
export function Root({ bridge, stores, i18n: i18nInstance, wallNow, doc }: RootProps) {
  const shown = useStore(stores.app, showsAccount);
  useAppEffects(bridge, stores, i18nInstance, doc, shown);
  const lang = useStore(stores.app, (s) => s.settings.language);
  const formatters = useMemo(() => createFormatters(lang), [lang]);
  const ctx = useMemo(() => ({ bridge, stores, wallNow }), [bridge, stores, wallNow]);
  return (
    <AppProvider value={ctx}>
      <I18nextProvider i18n={i18nInstance}>
        <FormatProvider value={formatters}>
          <App />
        </FormatProvider>
      </I18nextProvider>
    </AppProvider>
  );
}
