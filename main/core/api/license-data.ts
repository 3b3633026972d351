import { readFileSync } from 'node:fs';

/** The name the app gives itself to the service (license_data's erp_name). */
export const APP_NAME = 'E-Invoice Sync';

/** Who the app is, for every token request. */
export interface AppIdentity {
  version: string;
  /** A license key of this software, when one was configured; none is made up. */
  licenseKey?: string | null;
}

/**
 * The token request's `license_data`: a JSON string `{key, meta: {licensing, erp_name, erp_version,
 * erp_user}}` (spec: Authentication and common). Only what the app knows truly is sent: `key` only when
 * a license key is configured (the spec makes the whole field optional, and an empty key would claim a
 * license that is not there); no `licensing` (the spec does not say what its values are); no `erp_user`
 * (the app has no user of its own, and the computer's login name is not the service's business).
 */
export function licenseData(id: AppIdentity): string {
  const key = id.licenseKey?.trim();
  return JSON.stringify({ ...(key ? { key } : {}), meta: { erp_name: APP_NAME, erp_version: id.version } });
}

/** This checkout's version (package.json), for hosts run from source; the desktop shell names its own. */
export function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const v = typeof pkg === 'object' && pkg !== null ? (pkg as { version?: unknown }).version : undefined;
    return typeof v === 'string' ? v : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
