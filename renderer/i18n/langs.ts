import { LOCALES } from '../../shared/locale';
import { APP_LANGUAGES } from '../../shared/settings';

/** The languages of the app (`shared/settings.ts`), and the Intl locale each one formats dates, sums and numbers with. */
export const LANGS = APP_LANGUAGES;
export type Lang = (typeof LANGS)[number];

export { LOCALES };

/** Each language's own name, shown the same in every language so a lost user finds theirs. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', fi: 'Suomi', sv: 'Svenska', nb: 'Norsk bokmål', da: 'Dansk' };

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && (LANGS as readonly string[]).includes(v);

/** The first of the browser's languages we have; Norwegian `no` and Nynorsk read Bokmål. */
export function pickLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    const lang = primary === 'no' || primary === 'nn' ? 'nb' : primary;
    if (isLang(lang)) return lang;
  }
  return 'en';
}
