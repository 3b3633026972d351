export type { SecretStoreInfo, SecretStoreKind } from '../../../shared/bridge/views';
export { EncryptedSecretFile, type PassphraseSource, SecretsFileError, SecretsPassphraseError } from './encrypted-file';
export { type KeychainBackend, KeychainSecrets, openKeychain, probeKeychain } from './keychain';
export {
  type OpenedSecretStore,
  type OpenSecretStoreOptions,
  openSecretStore,
  type PassphrasePrompt,
  SecretStoreUnavailableError,
} from './open';
export { type AccountSecret, infoOf, MEMORY_STORE_INFO, MemorySecrets, type SecretStore } from './store';
