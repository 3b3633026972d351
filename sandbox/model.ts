import type { AuthState, CompanyState } from '../shared/enums';

/** A company account of the sandbox: credentials, identity and the company-level settings. */
export interface CompanyRecord {
  id: string;
  name: string;
  country: string;
  business_id: string;
  vat: string | null;
  state: CompanyState;
  auth_state: AuthState;
  auth_email: string | null;
  api_key: string;
  /** The vendor (partner) key issued with this company; companies created with the same key share it. */
  vendor_api_key: string;
  /** Whether the company is linked to its vendor key (POST /v1/company/vendors). */
  vendor_linked: boolean;
  /** Scopes this company may be granted; requested scopes outside it are dropped. */
  allowed_scopes: string[];
  created_at: string;
  keep_active_at: string | null;
  user_id: string;
}

/** One entry per uploaded invoice or document, for the admin uploads ledger. */
export interface UploadRecord {
  id: string;
  company_id: string;
  kind: 'invoice' | 'document';
  remote_id: string | null;
  uuid: string | null;
  transmission_id: string | null;
  filename: string;
  sha256: string;
  attempts: number;
}

export const TABLES = {
  companies: 'companies',
  uploads: 'uploads',
  keys: 'keys',
} as const;
