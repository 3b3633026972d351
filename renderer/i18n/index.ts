import i18next, { type i18n } from 'i18next';
import { catalogs } from './catalogs';
import { LANGS, type Lang } from './langs';

/** A fresh i18next instance for one app window (never the library's global one). */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(LANGS.map((l) => [l, { translation: catalogs[l] }])),
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGS],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
