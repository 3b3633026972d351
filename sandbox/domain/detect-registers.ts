import type { Party } from '../../shared/schemas/invoice';

/**
 * The sandbox's stand-ins for the national registers Detect consults. Real registers are not
 * reachable, so every well-formed business ID is "found and active" except the documented ones below
 * (sandbox/docs/detect.md), which let tests and demos provoke each finding on purpose.
 */

type Country = 'FI' | 'NO';

/** Register status of the documented test business IDs, by country (valid check digits). */
export const REGISTER_STATUS: Readonly<Record<string, string>> = {
  'FI:9990001-6': 'NOT_FOUND',
  'FI:9990002-4': 'INACTIVE',
  'FI:9990003-2': 'UNDER_LIQUIDATION',
  'FI:9990004-0': 'UNDER_REORGANIZATION',
  'FI:9990005-9': 'BANKRUPT',
  'FI:9990006-7': 'ON_HOLD',
  'FI:9990007-5': 'PREPAYMENT_REGISTER_NOT_FOUND',
  'NO:999990010': 'NOT_FOUND',
  'NO:999990029': 'INACTIVE',
  'NO:999990037': 'UNDER_LIQUIDATION',
  'NO:999990045': 'UNDER_REORGANIZATION',
  'NO:999990053': 'BANKRUPT',
  'NO:999990061': 'ON_HOLD',
};

/** Senders on the warning list: FOUND (list of suspicious companies) or USER_REPORTED_FOUND. */
export const WARNING_LIST: Readonly<Record<string, 'FOUND' | 'USER_REPORTED_FOUND'>> = {
  'FI:9990008-3': 'FOUND',
  'FI:9990009-1': 'USER_REPORTED_FOUND',
  'NO:999990088': 'FOUND',
  'NO:999990096': 'USER_REPORTED_FOUND',
};

/** Senders the VAT registers do not know. */
export const VAT_NOT_REGISTERED: ReadonlySet<string> = new Set(['FI:9990010-4', 'NO:999990118']);

export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** ISO 6523 schemes of e-invoice addresses that tell the country. */
const SCHEME_COUNTRY: Readonly<Record<string, string>> = {
  '0216': 'FI',
  '0037': 'FI',
  '0213': 'FI',
  '0192': 'NO',
  '0007': 'SE',
  '0184': 'DK',
};

export function isValidFinnishBid(bid: string): boolean {
  const m = /^(\d{7})-(\d)$/.exec(bid);
  if (!m) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const digits = m[1] ?? '';
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const r = sum % 11;
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(m[2]);
}

export function isValidNorwegianOrgNumber(bid: string): boolean {
  if (!/^\d{9}$/.test(bid)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(bid[i]) * (weights[i] ?? 0);
  const r = 11 - (sum % 11);
  if (r === 10) return false;
  return (r === 11 ? 0 : r) === Number(bid[8]);
}

/** The sender's country: the party's own, else the VAT number's prefix, else the address scheme. */
export function senderCountry(p: Party | null): string | null {
  if (!p) return null;
  if (p.country && /^[A-Za-z]{2}$/.test(p.country)) return p.country.toUpperCase();
  const vat = p.vat?.trim().toUpperCase();
  if (vat && /^[A-Z]{2}/.test(vat)) return vat.startsWith('EL') ? 'GR' : vat.slice(0, 2);
  const scheme = p.eia ? /^(\d{4}):/.exec(p.eia)?.[1] : undefined;
  return (scheme && SCHEME_COUNTRY[scheme]) || null;
}

/**
 * The business ID in the national form of the country: `1234567-8` in Finland, nine digits in Norway.
 * Accepts what invoices carry: `FI12345678`, `0216:12345678`, `NO 123 456 789 MVA`, `12345678`.
 */
export function normalizeBid(raw: string | null | undefined, country: Country): string | null {
  if (!raw) return null;
  let s = raw
    .trim()
    .toUpperCase()
    .replace(/^\d{4}:/, '');
  s = s
    .replace(/^(FI|NO)/, '')
    .replace(/MVA$/, '')
    .replace(/[\s.]/g, '');
  if (country === 'FI') {
    if (/^\d{8}$/.test(s)) return `${s.slice(0, 7)}-${s.slice(7)}`;
    return s;
  }
  return s;
}

/** The key the registers above use, or null when the sender is not in a supported country. */
export function registerKey(p: Party | null): { country: Country; bid: string | null; valid: boolean } | null {
  const country = senderCountry(p);
  if (country !== 'FI' && country !== 'NO') return null;
  const bid = normalizeBid(p?.bid ?? null, country);
  if (!bid) return { country, bid: null, valid: false };
  const valid = country === 'FI' ? isValidFinnishBid(bid) : isValidNorwegianOrgNumber(bid);
  return { country, bid, valid };
}

/** A key that identifies a sender across invoices: the business ID, else the name. */
export function senderIdentity(p: Party | null): string | null {
  if (!p) return null;
  const country = senderCountry(p) ?? '';
  const bid = p.bid ? normalizeBid(p.bid, country === 'NO' ? 'NO' : 'FI') : null;
  if (bid) return `bid:${country}:${bid}`;
  const name = p.name?.trim().toLowerCase();
  return name ? `name:${name}` : null;
}

/** The VAT number an invoice gives or one that follows from the business ID (FI and NO). */
export function senderVatNumber(p: Party | null): string | null {
  if (!p) return null;
  const vat = p.vat
    ?.trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '');
  if (vat) return vat;
  const key = registerKey(p);
  if (!key?.bid || !key.valid) return null;
  return key.country === 'FI' ? `FI${key.bid.replace('-', '')}` : `NO${key.bid}MVA`;
}

/** Plausible form of an EU or Norwegian VAT number: the country prefix then 2 to 13 letters or digits. */
export function isPlausibleVatNumber(vat: string, country: string): boolean {
  if (country === 'NO') return /^NO\d{9}MVA$/.test(vat) && isValidNorwegianOrgNumber(vat.slice(2, 11));
  const prefix = country === 'GR' ? 'EL' : country;
  return vat.startsWith(prefix) && /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vat);
}
