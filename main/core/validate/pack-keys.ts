import { createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The public keys a rule pack's signature (pack-archive.ts, Ed25519) is checked with.
 *
 * RELEASE: the public half of the key the release pipeline signs with. The intent is one release key
 * for both app updates and rule packs: whoever may ship a new version of the app may ship new rules,
 * and nobody else. It is not made yet (the update feed has no signing of its own today: electron-updater
 * checks the installers' sha512 in the feed and the OS checks their code signature); when it is, its
 * public half goes here as PEM, its private half stays in the release pipeline's secret store and signs
 * with `npm run rules:pack -- --key <file>` (scripts/make-rule-pack.ts).
 *
 * DEV: a key pair for tests and builds from a checkout; its private half is in the repository
 * (scripts/rule-packs/dev-key.ts), so anyone can sign with it: it is trusted only where the app runs from
 * its sources, never in an installed app.
 */
export const RELEASE_PACK_KEY_PEM: string | null = null;

export const DEV_PACK_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAIUL6OQ2SH3Xr5jnb7TlzD7omyd66Jvj3vU0n+XjEWUE=
-----END PUBLIC KEY-----
`;

export interface TrustedKey {
  name: 'release' | 'dev';
  key: KeyObject;
}

/** The keys a pack may be signed with here: the release key, and the dev key outside an installed app. */
export function trustedPackKeys(installed: boolean): TrustedKey[] {
  const keys: TrustedKey[] = [];
  if (RELEASE_PACK_KEY_PEM) keys.push({ name: 'release', key: createPublicKey(RELEASE_PACK_KEY_PEM) });
  if (!installed) keys.push({ name: 'dev', key: createPublicKey(DEV_PACK_KEY_PEM) });
  return keys;
}
