import type { AccountStatusView, ListSort, SyncState } from '../../../shared/bridge';
import type { NeedsPersonView } from '../../../shared/bridge/needs-person';
import { type AccountHealth, accountHealth, STATE_RANK } from './account-health';

/** One company of the Overview's table. */
export interface AccountRow {
  id: string;
  name: string;
  companyId: string;
  health: AccountHealth;
  queued: number;
  failed: number;
  reroutes: number;
  /** Received invoices with a Detect warning not yet handled; null until counted (or not counted here). */
  warnings: number | null;
  /** Something waits for a person: a state other than up to date or syncing, or a count that is not zero. */
  attention: boolean;
}

export const ACCOUNT_SORT_KEYS = ['name', 'state', 'lastSuccess', 'queued', 'failed', 'reroutes', 'warnings'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];
export type AccountSort = ListSort<AccountSortKey>;

/** The table's filter: words of the name or company id, and which states (or all that need a person). */
export interface AccountFilter {
  query: string;
  state: 'all' | 'attention' | SyncState;
}

export const NO_FILTER: AccountFilter = { query: '', state: 'all' };

/** Each account's row: its status, and its unhandled warnings from the "Needs a person" counts. */
export function accountRows(statuses: readonly AccountStatusView[], needs: NeedsPersonView | null): AccountRow[] {
  const counted = needs?.available.includes('detectWarnings') === true;
  const warned = new Map(needs?.companies.map((c) => [c.accountId, c.counts.detectWarnings ?? 0]) ?? []);
  return statuses.map((s) => {
    const health = accountHealth(s);
    const warnings = counted ? (warned.get(s.account.id) ?? 0) : null;
    const busy = health.state === 'idle' || health.state === 'syncing';
    return {
      id: s.account.id,
      name: s.account.name,
      companyId: s.account.companyId,
      health,
      queued: s.queued,
      failed: s.failed,
      reroutes: s.needsReroute,
      warnings,
      attention: !busy || s.failed > 0 || s.needsReroute > 0 || (warnings ?? 0) > 0,
    };
  });
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** A piece of a company UUID, as pasted: hex digits and dashes, long enough not to be a word of a name. */
const UUID_PART = /^[0-9a-f-]{6,36}$/;

/**
 * The rows the filter keeps: in the state asked, and with every word of the query starting a word of
 * the name (in any order, accents and case aside: "as 4" finds "Asiakas 4 Oy" and "Asiakas 40 Oy",
 * not "Asiakas 14 Oy"), or the query itself in the company UUID.
 */
export function filterRows(rows: readonly AccountRow[], f: AccountFilter): AccountRow[] {
  const query = fold(f.query.trim());
  const words = query.split(/\s+/).filter(Boolean);
  const idPart = UUID_PART.test(query) ? query : null;
  return rows.filter((r) => {
    if (f.state === 'attention' ? !r.attention : f.state !== 'all' && r.health.state !== f.state) return false;
    if (words.length === 0) return true;
    if (idPart && r.companyId.toLowerCase().includes(idPart)) return true;
    const parts = fold(r.name).split(/[^\p{L}\p{N}]+/u);
    return words.every((w) => parts.some((p) => p.startsWith(w)));
  });
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: AccountRow, b: AccountRow) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
/** An account never polled sorts as the oldest. */
const time = (iso: string | null) => (iso ? Date.parse(iso) : Number.NEGATIVE_INFINITY);

const VALUE: Record<Exclude<AccountSortKey, 'name'>, (r: AccountRow) => number> = {
  state: (r) => STATE_RANK[r.health.state],
  lastSuccess: (r) => time(r.health.lastSuccess),
  queued: (r) => r.queued,
  failed: (r) => r.failed,
  reroutes: (r) => r.reroutes,
  warnings: (r) => r.warnings ?? -1,
};

/** The rows in the order asked (ties by name), or by name when none is. */
export function sortRows(rows: readonly AccountRow[], sort: AccountSort | undefined): AccountRow[] {
  const dir = sort?.dir === 'desc' ? -1 : 1;
  const key = sort?.by ?? 'name';
  if (key === 'name') return [...rows].sort((a, b) => dir * byName(a, b));
  const value = VALUE[key];
  return [...rows].sort((a, b) => dir * (value(a) - value(b)) || byName(a, b));
}
