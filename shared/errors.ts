// The service's error codes (spec: Errors) and the one error body shape every error answers.

/** Codes the spec's Errors table names. Many 400/409 answers carry no code at all. */
export const SPEC_ERROR_CODES = [
  'invalid_parameters',
  'Unauthorized',
  'forbidden',
  'not_found',
  'profile_deletion_not_allowed',
  'document_in_invalid_state',
  'profile_name_conflict',
  'profile_eia_conflict',
  'profile_eia_bid_conflict',
  'profile_not_supported',
  'document_duplicate_transmission_id',
] as const;

/** Codes the sandbox adds where the spec is silent (sandbox/README.md). */
export const EXTRA_ERROR_CODES = [
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'too_many_requests',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof SPEC_ERROR_CODES)[number] | (typeof EXTRA_ERROR_CODES)[number];

/**
 * 401 and 403 answers say why in `details[0]`, and the WWW-Authenticate header says the same in
 * RFC 6750 terms, so a client can tell an expired token (renew and retry) from a company that is not
 * verified or a token without the scope (a new token does not help).
 */
export const AUTH_REASONS = ['token_missing', 'token_invalid', 'token_expired', 'company_unverified', 'insufficient_scope'] as const;
export type AuthReason = (typeof AUTH_REASONS)[number];

/**
 * Every failure the app tells about is one of three kinds (house.md #5): `retry` (the network, a
 * timeout, 429, 5xx, a garbled answer: try again later), `skip` (this item is wrong: retrying the same
 * cannot help), `user` (only the user can fix it: credentials, an unverified company, a missing scope).
 */
export const FAILURE_KINDS = ['retry', 'skip', 'user'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Every error body: `{code?, message?, details?}` (unshown-parts.md). */
export interface ErrorBody {
  code?: string;
  message?: string;
  details?: string[];
}
