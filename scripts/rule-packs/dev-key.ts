/**
 * The private half of the dev pack key (main/core/validate/pack-keys.ts DEV_PACK_KEY_PEM): it signs the
 * packs tests and checkout builds make. It is public by being here, which is why only an app running from
 * its sources trusts it. The release key's private half is never in the repository.
 */
export const DEV_PACK_PRIVATE_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEILH8eangy/puAlwvgqxYsTDtEKWaIy/JDifxo1Snh1ne
-----END PRIVATE KEY-----
`;
