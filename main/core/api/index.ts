import { bankMessagesApi } from './bank-messages';
import { ServiceClient } from './client';
import { companyApi } from './company';
import { detectApi } from './detect';
import { documentsApi } from './documents';
import type { ServiceHosts } from './environments';
import { HeaderTransport } from './header-transport';
import { invoiceReportsApi } from './invoice-reports';
import { invoicesApi } from './invoices';
import { lookupsApi } from './lookups';
import { norwayApi } from './norway';
import { PARTNER_SCOPE, partnerApi, TAKEOVER_SCOPE, takeoverApi } from './partner';
import { receivablesApi } from './receivables';
import type { RetryOptions } from './retry';
import { SCAN_PARTNER_SCOPE, scanningApi, scanPartnerApi } from './scanning';
import { type Credentials, TokenManager } from './token-manager';
import { Transport, type TransportOptions } from './transport';
import { validatorApi } from './validator';

export { EnvironmentError, resolveHosts, type ServiceHosts } from './environments';
export { type FailureKind, isServiceError, ServiceError } from './errors';
export { APP_NAME, type AppIdentity, licenseData, packageVersion } from './license-data';
export type { Credentials } from './token-manager';

/** Scopes the app asks for: everything the sync engine and the UI use. The service may grant fewer. */
export const APP_SCOPE = 'eui global company fi_bank_message:send fi_bank_message:receive';

export interface ApiOptions {
  hosts: ServiceHosts;
  credentials: Credentials;
  now?: () => number;
  /** A clock that only moves forward, for carrying the service's time on (ServiceClient.serviceNow). */
  monotonic?: () => number;
  transport?: Transport;
  transportOptions?: TransportOptions;
  retry?: Partial<RetryOptions>;
  scope?: string;
  /** license_data of every token request (license-data.ts): who the app is and its version. */
  licenseData?: string;
  /** Sent with every request of this account (the embedded sandbox's per-start key); not with a given transport. */
  headers?: Readonly<Record<string, string>>;
}

/** One account's typed service API over one keep-alive pool. */
export function createApi(o: ApiOptions) {
  const now = o.now ?? Date.now;
  const ownTransport = !o.transport;
  const transport = o.transport ?? (o.headers ? new HeaderTransport(o.headers, o.transportOptions) : new Transport(o.transportOptions));
  const tokens = new TokenManager({
    transport,
    baseUrl: o.hosts.base_url,
    credentials: o.credentials,
    scope: o.scope ?? APP_SCOPE,
    licenseData: o.licenseData,
    now,
  });
  const client = new ServiceClient({ transport, hosts: o.hosts, tokens, now, monotonic: o.monotonic, retry: o.retry });
  // The validator host gets a token of its own, asked only when remote validation is used: a company
  // whose token cannot carry `validate` loses that check, never its sync.
  const validatorTokens = new TokenManager({
    transport,
    baseUrl: o.hosts.base_url,
    credentials: o.credentials,
    scope: 'validate',
    licenseData: o.licenseData,
    now,
  });
  const validatorClient = new ServiceClient({
    transport,
    hosts: o.hosts,
    tokens: validatorTokens,
    now,
    monotonic: o.monotonic,
    retry: o.retry,
  });
  // The partner's features get tokens of their own, asked only when used (the Partner page), so an
  // account whose key carries no partner scope loses that feature, never its sync or the other features.
  const scoped = (scope: string) =>
    new ServiceClient({
      transport,
      hosts: o.hosts,
      tokens: new TokenManager({
        transport,
        baseUrl: o.hosts.base_url,
        credentials: o.credentials,
        scope,
        licenseData: o.licenseData,
        now,
      }),
      now,
      monotonic: o.monotonic,
      retry: o.retry,
    });
  return {
    client,
    tokens,
    invoices: invoicesApi(client),
    invoiceReports: invoiceReportsApi(client),
    documents: documentsApi(client),
    bankMessages: bankMessagesApi(client),
    company: companyApi(client),
    detect: detectApi(client),
    norway: norwayApi(client),
    scanning: scanningApi(client),
    lookups: lookupsApi(client),
    receivables: receivablesApi(client),
    validator: validatorApi(validatorClient),
    partner: partnerApi(scoped(PARTNER_SCOPE)),
    takeovers: takeoverApi(scoped(TAKEOVER_SCOPE)),
    scanPartner: scanPartnerApi(scoped(SCAN_PARTNER_SCOPE)),
    close: () => (ownTransport ? transport.close() : Promise.resolve()),
  };
}

export type Api = ReturnType<typeof createApi>;
