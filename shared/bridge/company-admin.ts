// Views of the company's users, webhooks, vendor link and departments as the bridge answers them.

/** A notification subscription with its address masked (shared/webhook-url.ts). */
export interface WebhookView {
  id: string;
  destinationType: 'WEBHOOK' | 'VENDOR_WEBHOOK';
  /** Masked: the password of the user part and every query value replaced. */
  destination: string;
  /** Whether the address carries credentials or a query secret (masked above). */
  hasSecret: boolean;
  /** Masked as the service shows a vendor key: its first three and last four characters. */
  vendorKey: string | null;
  events: string[];
  createdAt: string | null;
}

export interface CompanyAccountView {
  vendor: { linked: boolean; vendor: string | null };
  /** Whether this account was set up with a vendor API key (linking needs a token issued with it). */
  hasVendorKey: boolean;
  /** The newest invoice or document this app has seen of the company, either direction; null when none. */
  lastTrafficAt: string | null;
  /** No traffic seen in the past year (or none at all): "keep the company active" is offered. */
  quiet: boolean;
}

export interface DepartmentView {
  id: string;
  name: string;
  bid: string;
  idType: string;
  eaid: string;
  noVat: boolean;
  createdAt: string | null;
}
