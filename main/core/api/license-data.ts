import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * This app's version from its package.json, for hosts run from source or bundled beside it (the CLI):
 * the nearest package.json up from this file that is the app's own. The desktop shell names its own.
 */
export function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const { name, version } = (typeof pkg === 'object' && pkg !== null ? pkg : {}) as { name?: unknown; version?: unknown };
      if (name === 'einvoice-sync' && typeof version === 'string') return version;
    } catch {
      // none here: one folder up
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return '0.0.0';
}
