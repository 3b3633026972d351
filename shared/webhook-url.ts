// A webhook address may carry basic-auth credentials or a secret query parameter (spec: Notification
// subscription). Wherever an address is shown or written down, it goes through maskWebhookUrl first.

export const MASK = '•••';

/**
 * The address with its secrets replaced: the password of the user part (the user name kept, so the
 * reader can tell which login it is), and the value of every query parameter (any of them may be the
 * secret). An address that does not parse is masked after its host.
 */
export function maskWebhookUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    const m = /^([a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)/i.exec(url);
    const host = (m?.[2] ?? '').replace(/^.*@/, `${MASK}@`);
    return `${m?.[1] ?? ''}${host}${url.length > (m?.[0].length ?? 0) ? `/${MASK}` : ''}`;
  }
  const user = u.username ? `${u.username}${u.password ? `:${MASK}` : ''}@` : u.password ? `:${MASK}@` : '';
  const query = [...u.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=${MASK}`).join('&');
  return `${u.protocol}//${user}${u.host}${u.pathname}${query ? `?${query}` : ''}${u.hash ? `#${MASK}` : ''}`;
}

/** Whether the address carries anything maskWebhookUrl hides. */
export function hasWebhookSecret(url: string): boolean {
  return maskWebhookUrl(url) !== url;
}

/**
 * The event names a subscription may ask for, grouped as the spec's Events section lists them; `*`
 * stands for one part, a trailing `*` for everything after it.
 */
export const WEBHOOK_EVENT_GROUPS = {
  all: ['*'],
  documents: [
    'DOCUMENTS.*.*',
    'DOCUMENTS.INVOICE.*',
    'DOCUMENTS.INVOICE.RECEIVED',
    'DOCUMENTS.INVOICE.DELIVERED',
    'DOCUMENTS.INVOICE.DELIVERY_CONFIRMED',
    'DOCUMENTS.INVOICE.FAILED',
    'DOCUMENTS.*.FAILED',
  ],
  networks: ['NETWORKS.*', 'NETWORKS.*.CREATED', 'NETWORKS.*.ENABLED', 'NETWORKS.*.DISABLED'],
  companies: ['COMPANIES.*', 'COMPANIES.AUTHORIZATION.VERIFIED', 'COMPANIES.AUTHORIZATION.UNVERIFIED', 'COMPANIES.AUTHORIZATION.UNKNOWN'],
  webhooks: ['UNACKNOWLEDGED_WEBHOOKS'],
} as const;
