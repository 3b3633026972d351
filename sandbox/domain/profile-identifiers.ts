import { DEFAULT_SCHEME_BY_COUNTRY } from '../../shared/enums';

/**
 * Electronic addresses (endpoint ids) from business ids, per ISO 6523 scheme, and the rule that says
 * whether an explicit endpoint id belongs to a company. Every derivation is listed in
 * sandbox/docs/company.md.
 */

export const compactId = (s: string): string => s.toUpperCase().replace(/[\s.\-_/]/g, '');
const digitsOf = (s: string): string => s.replace(/\D/g, '');

/** The first default scheme of the country table; null outside it. */
export function defaultScheme(country: string): string | null {
  return DEFAULT_SCHEME_BY_COUNTRY[country]?.[0] ?? null;
}

/** Finnish OVT codes are the prefix 0037 followed by the 8 digits of the business id. */
const OVT_PREFIX = '0037';

/** Digits a scheme's endpoint id takes from the business id, or VAT when the scheme is a VAT scheme. */
const SCHEME_RULES: Record<string, { digits?: number; prefix?: string; vat?: string }> = {
  '0216': { digits: 8, prefix: OVT_PREFIX },
  '0192': { digits: 9 },
  '0007': { digits: 10 },
  '0182': { digits: 8 },
  '0184': { digits: 8 },
  '0106': { digits: 8 },
  '0208': { digits: 10 },
  '9930': { vat: 'DE' },
  '9944': { vat: 'NL' },
  '9931': { vat: 'EE' },
};

/**
 * The endpoint id the scheme gives a company: FI 0216 = 0037 + business id digits, NO 0192 = org number,
 * SE 0007 = org number, DK 0182/0184 = CVR, NL 0106 = KvK, BE 0208 = enterprise number,
 * DE 9930 / NL 9944 / EE 9931 = the VAT number (DE may fall back to DE + 9 digits). Null when the
 * business id does not have the scheme's shape or the scheme is not one of these.
 */
export function deriveEndpointId(scheme: string, businessId: string, vat: string | null): string | null {
  const rule = SCHEME_RULES[scheme];
  if (!rule) return null;
  if (rule.vat) {
    const v = vat ? compactId(vat) : null;
    if (v?.startsWith(rule.vat)) return v;
    const d = digitsOf(businessId);
    return rule.vat === 'DE' && d.length === 9 ? `DE${d}` : null;
  }
  const d = digitsOf(businessId);
  if (d.length !== rule.digits) return null;
  return `${rule.prefix ?? ''}${d}`;
}

/**
 * Whether an explicit endpoint id belongs to the company (else 422 profile_eia_bid_conflict): after
 * removing a leading 2-letter country code (and for 0216 the required 0037 prefix), it must begin with
 * the digits of the business id (or be the VAT number), followed by at most 5 letters or digits (an
 * OVT sub-address, a VAT suffix such as 01, B01 or MVA). Identifiers that cannot carry the business id,
 * such as GLN (0088), never match: they are registered through support.
 */
export function endpointMatchesCompany(scheme: string, endpointId: string, businessId: string, vat: string | null): boolean {
  const id = compactId(endpointId);
  if (id === deriveEndpointId(scheme, businessId, vat)) return true;
  if (scheme === '0088') return false;
  let rest = /^[A-Z]{2}\d/.test(id) ? id.slice(2) : id;
  if (scheme === '0216') {
    if (!rest.startsWith(OVT_PREFIX)) return false;
    rest = rest.slice(OVT_PREFIX.length);
  }
  const bid = digitsOf(businessId);
  if (bid.length < 6 || !rest.startsWith(bid)) return false;
  return /^[A-Z0-9]{0,5}$/.test(rest.slice(bid.length));
}

/**
 * Variants of an identifier that `allow_eia_variants` treats as the same address: only the digits
 * count (country prefixes and VAT suffixes such as MVA fall away), the OVT prefix 0037 of 0216 is
 * optional, and leading zeros do not matter.
 */
export function eiaVariantKey(scheme: string, endpointId: string): string {
  let d = digitsOf(endpointId);
  if (scheme === '0216' && d.length > 8 && d.startsWith(OVT_PREFIX)) d = d.slice(OVT_PREFIX.length);
  return d.replace(/^0+/, '');
}

const SCHEME_NAMES: Record<string, string> = {
  '0007': 'SE:ORGNR',
  '0088': 'GLN',
  '0106': 'NL:KVK',
  '0182': 'DK:CVR',
  '0184': 'DK:DIGST',
  '0192': 'NO:ORG',
  '0208': 'BE:EN',
  '0216': 'FI:OVT',
  '9930': 'DE:VAT',
  '9931': 'EE:VAT',
  '9944': 'NL:VAT',
};
export const schemeName = (scheme: string): string => SCHEME_NAMES[scheme] ?? `ISO6523:${scheme}`;

/** The country a bare business id most likely belongs to, from its shape (directory look-ups). */
export function guessCountry(businessId: string): string | null {
  const id = businessId.trim().toUpperCase();
  if (/^\d{7}-\d$/.test(id)) return 'FI';
  if (/^\d{6}-\d{4}$/.test(id) || /^\d{10}$/.test(id)) return 'SE';
  if (/^(NO)?\d{9}(MVA)?$/.test(id)) return 'NO';
  if (/^(DK)?\d{8}$/.test(id)) return 'DK';
  if (/^DE\d{9}$/.test(id)) return 'DE';
  if (/^\d{8}$/.test(digitsOf(id))) return 'FI';
  return null;
}

/** Back from an electronic address to the business id it was made of (directory look-ups by eia). */
export function businessIdFromEndpoint(scheme: string, endpointId: string): { bid: string; country: string } | null {
  const id = compactId(endpointId);
  const d = digitsOf(id);
  switch (scheme) {
    case '0216':
      return /^0037\d{8}$/.test(id) ? { bid: `${d.slice(4, 11)}-${d.slice(11)}`, country: 'FI' } : null;
    case '0192':
      return /^\d{9}$/.test(id) ? { bid: id, country: 'NO' } : null;
    case '0007':
      return /^\d{10}$/.test(id) ? { bid: `${id.slice(0, 6)}-${id.slice(6)}`, country: 'SE' } : null;
    case '0182':
    case '0184':
      return /^\d{8}$/.test(id) ? { bid: id, country: 'DK' } : null;
    case '0106':
      return /^\d{8}$/.test(id) ? { bid: id, country: 'NL' } : null;
    case '0208':
      return /^\d{10}$/.test(id) ? { bid: id, country: 'BE' } : null;
    case '9930':
      return /^DE\d{9}$/.test(id) ? { bid: d, country: 'DE' } : null;
    default:
      return null;
  }
}
