import { DATE_FORMAT } from '../../shared/locale';
import { type Lang, LOCALES } from './langs';

export interface Formatters {
  lang: Lang;
  /** A calendar date (`2026-03-01`), shown as that day whatever the time zone. */
  date(iso: string | null | undefined): string;
  /** A moment (`2026-03-01T10:00:00Z`), in the user's time zone. */
  dateTime(iso: string | null | undefined): string;
  money(amount: number | null | undefined, currency: string | null | undefined): string;
  number(n: number | null | undefined, fractionDigits?: number): string;
  /** A VAT rate given in percent (25.5 -> "25,5 %"). */
  percent(rate: number | null | undefined): string;
  bytes(n: number | null | undefined): string;
  /** "in 5 minutes", "3 hours ago"; `now` is passed in so tests and renders agree. */
  relative(iso: string | null | undefined, now: number): string;
  /**
   * A moment that has happened ("now", "3 minutes ago"): never "in 4 seconds". The page's clock is
   * renewed every half minute, so a poll it is told of is often newer than the page's now.
   */
  ago(iso: string | null | undefined, now: number): string;
}

const DASH = '–';
const DAY_MS = 86_400_000;

const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

/**
 * Intl formatters for one language, built once per language (the app builds a new set when the
 * language changes). Missing values show a dash, never "Invalid Date" or "NaN".
 */
export function createFormatters(lang: Lang): Formatters {
  const locale = LOCALES[lang];
  // Each Intl object is made on its first use: building them all took about 60 ms of the window's
  // first paint in Chromium (ICU loads its data per kind), and most views use two or three kinds.
  const dateFmt = once(() => new Intl.DateTimeFormat(locale, DATE_FORMAT));
  const dateTimeFmt = once(
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
  );
  const numberFmts = new Map<number, Intl.NumberFormat>();
  const moneyFmts = new Map<string, Intl.NumberFormat | null>();
  const percentFmt = once(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }));
  const relFmt = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  // Bytes in full ("22 bytes", "22 tavua"): the short form is "22 byte" in English.
  const unitFmts = (['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const).map((unit) =>
    once(
      () =>
        new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 }),
    ),
  );

  const num = (digits: number) => {
    let f = numberFmts.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      numberFmts.set(digits, f);
    }
    return f;
  };
  const moneyFmt = (currency: string) => {
    if (!moneyFmts.has(currency)) {
      let f: Intl.NumberFormat | null = null;
      try {
        f = new Intl.NumberFormat(locale, { style: 'currency', currency });
      } catch {
        // Not an ISO 4217 code: shown as a number with the code beside it.
      }
      moneyFmts.set(currency, f);
    }
    return moneyFmts.get(currency) ?? null;
  };
  const parse = (iso: string | null | undefined): Date | null => {
    if (!iso) return null;
    const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(d.getTime()) ? null : d;
  };

  const relative = (iso: string | null | undefined, now: number): string => {
    const d = parse(iso);
    if (!d) return DASH;
    const diff = d.getTime() - now;
    const abs = Math.abs(diff);
    if (abs < 45_000) return relFmt().format(Math.round(diff / 1000), 'second');
    if (abs < 45 * 60_000) return relFmt().format(Math.round(diff / 60_000), 'minute');
    if (abs < DAY_MS) return relFmt().format(Math.round(diff / 3_600_000), 'hour');
    return relFmt().format(Math.round(diff / DAY_MS), 'day');
  };
  return {
    lang,
    date(iso) {
      const d = parse(iso?.slice(0, 10));
      return d ? dateFmt().format(d) : DASH;
    },
    dateTime(iso) {
      const d = parse(iso);
      return d ? dateTimeFmt().format(d) : DASH;
    },
    money(amount, currency) {
      if (amount === null || amount === undefined || !Number.isFinite(amount)) return DASH;
      const code = currency?.trim().toUpperCase();
      const f = code ? moneyFmt(code) : null;
      if (f) return f.format(amount);
      const plain = num(2).format(amount);
      return code ? `${plain} ${code}` : plain;
    },
    number(n, fractionDigits = 2) {
      return n === null || n === undefined || !Number.isFinite(n) ? DASH : num(fractionDigits).format(n);
    },
    percent(rate) {
      return rate === null || rate === undefined || !Number.isFinite(rate) ? DASH : percentFmt().format(rate / 100);
    },
    bytes(n) {
      if (n === null || n === undefined || !Number.isFinite(n) || n < 0) return DASH;
      let i = 0;
      let v = n;
      while (v >= 1024 && i < unitFmts.length - 1) {
        v /= 1024;
        i++;
      }
      return (unitFmts[i] as () => Intl.NumberFormat)().format(v);
    },
    relative,
    ago(iso, now) {
      const d = parse(iso);
      if (!d) return DASH;
      // Less than a minute, or after the page's now: "now" (Intl's word for it in each language).
      const diff = d.getTime() - now;
      return diff > -60_000 ? relFmt().format(0, 'second') : relative(iso, now);
    },
  };
}
