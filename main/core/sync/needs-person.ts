import type { AccountHealth } from '../../../shared/account-health';
import { NEED_KINDS, type NeedKind, type NeedsPersonCompany, type NeedsPersonView } from '../../../shared/bridge/needs-person';
import type { Account } from '../store/accounts';
import type { StoreReader } from '../store/reader';
import { countUnhandledDetectWarnings } from './detect-work';

export interface NeedsPersonInput {
  store: StoreReader;
  accounts: readonly Account[];
  now: number;
  /** Each account's health (engine.health()): what keeps it from being up to date. */
  health: ReadonlyMap<string, AccountHealth>;
}

/** Account id -> how many of one kind need a person; accounts with none may be left out. */
export type NeedCounter = (input: NeedsPersonInput) => ReadonlyMap<string, number>;

const DAY_MS = 24 * 3600 * 1000;
/** Refused uploads stay in Failed/ for good; the Overview asks about the recent ones. */
export const FAILED_WINDOW_MS = 30 * DAY_MS;
/**
 * The service may let a company go after a year without invoices or documents unless it is marked
 * active; a month's warning leaves time to do that (Company, Vendor link and departments).
 */
export const QUIET_AFTER_MS = 335 * DAY_MS;

/**
 * Where each kind is counted. A kind another part of the engine owns plugs its counter in here; a
 * null would be a kind this version cannot count, told to the user as such rather than as zero.
 */
export const NEED_COUNTERS: Record<NeedKind, NeedCounter | null> = {
  // Everything that keeps a company from being up to date and is a person's to look at (shared/account-health.ts).
  syncStopped: ({ accounts, health }) =>
    new Map(
      accounts.flatMap((a) => {
        const n = health.get(a.id)?.problems.filter((p) => p.forPerson).length ?? 0;
        return n > 0 ? [[a.id, n] as const] : [];
      }),
    ),
  heldUploads: ({ store }) => store.attention.heldUploads(),
  failedUploads: ({ store, now }) => store.attention.failedUploads(now - FAILED_WINDOW_MS),
  reroutes: ({ store, accounts }) => store.attention.failedDeliveries(accounts.map((a) => a.id)),
  detectWarnings: ({ store }) => countUnhandledDetectWarnings(store),
  // Collection agencies' events on sent invoices the user has not marked seen (store/collection.ts).
  collectionEvents: ({ store }) => store.collection.unseenCounts(),
  // Sent invoices whose latest Invoice Response rejects or queries them (store/invoice-answers.ts).
  invoiceAnswers: ({ store }) => store.invoiceAnswers.openCounts(),
  quietCompany: ({ store, accounts, now }) =>
    new Map(
      accounts.filter((a) => (store.attention.lastTraffic(a.id) ?? a.createdAt) < now - QUIET_AFTER_MS).map((a) => [a.id, 1] as const),
    ),
};

/** Every account's count of each kind, the companies with something to do first and most. */
export function needsPerson(input: NeedsPersonInput, counters: Record<NeedKind, NeedCounter | null> = NEED_COUNTERS): NeedsPersonView {
  const available = NEED_KINDS.filter((k) => counters[k] !== null);
  const byKind = new Map(available.map((k) => [k, (counters[k] as NeedCounter)(input)] as const));
  const totals = Object.fromEntries(NEED_KINDS.map((k) => [k, 0])) as Record<NeedKind, number>;
  const companies: NeedsPersonCompany[] = [];
  for (const a of input.accounts) {
    const counts: Partial<Record<NeedKind, number>> = {};
    let total = 0;
    for (const [kind, counted] of byKind) {
      const n = counted.get(a.id) ?? 0;
      if (n <= 0) continue;
      counts[kind] = n;
      totals[kind] += n;
      total += n;
    }
    if (total === 0) continue;
    const last = counts.quietCompany ? input.store.attention.lastTraffic(a.id) : null;
    companies.push({
      accountId: a.id,
      name: a.name,
      companyId: a.companyId,
      counts,
      total,
      health: counts.syncStopped ? (input.health.get(a.id)?.problems.filter((p) => p.forPerson) ?? []) : [],
      lastTrafficAt: last === null ? null : new Date(last).toISOString(),
    });
  }
  // A company not up to date first (nothing else moves until it is fixed), then by how much there is to do.
  companies.sort((x, y) => (y.counts.syncStopped ?? 0) - (x.counts.syncStopped ?? 0) || y.total - x.total || x.name.localeCompare(y.name));
  return {
    companies,
    totals,
    available,
    accounts: input.accounts.length,
    failedSince: new Date(input.now - FAILED_WINDOW_MS).toISOString(),
  };
}
