import {
  DEFAULT_SCHEME_BY_COUNTRY,
  DEPRECATED_PROFILES,
  INVOICE_EXTENSIONS,
  type Network,
  PEPPOLBIS_ONLY_PROFILES,
  PROFILES,
  type ProfileVersion,
  RESPONSE_PROFILE_MARKETS,
  VERSIONED_PROFILE_MARKETS,
  VERSIONED_PROFILES,
} from '../../shared/enums';
import { type RegistrationCreateBody, scanNetworkSettingsSchema } from '../../shared/schemas/company';
import { badRequest, unprocessable } from '../http/errors';
import type { CompanyRecord } from '../model';
import { compactId, defaultScheme, deriveEndpointId, endpointMatchesCompany } from './profile-identifiers';
import { eiaOf, type RegistrationRecord } from './profile-records';
import { parsePlain } from './settings-issues';

/** What a valid POST /v1/company/profiles will store. */
export interface RegistrationPlan {
  network: Network;
  profiles: string[];
  profile_version: ProfileVersion | null;
  endpoint_id: string | null;
  scheme: string | null;
  network_settings: Record<string, unknown> | null;
  extensions: Record<string, string[]>;
}

const notSupported = (message: string, details: string[]) => unprocessable('profile_not_supported', message, details);
const has = (list: readonly string[], v: string) => list.includes(v);

/** Networks that receive invoices or documents and therefore need VENDORNET first (spec: Networks). */
export const NEEDS_VENDORNET: readonly Network[] = ['PEPPOL', 'SCAN', 'SCAN_DOCUMENTS'];

const PEPPOL_PROFILES = ['INVOICE_AND_CREDIT_NOTE', ...VERSIONED_PROFILES, ...PEPPOLBIS_ONLY_PROFILES];
const profilesOfNetwork = (n: Network): readonly string[] =>
  n === 'PEPPOL' ? PEPPOL_PROFILES : n === 'SCAN_DOCUMENTS' ? ['VOUCHER'] : ['INVOICE_AND_CREDIT_NOTE'];

/** XSCANNER is an alias of SCAN_DOCUMENTS; registrations keep the one name. */
export const canonicalNetwork = (n: Network): Network => (n === 'XSCANNER' ? 'SCAN_DOCUMENTS' : n);

function checkNetwork(network: Network, company: CompanyRecord): void {
  if (network === 'RECEIVABLES') throw notSupported('Network RECEIVABLES is deprecated', ['network: use PUT /v1/services/receivables']);
  if (network === 'OPERATORY') throw notSupported('Network OPERATORY is for internal use only', ['network: OPERATORY is not available']);
  if (network === 'BANK' && company.country !== 'FI') {
    throw notSupported('The bank network is for Finnish companies only', [`network: BANK needs a company in FI, not ${company.country}`]);
  }
}

/** Profile names after the deprecated INVOICE and CREDIT_NOTE are folded into INVOICE_AND_CREDIT_NOTE. */
function checkProfiles(network: Network, requested: string[] | undefined, country: string): string[] {
  const names = (requested ?? [network === 'SCAN_DOCUMENTS' ? 'VOUCHER' : 'INVOICE_AND_CREDIT_NOTE']).map((p) =>
    has(DEPRECATED_PROFILES, p) ? 'INVOICE_AND_CREDIT_NOTE' : p,
  );
  const profiles = [...new Set(names)];
  const unknown = profiles.filter((p) => !has(PROFILES, p));
  if (unknown.length)
    throw notSupported(
      'Unknown profile',
      unknown.map((p) => `profiles: '${p}' is not a profile of the service`),
    );
  const offNetwork = profiles.filter((p) => !has(profilesOfNetwork(network), p));
  if (offNetwork.length) {
    throw notSupported(
      'Profile not available in this network',
      offNetwork.map((p) => `profiles: ${p} is not available in network ${network}`),
    );
  }
  if (network !== 'PEPPOL') return profiles;
  const outside = profiles.filter((p) => {
    if (has(VERSIONED_PROFILES, p)) return !has(VERSIONED_PROFILE_MARKETS, country);
    if (has(PEPPOLBIS_ONLY_PROFILES, p)) return !has(RESPONSE_PROFILE_MARKETS, country);
    return !(country in DEFAULT_SCHEME_BY_COUNTRY);
  });
  if (outside.length) {
    throw notSupported(
      'Profile not supported in the company country',
      outside.map((p) => `profiles: ${p} is not available for companies in ${country}`),
    );
  }
  return profiles;
}

function checkVersion(network: Network, profiles: string[], version: ProfileVersion | null | undefined): ProfileVersion | null {
  if (network !== 'PEPPOL') return null;
  const versioned = profiles.filter((p) => has(VERSIONED_PROFILES, p));
  const responses = profiles.filter((p) => has(PEPPOLBIS_ONLY_PROFILES, p));
  if (versioned.length && !version) {
    throw badRequest('profile_version is required', [`profile_version: required for ${versioned.join(', ')} (PEPPOLBIS30 or EHF30)`]);
  }
  if (responses.length && version === 'EHF30') {
    throw notSupported(
      'Profile not supported in this version',
      responses.map((p) => `profile_version: ${p} is available as PEPPOLBIS30 only`),
    );
  }
  if (versioned.length) return version ?? null;
  return responses.length ? 'PEPPOLBIS30' : null;
}

function checkNetworkSettings(network: Network, settings: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (settings === undefined) return null;
  if (network !== 'SCAN')
    throw badRequest('network_settings apply to SCAN registrations only', ['network_settings: only for network SCAN']);
  return parsePlain(scanNetworkSettingsSchema, settings, { prefix: ['network_settings'] });
}

/** Whether an extension may be enabled on a profile of a company (GACCOUNT10: the Netherlands only). */
export function checkExtension(company: CompanyRecord, network: Network, profile: string, ext: string): void {
  if (!has(INVOICE_EXTENSIONS, ext)) throw notSupported('Unknown extension', [`extensions: '${ext}' is not an extension of the service`]);
  if (network !== 'PEPPOL' || profile !== 'INVOICE_AND_CREDIT_NOTE') {
    throw notSupported('Extension not supported for this profile', [`extensions: ${ext} applies to PEPPOL INVOICE_AND_CREDIT_NOTE only`]);
  }
  if (company.country !== 'NL') {
    throw notSupported('Extension not supported in the company country', [
      `extensions: ${ext} is supported for companies in NL, not ${company.country}`,
    ]);
  }
}

function checkExtensions(
  company: CompanyRecord,
  network: Network,
  profiles: string[],
  raw: string[] | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const entry of raw ?? []) {
    const [profile, ext] = entry.includes(':') ? entry.split(':', 2) : ['INVOICE_AND_CREDIT_NOTE', entry];
    if (!profile || !ext || !profiles.includes(profile)) {
      throw badRequest('profiles_with_extensions names a profile that is not registered', [
        `profiles_with_extensions: '${entry}' must be EXTENSION or PROFILE:EXTENSION of a requested profile`,
      ]);
    }
    checkExtension(company, network, profile, ext);
    out[profile] = [...new Set([...(out[profile] ?? []), ext])];
  }
  return out;
}

function resolveEndpoint(network: Network, company: CompanyRecord, body: RegistrationCreateBody) {
  let scheme = body.scheme ?? null;
  let endpointId = body.endpoint_id ?? null;
  const prefixed = endpointId ? /^(\d{4}):(.+)$/.exec(endpointId) : null;
  if (prefixed) {
    if (scheme && scheme !== prefixed[1]) {
      throw badRequest('endpoint_id and scheme disagree', [`scheme: ${scheme} differs from the ${prefixed[1]} in endpoint_id`]);
    }
    scheme = prefixed[1] ?? null;
    endpointId = prefixed[2] ?? null;
  }
  const explicit = endpointId !== null;
  scheme ??= defaultScheme(company.country);
  if (endpointId === null && scheme) endpointId = deriveEndpointId(scheme, company.business_id, company.vat);
  if (network === 'PEPPOL' && (!scheme || !endpointId)) {
    throw badRequest('endpoint_id cannot be resolved', [
      `endpoint_id: cannot be made from business id ${company.business_id} for scheme ${scheme ?? '(none)'}: give endpoint_id`,
    ]);
  }
  if (explicit && endpointId && !endpointMatchesCompany(scheme ?? '', endpointId, company.business_id, company.vat)) {
    throw unprocessable('profile_eia_bid_conflict', 'The endpoint id does not match the company business id', [
      `endpoint_id: ${endpointId} does not carry business id ${company.business_id}`,
    ]);
  }
  return { scheme, endpoint_id: endpointId ? compactId(endpointId) : null };
}

function checkConflicts(company: CompanyRecord, plan: RegistrationPlan, all: Iterable<RegistrationRecord>): void {
  const eia = eiaOf(plan);
  let nameConflict: RegistrationRecord | undefined;
  for (const r of all) {
    const same = eiaOf(r) === eia;
    if (!same) continue;
    if (eia && r.company_id !== company.id) {
      throw unprocessable('profile_eia_conflict', 'The endpoint id is already in use', [
        `endpoint_id: ${eia} is registered by another company`,
      ]);
    }
    if (r.company_id === company.id && r.network === plan.network && r.profiles.some((p) => plan.profiles.includes(p))) nameConflict ??= r;
  }
  if (nameConflict) {
    const overlap = nameConflict.profiles.filter((p) => plan.profiles.includes(p));
    throw unprocessable(
      'profile_name_conflict',
      'The profile is already registered for the endpoint id',
      overlap.map(
        (p) => `profiles: ${p} is already registered in ${plan.network} for ${eia ?? 'the company'} (registration ${nameConflict?.id})`,
      ),
    );
  }
}

/** Validates a registration request against the spec's tables; throws the spec's 400 or 422. */
export function planRegistration(
  company: CompanyRecord,
  body: RegistrationCreateBody,
  all: Iterable<RegistrationRecord>,
): RegistrationPlan {
  const network = canonicalNetwork(body.network ?? 'PEPPOL');
  checkNetwork(network, company);
  const profiles = checkProfiles(network, body.profiles, company.country);
  const profile_version = checkVersion(network, profiles, body.profile_version);
  const network_settings = checkNetworkSettings(network, body.network_settings);
  const extensions = checkExtensions(company, network, profiles, body.profiles_with_extensions);
  const plan: RegistrationPlan = {
    network,
    profiles,
    profile_version,
    network_settings,
    extensions,
    ...resolveEndpoint(network, company, body),
  };
  checkConflicts(company, plan, all);
  return plan;
}
