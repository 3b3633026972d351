import type { Party } from '../../shared/schemas/invoice';

/**
 * The sandbox's stand-ins for the national registers Detect consults. Real registers are not
 * reachable, so every well-formed business ID is "found and active" except the documented ones below
 * (sandbox/docs/detect.md), which let tests and demos provoke each finding on purpose.
 */

type Country = 'FI' | 'NO';

/** Register status of the documented test business IDs, by country (their check digits are valid too). */
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

/** The sender's country: the party's own, else the VAT number's prefix, else the address scheme. */
export function senderCountry(p: Party | null): string | null {
  if (!p) return null;
  if (p.country && /^[A-Za-z]{2}$/.test(p.country)) return p.country.toUpperCase();
  const vat = p.vat?.trim().toUpperCase();
  if (vat && /^[A-Z]{2}/.test(vat)) return vat.startsWith('EL') ? 'GR' : vat.slice(0, 2);
  const scheme = p.eia ? /^(\d{4}):/.exec(p.eia)?.[1] : undefined;
  return (scheme && SCHEME_COUNTRY[scheme]) || null;
}

/** The business ID without scheme, country prefix, `MVA` suffix, spaces or dots. */
function bareBid(raw: string): string {
  return raw
    .trim()
    .toUpperCase()
    .replace(/^\d{4}:/, '')
    .replace(/^(FI|NO)(?=\d)/, '')
    .replace(/MVA$/, '')
    .replace(/[\s.]/g, '');
}

/**
 * The register a sender of Finland or Norway is looked up in, with its business ID in that register's
 * form (`1234567-8`, or nine digits). The ID's own form picks the register, so a Finnish ID on an
 * invoice routed through Norway is still found; an ID of neither form is invalid. Check digits are
 * not verified: demo data and test files carry made-up IDs (sandbox/docs/detect.md). Null when the
 * sender is not in a supported country.
 */
export function registerKey(p: Party | null): { country: Country; bid: string | null; valid: boolean } | null {
  const country = senderCountry(p);
  if (country !== 'FI' && country !== 'NO') return null;
  const bid = p?.bid ? bareBid(p.bid) : '';
  if (!bid) return { country, bid: null, valid: false };
  if (/^\d{7}-\d$/.test(bid)) return { country: 'FI', bid, valid: true };
  if (/^\d{8}$/.test(bid)) return { country: 'FI', bid: `${bid.slice(0, 7)}-${bid.slice(7)}`, valid: true };
  if (/^\d{9}$/.test(bid)) return { country: 'NO', bid, valid: true };
  return { country, bid, valid: false };
}

/** A key that names one sender across invoices: its business ID (letters and digits only), else its name. */
export function senderIdentity(p: { bid?: string | null; name?: string | null } | null): string | null {
  if (!p) return null;
  const bid = p.bid ? bareBid(p.bid).replace(/[^0-9A-Z]/g, '') : '';
  if (bid) return `bid:${bid}`;
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

/** A VAT number the registers could be asked about: 4 to 16 letters and digits, at least 4 of them digits. */
export function isPlausibleVatNumber(vat: string): boolean {
  return /^[0-9A-Z]{4,16}$/.test(vat) && (vat.match(/\d/g)?.length ?? 0) >= 4;
}
