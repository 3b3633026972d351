import type { Database, Statement } from 'better-sqlite3';
import { amountReadings, wordsAndAmount } from '../../../shared/amount';
import type { InvoiceSortKey, ListSort } from '../../../shared/bridge/commands';
import type { Direction } from '../../../shared/enums';
import { flag, jsonList } from './columns';
import { toFtsQuery } from './fts-query';
import { type InvoiceSummary, idOfRaw, SUMMARY_COLUMNS, SUMMARY_WIDTH, summaryOfRaw } from './invoice-rows';
import { createInvoiceWalk } from './invoice-walk';

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
  /** The sum, inclusive, in 1/10000 units (the `amount_e4` column, migration 25). */
  sumFromE4?: number;
  sumToE4?: number;
  /** Due date, inclusive, YYYY-MM-DD. */
  dueFrom?: string;
  dueTo?: string;
  /** What the user typed; any text is fine (see toFtsQuery). Text that reads as an amount also finds invoices of that sum. */
  search?: string;
  /** Any of these sums, in 1/10000 units: the amount of a search that mixed it with words (see mixedSearch). */
  sumsE4?: number[];
  /** Newest received first when left out. */
  sort?: InvoiceSort;
}

/** How a list is ordered: a column and a direction; ties go by id in the same direction. */
export type InvoiceSort = ListSort<InvoiceSortKey>;
export const DEFAULT_INVOICE_SORT: InvoiceSort = { by: 'received', dir: 'desc' };

/** Where the previous page ended: the sort column's value of its last row and that row's id. */
export interface InvoiceCursor {
  key: number | string;
  id: string;
}

export interface InvoiceSummaryPage {
  items: InvoiceSummary[];
  /** null when this was the last page. */
  next: InvoiceCursor | null;
}

export interface CurrencyTotal {
  /** null for invoices without a currency. */
  currency: string | null;
  sum: number;
  count: number;
}

type Params = Record<string, string | number | null>;

// Every filter is always bound (null = off), so one prepared statement per plan and order serves every
// combination of filters.
const WHERE = `i.account_id = @account AND i.direction = @direction
  AND (@statuses IS NULL OR i.status IN (SELECT value FROM json_each(@statuses)))
  AND (@handled IS NULL OR i.handled = @handled)
  AND (@detectWarning IS NULL OR (i.detect_status IS 'WARN') = @detectWarning)
  AND (@senderBid IS NULL OR i.sender_bid = @senderBid)
  AND (@senderName IS NULL OR i.sender_name = @senderName)
  AND (@dateFrom IS NULL OR i.date >= @dateFrom)
  AND (@dateTo IS NULL OR i.date <= @dateTo)
  AND (@receivedFrom IS NULL OR i.sort_ms >= @receivedFrom)
  AND (@receivedTo IS NULL OR i.sort_ms < @receivedTo)
  AND (@sumFrom IS NULL OR i.amount_e4 >= @sumFrom)
  AND (@sumTo IS NULL OR i.amount_e4 <= @sumTo)
  AND (@dueFrom IS NULL OR coalesce(i.date_due, '') >= @dueFrom)
  AND (@dueTo IS NULL OR coalesce(i.date_due, '') <= @dueTo)
  AND (@sums IS NULL OR i.amount_e4 IN (SELECT value FROM json_each(@sums)))`;

/**
 * "Acme 1 656,25": the words are searched and the amount is a filter on the sum beside them, so the
 * invoices of Acme of that total are found (searched as one text, the amount's digits matched no word).
 */
export function mixedSearch(f: InvoiceQueryFilter): InvoiceQueryFilter {
  const mixed = f.search === undefined ? null : wordsAndAmount(f.search);
  if (!mixed) return f;
  const sums = f.sumsE4 ? mixed.amounts.filter((a) => f.sumsE4?.includes(a)) : mixed.amounts;
  return { ...f, search: mixed.words, sumsE4: sums };
}

/**
 * What each order sorts by: an expression that is never null (an empty value sorts as the smallest, as
 * SQLite sorts NULL), and the index that walks it (migration 8). Names sort without regard to ASCII
 * case. The keyset condition is spelled `key <= @k AND (key < @k OR id < @id)` rather than as a row
 * value, so that SQLite seeks the index to the cursor: with a row value it walks an expression index
 * from the start, and a page deep in a long list took 120 ms instead of 0.2 ms (measured at 100,000
 * rows). Without its index an order sorted the whole list for every page: 50 to 240 ms a page.
 */
export interface SortColumn {
  expr: string;
  index: string | null;
}
export function sortColumn(by: InvoiceSortKey, direction: Direction): SortColumn {
  switch (by) {
    case 'received':
      return { expr: 'i.sort_ms', index: 'invoices_listing' };
    case 'party':
      return direction === 'SENT'
        ? { expr: "coalesce(i.recipient_name, '') COLLATE NOCASE", index: 'invoices_by_recipient' }
        : { expr: "coalesce(i.sender_name, '') COLLATE NOCASE", index: 'invoices_by_sender' };
    case 'number':
      return { expr: "coalesce(i.number, '') COLLATE NOCASE", index: 'invoices_by_number' };
    case 'date':
      return { expr: "coalesce(i.date, '')", index: 'invoices_by_date' };
    case 'due':
      return { expr: "coalesce(i.date_due, '')", index: 'invoices_by_due' };
    case 'status':
      return { expr: "coalesce(i.status, '')", index: 'invoices_by_status' };
    case 'sum':
      return { expr: 'coalesce(i.sum, -1e308)', index: 'invoices_by_sum' };
  }
}

/**
 * Search has two plans, chosen per query by how many rows the text matches (a probe that stops at
 * this many). Few matches: read them from the search index and sort just those. Many: walk the
 * order's index and keep rows whose id is in the (materialized) match set, which stops as soon as the
 * page is full. Either plan alone is slow for the other case (measured at 100,000 rows). The broad
 * plan names its index: once ANALYZE statistics exist (PRAGMA optimize at close), SQLite otherwise
 * prefers to fetch every match and sort them all (measured: 178 ms instead of 22 ms for "I").
 * Both gather every match before the page, which at 1,000,000 rows took 117 ms a keystroke (p95), so
 * a search in received order (the list's default) walks the search index instead (invoice-walk.ts)
 * and comes here only when the walk gives up; the probe still tells whether counting is cheap.
 */
const NARROW_MATCHES = 2000;
type Plan = 'listing' | 'matches' | 'broad' | 'sender' | 'sums' | 'due';

/**
 * A list of one sender's invoices ("All from this sender") reads that sender's rows through the sender
 * index and sorts just those, when they are this few (a probe that stops here). Walking the listing
 * instead looked up every row of the mirror for a rare sender: 0.7 s a page at 1,000,000 invoices. A
 * sender with more rows than this fills a page soon enough on the walk.
 */
const FEW_FROM_SENDER = 5_000;
// The filter's exact name, narrowed first to the index's case-insensitive range.
const FROM_SENDER = "FROM invoices i INDEXED BY invoices_by_sender WHERE coalesce(i.sender_name, '') = @senderName COLLATE NOCASE AND";
const MATCHING = 'i.row_id IN (SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match)';
/**
 * Text that reads as an amount ("1 656,25", or "1.656" read both ways: shared/amount.ts) matches the
 * words and, besides, the invoices of each sum it can mean, read from the amount index (migration 25).
 */
const MATCHING_OR_SUM = `i.row_id IN (SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match
  UNION SELECT a.row_id FROM invoices a INDEXED BY invoices_by_amount
    WHERE a.account_id = @account AND a.direction = @direction AND a.amount_e4 IN (SELECT value FROM json_each(@amounts)))`;

/**
 * A sum or due-date range that few rows fall in is read from its own index and sorted, as a rare
 * sender is; walking the listing for it read the table row by row (the range's columns are not in the
 * listing's index), which a count of a narrow range did for the whole mirror.
 */
const FEW_IN_RANGE = 5_000;
// Bounds, not "@x IS NULL OR": SQLite seeks an index only to a plain comparison (the other form read
// the whole index: 23 ms for one sum at 100,000 invoices). A due date is YYYY-MM-DD, below '~'.
const FROM_SUMS =
  'FROM invoices i INDEXED BY invoices_by_amount WHERE i.amount_e4 >= coalesce(@sumFrom, -9e18) AND i.amount_e4 <= coalesce(@sumTo, 9e18) AND';
const FROM_DUE =
  "FROM invoices i INDEXED BY invoices_by_due WHERE coalesce(i.date_due, '') >= coalesce(@dueFrom, '') AND coalesce(i.date_due, '') <= coalesce(@dueTo, '~') AND";

function fromOf(plan: Plan, index: string | null, bySum = false): string {
  if (plan === 'listing') return 'FROM invoices i WHERE';
  if (plan === 'sender') return FROM_SENDER;
  if (plan === 'sums') return FROM_SUMS;
  if (plan === 'due') return FROM_DUE;
  if (plan === 'matches' && !bySum)
    return 'FROM invoices_fts CROSS JOIN invoices i ON i.row_id = invoices_fts.rowid WHERE invoices_fts MATCH @match AND';
  if (plan === 'matches') return `FROM invoices i WHERE ${MATCHING_OR_SUM} AND`;
  return `FROM invoices i${index ? ` INDEXED BY ${index}` : ''} WHERE ${bySum ? MATCHING_OR_SUM : MATCHING} AND`;
}

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
    sumFrom: opt(f.sumFromE4),
    sumTo: opt(f.sumToE4),
    dueFrom: opt(f.dueFrom),
    dueTo: opt(f.dueTo),
    sums: f.sumsE4 === undefined ? null : JSON.stringify(f.sumsE4),
  };
}

/** The sums the search text can mean, as JSON for @amounts, or null when it reads as none. */
function amountsOf(search: string | undefined): string | null {
  const readings = search === undefined ? [] : amountReadings(search);
  return readings.length ? JSON.stringify(readings) : null;
}

const tallyParams = (accountId: string, f: InvoiceQueryFilter): Params => ({
  account: accountId,
  direction: f.direction,
  statuses: f.statuses === undefined ? null : jsonList(f.statuses),
});

const TOTALS = 'i.currency AS currency, total(i.sum) AS sum, count(*) AS count';
const BY_CURRENCY = 'GROUP BY i.currency ORDER BY i.currency';

/** A raw summary row (invoice-rows.ts) with its sort key after the columns (and, from the walk, its row id). */
type KeyedRow = unknown[];
const keyOf = (r: KeyedRow) => r[SUMMARY_WIDTH] as number | string;
type WalkedKey = { row_id: number; sort_key: number; id: string };

/** The range whose own index can narrow a listing with no search: the sum's first, as it is the rarer. */
function rangeOf(f: InvoiceQueryFilter): 'sums' | 'due' | null {
  if (f.sumFromE4 !== undefined || f.sumToE4 !== undefined) return 'sums';
  if (f.dueFrom !== undefined || f.dueTo !== undefined) return 'due';
  return null;
}

/** Filters the tallies of migration 13 answer: the direction and statuses, nothing else. */
function tallied(f: InvoiceQueryFilter): boolean {
  const others = [
    f.search,
    f.handled,
    f.detectWarning,
    f.senderBid,
    f.senderName,
    f.dateFrom,
    f.dateTo,
    f.receivedFrom,
    f.receivedTo,
    f.sumFromE4,
    f.sumToE4,
    f.dueFrom,
    f.dueTo,
    f.sumsE4,
  ];
  return others.every((v) => v === undefined);
}

export interface InvoiceQueryOptions {
  /**
   * An SQL condition added to every summed search's rows, checked as it reads them: one that raises an
   * error stops the query there (the totals worker's "still wanted?" check, totals-worker.ts).
   */
  totalsGuard?: string;
}

/** The listing, search, order, totals and count of the mirror, for the UI. */
export function createInvoiceQueries(db: Database, options: InvoiceQueryOptions = {}) {
  const guard = options.totalsGuard ? ` AND (${options.totalsGuard})` : '';
  const probe = db.prepare<{ match: string; cap: number }, { n: number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM invoices_fts WHERE invoices_fts MATCH @match LIMIT @cap)',
  );
  // An order's index is named only where it exists (the sort indexes come with migration 8).
  const indexes = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoices'")
      .all()
      .map((r) => r.name),
  );
  // A status filter is a list, bound as JSON like the listing's; no status and no currency are '' there.
  const TALLY_WHERE = `account_id = @account AND direction = @direction
    AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))`;
  const tallyCount = db.prepare<Params, { n: number }>(`SELECT ifnull(sum(n), 0) AS n FROM invoice_tallies WHERE ${TALLY_WHERE}`);
  const tallyTotals = db.prepare<Params, CurrencyTotal>(
    `SELECT iif(no_currency, NULL, currency) AS currency, sum(sum_e4) / 10000.0 AS sum, sum(n) AS count
     FROM invoice_tallies WHERE ${TALLY_WHERE} GROUP BY currency, no_currency HAVING sum(n) > 0 ORDER BY no_currency DESC, currency`,
  );
  const senderProbe = indexes.has('invoices_by_sender')
    ? db.prepare<{ account: string; direction: string; senderName: string; cap: number }, { n: number }>(
        `SELECT count(*) AS n FROM (SELECT 1 ${FROM_SENDER} i.account_id = @account AND i.direction = @direction LIMIT @cap)`,
      )
    : null;
  // How many rows a range holds, up to a cap, from its index alone.
  const rangeProbes = {
    sums: db.prepare<Params, { n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 ${FROM_SUMS} i.account_id = @account AND i.direction = @direction LIMIT @cap)`,
    ),
    due: db.prepare<Params, { n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 ${FROM_DUE} i.account_id = @account AND i.direction = @direction LIMIT @cap)`,
    ),
  };
  const rowIdEnd = db.prepare<[], { end: number }>('SELECT ifnull(max(row_id), 0) + 1 AS end FROM invoices');
  // One statement per SQL text and mode. Summary rows are read raw (summaryOfRaw), and a statement made
  // raw stays raw, so the mode is part of the key.
  const statements = new Map<string, Statement<[Params], unknown>>();
  const statementFor = (sql: string, raw: boolean): Statement<[Params], unknown> => {
    const key = raw ? `raw\u0000${sql}` : sql;
    let st = statements.get(key);
    if (!st) {
      st = db.prepare<[Params], unknown>(sql);
      if (raw) st.raw();
      statements.set(key, st);
    }
    return st;
  };
  const prepared = <R>(sql: string) => statementFor(sql, false) as Statement<[Params], R>;
  const preparedRaw = (sql: string) => statementFor(sql, true) as Statement<[Params], KeyedRow>;

  /** The plan for a filter and its parameters; text with nothing searchable filters nothing. */
  function plan(accountId: string, filter: InvoiceQueryFilter): [Plan, Params] {
    const params = filterParams(accountId, filter);
    const match = filter.search === undefined ? null : toFtsQuery(filter.search);
    if (match === null) {
      const range = rangeOf(filter);
      if (range && rangeProbes[range].get({ ...params, cap: FEW_IN_RANGE })!.n < FEW_IN_RANGE) return [range, params];
      const few =
        filter.senderName !== undefined &&
        senderProbe !== null &&
        senderProbe.get({ account: accountId, direction: filter.direction, senderName: filter.senderName, cap: FEW_FROM_SENDER })!.n <
          FEW_FROM_SENDER;
      return [few ? 'sender' : 'listing', params];
    }
    const narrow = probe.get({ match, cap: NARROW_MATCHES })!.n < NARROW_MATCHES;
    return [narrow ? 'matches' : 'broad', { ...params, match, amounts: amountsOf(filter.search) }];
  }
  const bySum = (params: Params) => params.amounts != null;
  /**
   * What a count reads: a range's own index wherever the listing would be walked, as the listing's
   * index lacks the range's column and a count would read the table for every row it tests.
   */
  const countPlan = (p: Plan, filter: InvoiceQueryFilter): Plan => (p === 'listing' ? (rangeOf(filter) ?? p) : p);

  function pageSql(p: Plan, filter: InvoiceQueryFilter, first: boolean): string {
    const sort = filter.sort ?? DEFAULT_INVOICE_SORT;
    const { expr, index } = sortColumn(sort.by, filter.direction);
    const [cmp, dir] = sort.dir === 'desc' ? ['<', 'DESC'] : ['>', 'ASC'];
    const keyset = first ? '' : `AND ${expr} ${cmp}= @afterKey AND (${expr} ${cmp} @afterKey OR i.id ${cmp} @afterId)`;
    const from = fromOf(p, index && indexes.has(index) ? index : null, amountsOf(filter.search) !== null);
    return `SELECT ${SUMMARY_COLUMNS}, ${expr} AS sort_key ${from} ${WHERE} ${keyset} ORDER BY ${expr} ${dir}, i.id ${dir} LIMIT @limit`;
  }
  // Only the key and id of each row the walk reads: building every read row's summary cost ten times more.
  const summaries = db
    .prepare<[string], KeyedRow>(
      `SELECT ${SUMMARY_COLUMNS}, i.sort_ms AS sort_key, i.row_id FROM json_each(?) j CROSS JOIN invoices i ON i.row_id = j.value`,
    )
    .raw();
  function summariesOf(walked: readonly WalkedKey[]): KeyedRow[] {
    const byRow = new Map(summaries.all(JSON.stringify(walked.map((w) => w.row_id))).map((r) => [r[SUMMARY_WIDTH + 1] as number, r]));
    const rows: KeyedRow[] = [];
    for (const w of walked) {
      const r = byRow.get(w.row_id);
      if (r) rows.push(r);
    }
    return rows;
  }
  /** The walk's rows (invoice-walk.ts): the given row ids that pass the filters and the keyset. */
  function walkSql(filter: InvoiceQueryFilter, first: boolean): string {
    const sort = filter.sort ?? DEFAULT_INVOICE_SORT;
    const cmp = sort.dir === 'desc' ? '<' : '>';
    const keyset = first ? '' : `AND i.sort_ms ${cmp}= @afterKey AND (i.sort_ms ${cmp} @afterKey OR i.id ${cmp} @afterId)`;
    return `SELECT i.row_id, i.sort_ms AS sort_key, i.id FROM json_each(@ids) j CROSS JOIN invoices i ON i.row_id = j.value WHERE ${WHERE} ${keyset}`;
  }
  const walk = createInvoiceWalk(db);
  // Any write on this connection moves total_changes(), so a count taken before it is never reused.
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  const countKey = (accountId: string, filter: InvoiceQueryFilter) => JSON.stringify([changes.get(), accountId, filter]);
  /**
   * What the last first page's walk learnt for countIfCheap right after it: every match read (n), more
   * matches than the probe's cap (null: not cheap), or where it stopped reading them. The count reads
   * on from there: the probe and a count from the start read those matches again ("Posten-99" at
   * 1,000,000 invoices: 5.6 ms to count that way, 3.1 from where the walk stopped).
   */
  let counted:
    | { key: string; n: number | null }
    | { key: string; resume: { match: string; desc: boolean; read: number; rowId: number; passing: number } }
    | null = null;
  // How many of these row ids pass the filters (the matches the walk did not read), up to @cap: the
  // count is capped anyway, and each row tested is a lookup in the table.
  const passingOf = prepared<{ n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM json_each(@ids) j CROSS JOIN invoices i ON i.row_id = j.value WHERE ${WHERE} LIMIT @cap)`,
  );
  // A count has no order, and SQLite then reads the table itself (each row carries its JSON): 4.5 s at
  // 1,000,000 invoices for a filter few rows pass. The listing's index holds every column the usual
  // filters test, so walking it reads the table only for the rows that pass: 0.1-0.2 s at worst.
  const countSql = (p: Plan, sums: boolean) =>
    `SELECT count(*) AS n FROM (SELECT 1 ${p === 'listing' ? 'FROM invoices i INDEXED BY invoices_listing WHERE' : fromOf(p, p === 'broad' ? 'invoices_listing' : null, sums)} ${WHERE} LIMIT @max)`;

  function totals(accountId: string, given: InvoiceQueryFilter): CurrencyTotal[] {
    const filter = mixedSearch(given);
    if (tallied(filter)) return tallyTotals.all(tallyParams(accountId, filter));
    const [p, params] = plan(accountId, filter);
    const from = p === 'broad' ? `FROM invoices i WHERE ${bySum(params) ? MATCHING_OR_SUM : MATCHING} AND` : fromOf(p, null, bySum(params));
    return prepared<CurrencyTotal>(`SELECT ${TOTALS} ${from} ${WHERE}${guard} ${BY_CURRENCY}`).all(params);
  }

  return {
    /**
     * One page in the filter's order (newest received first unless it says otherwise). Keyset paging:
     * rows arriving or changing between pages never shift later pages, so nothing is skipped or shown
     * twice; rows with the same value are ordered by id.
     */
    list(accountId: string, given: InvoiceQueryFilter, limit: number, after?: InvoiceCursor): InvoiceSummaryPage {
      const filter = mixedSearch(given);
      const keyset: Params = after ? { afterKey: after.key, afterId: after.id } : {};
      const sort = filter.sort ?? DEFAULT_INVOICE_SORT;
      const match = filter.search === undefined ? null : toFtsQuery(filter.search);
      counted = null;
      // A search in received order needs no probe: the walk answers few matches and many alike.
      const walked =
        match !== null && sort.by === 'received' && amountsOf(filter.search) === null
          ? walk({
              accountId,
              direction: filter.direction,
              match,
              desc: sort.dir === 'desc',
              want: limit + 1,
              afterKey: after?.key as number | undefined,
              // Read raw as walkSql orders them: row id, received time, id.
              rowsOf: (ids) =>
                preparedRaw(walkSql(filter, after === undefined))
                  .all({ ...filterParams(accountId, filter), ...keyset, ids: JSON.stringify(ids) })
                  .map((r): WalkedKey => ({ row_id: r[0] as number, sort_key: r[1] as number, id: r[2] as string })),
            })
          : null;
      // A walk that read every match counted them; one that read the probe's cap of them says counting is
      // not cheap. One that stopped between the two leaves countIfCheap where to read on from.
      if (walked && !after && (walked.passing !== null || (walked.read ?? 0) >= NARROW_MATCHES))
        counted = { key: countKey(accountId, filter), n: walked.passing };
      else if (walked && !after && match !== null && walked.stoppedAt)
        counted = {
          key: countKey(accountId, filter),
          resume: { match, desc: sort.dir === 'desc', read: walked.read ?? 0, ...walked.stoppedAt },
        };
      let rows: KeyedRow[];
      if (walked) rows = summariesOf(walked.rows);
      else {
        const [p, params] = plan(accountId, filter);
        rows = preparedRaw(pageSql(p, filter, after === undefined)).all({ ...params, ...keyset, limit: limit + 1 });
      }
      const items = rows.slice(0, limit).map(summaryOfRaw);
      const last = rows[items.length - 1];
      return { items, next: rows.length > limit && last ? { key: keyOf(last), id: idOfRaw(last) } : null };
    },
    /**
     * The count when it is cheap, else null: a search matching much of the mirror would have to
     * gather every match again just to count them, which doubles what the user waits for while typing.
     */
    countIfCheap(accountId: string, given: InvoiceQueryFilter, max: number): number | null {
      const filter = mixedSearch(given);
      // The walk of the first page read every match: its count is exact and free.
      const known = counted?.key === countKey(accountId, filter) ? counted : null;
      counted = null;
      if (known && 'resume' in known) {
        // The matches the walk did not read, as many as the probe would still allow: as many as that
        // means more matches than its cap, which is not cheap; fewer are counted on top of the walk's.
        const r = known.resume;
        const room = NARROW_MATCHES - r.read;
        const rest = walk.matchesBeyond(r.match, r.rowId, r.desc, room);
        if (rest.length >= room) return null;
        // Past max - passing more rows the answer is max whatever the rest hold.
        const cap = max - r.passing;
        const more = rest.length && cap > 0 ? passingOf.get({ ...filterParams(accountId, filter), ids: JSON.stringify(rest), cap })!.n : 0;
        return Math.min(r.passing + more, max);
      }
      if (known) return known.n === null ? null : Math.min(known.n, max);
      // The list with its search cleared: the tallies hold its count, where counting reads up to `max` rows.
      if (tallied(filter)) return Math.min(tallyCount.get(tallyParams(accountId, filter))!.n, max);
      const [p, params] = plan(accountId, filter);
      return p === 'broad' ? null : prepared<{ n: number }>(countSql(countPlan(p, filter), bySum(params))).get({ ...params, max })!.n;
    },
    /**
     * How many rows the filter selects; with `max`, counting stops there (for "1,000+" in the UI). A
     * filter of direction and status alone reads the tallies, so `sync.status` does not count the mirror.
     */
    count(accountId: string, given: InvoiceQueryFilter, max?: number): number {
      const filter = mixedSearch(given);
      if (tallied(filter)) {
        const n = tallyCount.get(tallyParams(accountId, filter))!.n;
        return max === undefined || max < 0 ? n : Math.min(n, max);
      }
      const [p, params] = plan(accountId, filter);
      return prepared<{ n: number }>(countSql(countPlan(p, filter), bySum(params))).get({ ...params, max: max ?? -1 })!.n;
    },
    /**
     * What the rows the filter selects add up to, per currency (by code), over the same conditions as
     * the listing. A filter of direction and status alone reads the tallies (a few rows at any size);
     * any other sums its rows (45 ms over 100,000 invoices), so it is asked for apart from the pages.
     */
    totals,
    /**
     * The totals of one slice of the filter's rows, for summing them a slice at a time: rows whose row
     * id is in [after + 1, after + size]; `next` is where the following slice starts, null at the end.
     * A search is summed in one go (next null): FTS5 finds the matches after a row id by reading its
     * doclists from the start (100 ms for "i*" past row 500,000 of 1,000,000), so slicing a search
     * cost far more than it saved.
     */
    totalsSlice(
      accountId: string,
      given: InvoiceQueryFilter,
      after: number,
      size: number,
    ): { totals: CurrencyTotal[]; next: number | null } {
      const filter = mixedSearch(given);
      if (filter.search !== undefined && toFtsQuery(filter.search) !== null) return { totals: totals(accountId, filter), next: null };
      const sql = `SELECT ${TOTALS} FROM invoices i WHERE i.row_id > @after AND i.row_id <= @to AND ${WHERE} ${BY_CURRENCY}`;
      const rows = prepared<CurrencyTotal>(sql).all({ ...filterParams(accountId, filter), after, to: after + size });
      return { totals: rows, next: after + size < rowIdEnd.get()!.end ? after + size : null };
    },
    /** Whether the filter's totals come from the tallies (no need to sum them in slices). */
    totalsAreTallied: tallied,
  };
}
