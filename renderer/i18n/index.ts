import i18next, { type i18n } from 'i18next';
import type { Catalog } from './catalog-type';
import { en } from './en';
import { LANGS, type Lang } from './langs';

/*
 * English is in the first script: it is the fallback of every other language. The other catalogs are
 * scripts of their own, fetched when their language is first shown: the four (now five with Danish) together were about a
 * quarter of the first script, and a window only ever needs one.
 */
const LOADERS: Readonly<Record<Exclude<Lang, 'en'>, () => Promise<Catalog>>> = {
  fi: () => import('./fi').then((m) => m.fi),
  sv: () => import('./sv').then((m) => m.sv),
  nb: () => import('./nb').then((m) => m.nb),
  da: () => import('./da').then((m) => m.da),
};

/**
 * A fresh i18next instance for one app window (never the library's global one), with the catalogs it
 * is given: the app gives English and fetches the others with `showLanguage`; tests may give them all.
 */
export function createI18n(lang: Lang, given: Partial<Record<Lang, Catalog>> = { en }): i18n {
  const instance = i18next.createInstance();
  const catalogs = { en, ...given };
  void instance.init({
    resources: Object.fromEntries(Object.entries(catalogs).map(([l, c]) => [l, { translation: c }])),
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

/** Makes sure the language's catalog is in the instance, fetching it the first time. */
export async function loadLanguage(instance: i18n, lang: Lang): Promise<void> {
  if (lang === 'en' || instance.hasResourceBundle(lang, 'translation')) return;
  instance.addResourceBundle(lang, 'translation', await LOADERS[lang]());
}

/**
 * Shows the window in `lang` once its catalog is in. `wanted` says which language the window should
 * show by the time the catalog arrives, so a quick switch back and forth ends on the last one chosen.
 */
export async function showLanguage(instance: i18n, lang: Lang, wanted: () => Lang = () => lang): Promise<void> {
  await loadLanguage(instance, lang);
  if (wanted() === lang && instance.language !== lang) await instance.changeLanguage(lang);
}
