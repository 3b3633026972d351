import type { Database, Statement } from 'better-sqlite3';
import type { Direction } from '../../../shared/enums';
import { flag, jsonList } from './columns';
import { toFtsQuery } from './fts-query';
import { type InvoiceSummary, SUMMARY_COLUMNS, type SummaryRecord, toSummary } from './invoice-rows';

export interface InvoiceQueryFilter {
  direction: Direction;
  statuses?: readonly string[];
  handled?: boolean;
  /** true: only invoices whose detect result is WARN; false: only the others. */
  detectWarning?: boolean;
  senderBid?: string;
  senderName?: string;
  /** Invoice date, inclusive, YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
  /** Received time in epoch ms: from inclusive, to exclusive. */
  receivedFrom?: number;
  receivedTo?: number;
  /** What the user typed; any text is fine (see toFtsQuery). */
  search?: string;
}

/** Where the previous page ended; opaque to callers beyond passing it back. */
export interface InvoiceCursor {
  sortMs: number;
  id: string;
}

export interface InvoiceSummaryPage {
  items: InvoiceSummary[];
  /** null when this was the last page. */
  next: InvoiceCursor | null;
}

type Params = Record<string, string | number | null>;

// Every filter is always bound (null = off), so one prepared statement serves every combination. The
// page cursor is always bound too (a sentinel above any row on the first page) so the keyset condition
// stays a range on the listing index instead of an OR the planner cannot use.
const WHERE = `i.account_id = @account AND i.direction = @direction
  AND (@statuses IS NULL OR i.status IN (SELECT value FROM json_each(@statuses)))
  AND (@handled IS NULL OR i.handled = @handled)
  AND (@detectWarning IS NULL OR (i.detect_status IS 'WARN') = @detectWarning)
  AND (@senderBid IS NULL OR i.sender_bid = @senderBid)
  AND (@senderName IS NULL OR i.sender_name = @senderName)
  AND (@dateFrom IS NULL OR i.date >= @dateFrom)
  AND (@dateTo IS NULL OR i.date <= @dateTo)
  AND (@receivedFrom IS NULL OR i.sort_ms >= @receivedFrom)
  AND (@receivedTo IS NULL OR i.sort_ms < @receivedTo)`;
const BEFORE = 'AND (i.sort_ms, i.id) < (@afterMs, @afterId)';
const ORDER = 'ORDER BY i.sort_ms DESC, i.id DESC';
const FIRST_PAGE: InvoiceCursor = { sortMs: Number.MAX_SAFE_INTEGER, id: '' };

/**
 * Search has two plans, chosen per query by how many rows the text matches (a probe that stops at
 * this many). Few matches: read them from the search index and sort just those. Many: walk the
 * listing index newest first and keep rows whose id is in the (materialized) match set, which stops
 * as soon as the page is full. Either plan alone is slow for the other case (measured at 100,000 rows).
 * The broad plan names its index: once ANALYZE statistics exist (PRAGMA optimize at close), SQLite
 * otherwise prefers to fetch every match and sort them all (measured: 178 ms instead of 22 ms for "I").
 */
const NARROW_MATCHES = 2000;
const FROM_MATCHES = 'FROM invoices_fts CROSS JOIN invoices i ON i.row_id = invoices_fts.rowid WHERE invoices_fts MATCH @match AND';
const FROM_LISTING_MATCHING = `FROM invoices i INDEXED BY invoices_listing WHERE i.row_id IN (SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match) AND`;
const FROM_LISTING = 'FROM invoices i WHERE';

function filterParams(accountId: string, f: InvoiceQueryFilter): Params {
  const opt = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return {
    account: accountId,
    direction: f.direction,
    statuses: f.statuses === undefined ? null : jsonList(f.statuses),
    handled: f.handled === undefined ? null : flag(f.handled),
    detectWarning: f.detectWarning === undefined ? null : flag(f.detectWarning),
    senderBid: opt(f.senderBid),
    senderName: opt(f.senderName),
    dateFrom: opt(f.dateFrom),
    dateTo: opt(f.dateTo),
    receivedFrom: opt(f.receivedFrom),
    receivedTo: opt(f.receivedTo),
  };
}

/** The listing, search and count of the mirror, for the UI. */
export function createInvoiceQueries(db: Database) {
  const probe = db.prepare<{ match: string; cap: number }, { n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM invoices_fts WHERE invoices_fts MATCH @match LIMIT @cap)',
  );
  const plans = [FROM_LISTING, FROM_MATCHES, FROM_LISTING_MATCHING] as const;
  type Plan = (typeof plans)[number];
  const page = new Map<Plan, Statement<[Params], SummaryRecord>>(
    plans.map((from) => [
      from,
      db.prepare<[Params], SummaryRecord>(`SELECT ${SUMMARY_COLUMNS} ${from} ${WHERE} ${BEFORE} ${ORDER} LIMIT @limit`),
    ]),
  );
  const count = new Map<Plan, Statement<[Params], { n: number }>>(
    plans.map((from) => [from, db.prepare<[Params], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 ${from} ${WHERE} LIMIT @max)`)]),
  );

  /** The plan for a filter and its parameters; text with nothing searchable filters nothing. */
  function plan(accountId: string, filter: InvoiceQueryFilter): [Plan, Params] {
    const params = filterParams(accountId, filter);
    const match = filter.search === undefined ? null : toFtsQuery(filter.search);
    if (match === null) return [FROM_LISTING, params];
    const narrow = probe.get({ match, cap: NARROW_MATCHES })!.n < NARROW_MATCHES;
    return [narrow ? FROM_MATCHES : FROM_LISTING_MATCHING, { ...params, match }];
  }

  return {
    /**
     * One page, newest received first. Keyset paging: rows arriving or changing between pages never
     * shift later pages, so nothing is skipped or shown twice.
     */
    list(accountId: string, filter: InvoiceQueryFilter, limit: number, after: InvoiceCursor = FIRST_PAGE): InvoiceSummaryPage {
      const [from, params] = plan(accountId, filter);
      const rows = page.get(from)!.all({ ...params, afterMs: after.sortMs, afterId: after.id, limit: limit + 1 });
      const items = rows.slice(0, limit).map(toSummary);
      const last = items[items.length - 1];
      return { items, next: rows.length > limit && last ? { sortMs: last.sortMs, id: last.id } : null };
    },
    /**
     * The count when it is cheap, else null: a search matching much of the mirror would have to
     * gather every match again just to count them, which doubles what the user waits for while typing.
     */
    countIfCheap(accountId: string, filter: InvoiceQueryFilter, max: number): number | null {
      const [from, params] = plan(accountId, filter);
      return from === FROM_LISTING_MATCHING ? null : count.get(from)!.get({ ...params, max })!.n;
    },
    /** How many rows the filter selects; with `max`, counting stops there (for "1,000+" in the UI). */
    count(accountId: string, filter: InvoiceQueryFilter, max?: number): number {
      const [from, params] = plan(accountId, filter);
      return count.get(from)!.get({ ...params, max: max ?? -1 })!.n;
    },
  };
}
