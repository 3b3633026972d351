// Amounts as people type them in the app's languages: 1656.25 (en), 1656,25, 1 656,25 (fi, sv,
// nb; the space may be a no-break or narrow no-break space, as Intl writes it) and 1.656,25 (da). The
// renderer reads the sum filter's fields with it and the engine reads the search box with it, so a
// text means the same amount on both sides.

/** An amount in 1/10000 units: what the mirror's `amount_e4` column holds (migration 25). */
export type AmountE4 = number;

/** Decimals kept: the service's sums have two, a few currencies four. More than this is not a sum. */
const MAX_DECIMALS = 4;
const MAX_DIGITS = 15;
/** Spaces Intl and keyboards put between groups of thousands. */
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;
const MINUS = /^[-\u2212]/;
const SHAPE = /^\d[\d.,]*$/;
/** Whole digits grouped in threes by one separator: 1.656.250, 1,656. */
const grouped = (text: string, sep: string) => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(text);

function e4Of(whole: string, decimals: string): AmountE4 | null {
  if (decimals.length > MAX_DECIMALS || whole.length + decimals.length > MAX_DIGITS) return null;
  return Number(whole) * 10_000 + Number(decimals.padEnd(MAX_DECIMALS, '0'));
}

/**
 * Every amount the text can mean, in 1/10000 units, or none when it is not an amount. A lone point or
 * comma followed by exactly three digits ("1.656", "1,656") reads both ways, 1656 and 1.656: the same
 * keys mean a decimal in one language and thousands in another, so both are answered rather than one
 * guessed. Thousands given by spaces must come in threes ("1 656,25", not "16 56").
 */
export function amountReadings(text: string): AmountE4[] {
  let s = text.trim();
  const negative = MINUS.test(s);
  if (negative) s = s.slice(1).trimStart();
  const spaced = GROUP_SPACES.test(s);
  GROUP_SPACES.lastIndex = 0;
  if (spaced && !/^\d{1,3}([ \u00a0\u202f\u2009]\d{3})+([.,]\d+)?$/.test(s)) return [];
  s = s.replace(GROUP_SPACES, '');
  if (!SHAPE.test(s) || /[.,]$/.test(s)) return [];
  const points = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  const readings: (AmountE4 | null)[] = [];
  if (points === 0 && commas === 0) readings.push(e4Of(s, ''));
  else if (points > 0 && commas > 0) {
    // Both: the last one is the decimal mark, the other groups the thousands.
    const mark = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const group = mark === '.' ? ',' : '.';
    const at = s.lastIndexOf(mark);
    const whole = s.slice(0, at);
    if ((mark === '.' ? points : commas) === 1 && grouped(whole, group) && !spaced)
      readings.push(e4Of(whole.replaceAll(group, ''), s.slice(at + 1)));
  } else {
    const sep = points > 0 ? '.' : ',';
    const count = points || commas;
    const [whole = '', decimals = ''] = s.split(sep);
    if (count === 1) readings.push(e4Of(whole, decimals));
    // Thousands only where spaces did not group them already and the groups are threes.
    if (!spaced && grouped(s, sep) && !s.startsWith('0')) readings.push(e4Of(s.replaceAll(sep, ''), ''));
  }
  const found = readings.filter((r): r is AmountE4 => r !== null).map((r) => (negative ? -r : r));
  return [...new Set(found)];
}

/**
 * The one amount a sum field means: where the text reads two ways, the way of the user's language
 * (`decimalMark` is its decimal separator), as a field of a form is read. Null when it is not one.
 */
export function parseAmount(text: string, decimalMark: '.' | ',' = ','): number | null {
  const readings = amountReadings(text);
  if (readings.length < 2) return readings.length ? readings[0]! / 10_000 : null;
  // Two readings come from a lone separator, the decimal reading first.
  const lone = text.includes('.') ? '.' : ',';
  return readings[lone === decimalMark ? 0 : 1]! / 10_000;
}

/** A sum in 1/10000 units, rounded as the mirror's column rounds it. */
export const toE4 = (sum: number): AmountE4 => Math.round(sum * 10_000);

/** An amount as typed in a search beside words: with a decimal mark or grouped thousands, never a bare number (an invoice's "2024"). */
const MARKED = /[.,\u00a0\u202f\u2009 ]/;

/**
 * A search of words and an amount, either way round ("Acme 1 656,25", "1656.25 Acme"): the words, and
 * the sums the amount can mean. The longest run of parts that reads as an amount is taken. Null when
 * the text is all amount, all words, or its number is bare (so "Invoice 2024" stays a search of words).
 */
export function wordsAndAmount(text: string): { words: string; amounts: AmountE4[] } | null {
  const parts = text.trim().split(/[ \u00a0\u202f\u2009]+/);
  if (parts.length < 2 || amountReadings(text).length > 0) return null;
  const amountIn = (run: string[]) => {
    const typed = run.join(' ');
    return MARKED.test(typed) ? amountReadings(typed) : [];
  };
  for (let n = parts.length - 1; n >= 1; n--) {
    const tail = amountIn(parts.slice(parts.length - n));
    if (tail.length) return { words: parts.slice(0, parts.length - n).join(' '), amounts: tail };
    const head = amountIn(parts.slice(0, n));
    if (head.length) return { words: parts.slice(n).join(' '), amounts: head };
  }
  return null;
}
