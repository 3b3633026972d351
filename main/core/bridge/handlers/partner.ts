import {
  PARTNER_MAX_ROWS,
  type PartnerCompanyRef,
  type PartnerErrorView,
  type PartnerInboundView,
  type PartnerListView,
} from '../../../../shared/bridge/partner';
import type { PartnerInbound, PartnerOutboundError } from '../../../../shared/schemas/partner';
import type { PageInfo } from '../../api/paging';
import type { Account } from '../../store/accounts';
import { needsPerson } from '../../sync/needs-person';
import { pageGuard } from '../../sync/page-guard';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf, apiOf } from './common';

type Names = 'partner.accounts' | 'partner.inbound' | 'partner.outboundErrors' | 'partner.lookup' | 'overview.needsPerson';

const PER_PAGE = 100;

/** Which account of this app syncs a company of the partner's environment (a sandbox id is no production company). */
function syncedByOf(d: BridgeDeps, partner: Account): (companyId: string) => PartnerCompanyRef['syncedBy'] {
  const byCompany = new Map<string, { accountId: string; name: string }>();
  for (const a of d.engine.store.accounts.list()) {
    if (a.environment !== partner.environment || a.baseUrl !== partner.baseUrl || byCompany.has(a.companyId)) continue;
    byCompany.set(a.companyId, { accountId: a.id, name: a.name });
  }
  return (companyId) => byCompany.get(companyId) ?? null;
}

const ref = (
  row: { company_id: string; company_name?: string | null; company_bid?: string | null },
  synced: ReturnType<typeof syncedByOf>,
) => ({
  companyId: row.company_id,
  companyName: row.company_name ?? null,
  companyBid: row.company_bid ?? null,
  syncedBy: synced(row.company_id),
});

/**
 * Reads pages of 100 until the service has no more or the app has read its most. `keep` drops rows
 * outside the window; `pastWindow` says a row is older than it, which ends the walk once the answer
 * has come newest first so far (the order is the service's, so it is checked, not assumed). The page
 * guard ends a list that repeats itself or runs past its totals (a row has no id: the whole row is its key).
 */
async function walk<T extends { happened_at?: string | null }>(
  feed: string,
  now: () => number,
  fetchPage: (page: number) => Promise<{ items: T[]; page: PageInfo }>,
  keep: (row: T) => boolean,
  pastWindow: (row: T) => boolean,
): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  const guard = pageGuard({ feed, perPage: PER_PAGE, now, endsWithoutNextPage: true });
  let newestFirst = true;
  let previous = Number.POSITIVE_INFINITY;
  for (let page = 1; ; page++) {
    if (page > 1) await guard.pace();
    const answer = await fetchPage(page);
    for (const row of answer.items) {
      const at = Date.parse(row.happened_at ?? '');
      if (Number.isFinite(at)) {
        if (at > previous) newestFirst = false;
        previous = at;
      }
      if (keep(row)) rows.push(row);
      if (rows.length >= PARTNER_MAX_ROWS) return { rows, truncated: true };
    }
    const last = answer.items.at(-1);
    if (
      !guard.more(
        answer.items.map((r) => JSON.stringify(r)),
        answer.page,
      )
    )
      return { rows, truncated: false };
    if (newestFirst && last && pastWindow(last)) return { rows, truncated: false };
  }
}

/** The accountant's cockpit: the linked companies of an account's vendor key, and what needs a person. */
export function partnerHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const partnerOf = async (accountId: string) => {
    const account = accountOf(d, accountId);
    if ((await d.engine.vendorKeys.get(accountId)) === null) {
      throw invalid('This account has no vendor API key', { accountId: 'add the vendor API key on the Company page first' });
    }
    return { account, api: (await apiOf(d, accountId)).partner };
  };
  const inWindow = (after: string, before: string | undefined) => {
    const from = Date.parse(after);
    const to = before ? Date.parse(before) : Number.POSITIVE_INFINITY;
    return (row: { happened_at?: string | null }) => {
      const at = Date.parse(row.happened_at ?? '');
      return Number.isFinite(at) && at >= from && at < to;
    };
  };
  const olderThan = (after: string) => (row: { happened_at?: string | null }) => Date.parse(row.happened_at ?? '') < Date.parse(after);

  return {
    'partner.accounts': async () => {
      const accounts = d.engine.listAccounts();
      const has = await Promise.all(accounts.map((a) => d.engine.vendorKeys.has(a.id)));
      return accounts.filter((_, i) => has[i]).map((a) => ({ accountId: a.id, name: a.name, companyId: a.companyId }));
    },

    'partner.inbound': async ({ accountId, after, before, state }) => {
      const { account, api } = await partnerOf(accountId);
      const synced = syncedByOf(d, account);
      const { rows, truncated } = await walk<PartnerInbound>(
        "the partner's received invoices list",
        d.now,
        (page) => api.inbound({ ...(state === 'all' ? {} : { state }), page, per_page: PER_PAGE }),
        inWindow(after, before),
        olderThan(after),
      );
      const items: PartnerInboundView[] = rows.map((r) => ({
        ...ref(r, synced),
        invoiceId: r.invoice_id,
        state: r.state ?? null,
        number: r.number ?? null,
        senderName: r.sender_name ?? null,
        happenedAt: r.happened_at ?? null,
      }));
      return { items, truncated } satisfies PartnerListView<PartnerInboundView>;
    },

    'partner.outboundErrors': async ({ accountId, after, before }) => {
      const { account, api } = await partnerOf(accountId);
      const synced = syncedByOf(d, account);
      const { rows, truncated } = await walk<PartnerOutboundError>(
        "the partner's sending errors list",
        d.now,
        (page) =>
          api.outboundErrors({
            happened_after: after,
            ...(before ? { happened_before: before } : {}),
            page,
            per_page: PER_PAGE,
          }),
        // The service filters the window itself; the check stays for a service that answers wider.
        inWindow(after, before),
        olderThan(after),
      );
      const items: PartnerErrorView[] = rows.map((r) => ({
        ...ref(r, synced),
        invoiceId: r.invoice_id,
        number: r.number ?? null,
        recipientName: r.recipient_name ?? null,
        status: r.status ?? null,
        error: r.error ?? null,
        channel: r.channel ?? null,
        happenedAt: r.happened_at ?? null,
      }));
      return { items, truncated } satisfies PartnerListView<PartnerErrorView>;
    },

    'partner.lookup': async ({ accountId, businessIds, country }) => {
      const { account, api } = await partnerOf(accountId);
      const synced = syncedByOf(d, account);
      const found = await api.companies({ bids: [...new Set(businessIds)], country });
      return found.map((c) => ({
        companyId: c.company_id,
        companyName: c.name ?? null,
        companyBid: c.bid,
        country: c.country ?? null,
        syncedBy: synced(c.company_id),
      }));
    },

    'overview.needsPerson': async () =>
      needsPerson({ store: d.engine.store, accounts: d.engine.listAccounts(), now: d.now(), health: d.engine.health() }),
  };
}
