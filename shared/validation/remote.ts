/**
 * Whether an account also asks the service's validator host (POST {validator_url}/v1/validate) before
 * a hot-folder file is sent: `off` (the default: nothing leaves before the file itself); `uncovered`:
 * only for what the local rules cannot judge in full (Finvoice, whose business rules have no official
 * machine-readable form, and documents the local check does not know); `always`: every file, besides
 * the local check.
 */
export const REMOTE_VALIDATION_MODES = ['off', 'uncovered', 'always'] as const;
export type RemoteValidationMode = (typeof REMOTE_VALIDATION_MODES)[number];
