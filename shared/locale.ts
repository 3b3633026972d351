import type { APP_LANGUAGES } from './settings';

// How the app writes dates and numbers in each of its languages: the renderer's formatters and the
// CSV export of main take them from here, so a date reads the same on screen and in a spreadsheet.

type Lang = (typeof APP_LANGUAGES)[number];

/** The Intl locale each language formats dates, sums and numbers with. */
export const LOCALES: Readonly<Record<Lang, string>> = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-SE', nb: 'nb-NO', da: 'da-DK' };

/** A calendar date (`2026-03-01`) as the lists show it: that day whatever the time zone. */
export const DATE_FORMAT: Readonly<Intl.DateTimeFormatOptions> = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };
