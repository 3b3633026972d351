import { compactId, defaultScheme, deriveEndpointId, guessCountry } from './profile-identifiers';

/**
 * A deterministic stand-in for the world outside the sandbox: business ids that belong to no sandbox
 * company are answered from a hash of the id, so the same question always gets the same answer and
 * tests can rely on it. The rules are listed in sandbox/docs/company.md.
 */

/** FNV-1a, 32 bits: small, fast and stable across runs and platforms. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export interface DirectoryEntry {
  bid: string;
  country: string;
  name: string;
  network: 'PEPPOL' | 'EXTERNAL';
  operator: string;
  scheme: string;
  endpoint_id: string;
  profiles: string[];
}

const FIRST = ['Nordic', 'Arctic', 'Baltic', 'Lakeside', 'Northern', 'Fjord', 'Harbour', 'Forest', 'Granite', 'Aurora'];
const SECOND = ['Timber', 'Logistics', 'Foods', 'Systems', 'Engineering', 'Trading', 'Health', 'Media', 'Energy', 'Textiles'];
const SUFFIX: Record<string, string> = { FI: 'Oy', SE: 'AB', NO: 'AS', DK: 'ApS', NL: 'B.V.', DE: 'GmbH', BE: 'NV', EE: 'OÜ' };
const PEPPOL_OPERATORS = ['Peppol AP Nord', 'Access Point One AS', 'Baltic Peppol AP'];
const EXTERNAL_OPERATORS = ['Nordic Operator Oy', 'Finvoice Bank Network', 'Northern Post e-Invoicing'];

/** A made-up but stable company name for a hash. */
export function directoryName(h: number, country: string): string {
  return `${FIRST[h % FIRST.length]} ${SECOND[(h >>> 5) % SECOND.length]} ${SUFFIX[country] ?? 'Ltd'}`;
}

/**
 * The directory's answer for a business id: one in five ids (hash % 5 == 0) is not reachable; the
 * rest receive in PEPPOL (two in three) or an external operator network, with the country's default
 * scheme and the endpoint id derived as for registrations; one in four also receives orders.
 */
export function directoryEntry(bid: string, country?: string | null): DirectoryEntry | null {
  const c = country ?? guessCountry(bid);
  if (!c) return null;
  const h = fnv1a(`${compactId(bid)}|${c}`);
  if (h % 5 === 0) return null;
  const scheme = defaultScheme(c);
  const endpointId = scheme ? deriveEndpointId(scheme, bid, null) : null;
  if (!scheme || !endpointId) return null;
  const network = (h >>> 4) % 3 === 0 ? 'EXTERNAL' : 'PEPPOL';
  const operators = network === 'PEPPOL' ? PEPPOL_OPERATORS : EXTERNAL_OPERATORS;
  return {
    bid: bid.trim().toUpperCase(),
    country: c,
    name: directoryName(h, c),
    network,
    operator: operators[(h >>> 8) % operators.length] ?? 'Unknown operator',
    scheme,
    endpoint_id: endpointId,
    profiles: (h >>> 12) % 4 === 0 ? ['INVOICE_AND_CREDIT_NOTE', 'ORDER'] : ['INVOICE_AND_CREDIT_NOTE'],
  };
}

export interface ConsumerAnswer {
  efaktura_identifier: string;
  first_name: string;
  last_name: string;
  routes: { route: string; available: boolean }[];
}

const GIVEN = ['Ola', 'Kari', 'Ingrid', 'Lars', 'Nora', 'Erik', 'Sofie', 'Jonas'];
const FAMILY = ['Nordmann', 'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Berg', 'Haugen', 'Dahl'];

/**
 * The Norwegian consumer registry: a consumer is not found when any given value contains "unknown" or
 * the hash of the values is divisible by 5; otherwise DPI is available for even hashes and yes2all
 * (eFaktura "yes to all") unless the hash is divisible by 3.
 */
export function consumerEntry(
  values: string[],
  routes: readonly string[],
  names: { first?: string; last?: string },
): ConsumerAnswer | null {
  if (values.some((v) => v.toLowerCase().includes('unknown'))) return null;
  const h = fnv1a(values.map((v) => v.trim().toLowerCase()).join('|'));
  if (h % 5 === 0) return null;
  const available: Record<string, boolean> = { dpi: (h >>> 3) % 2 === 0, yes2all: (h >>> 6) % 3 !== 0 };
  return {
    efaktura_identifier: String(100_000_000 + (h % 900_000_000)),
    first_name: names.first ?? GIVEN[h % GIVEN.length] ?? 'Ola',
    last_name: names.last ?? FAMILY[(h >>> 4) % FAMILY.length] ?? 'Nordmann',
    routes: routes.map((route) => ({ route, available: available[route] ?? false })),
  };
}
