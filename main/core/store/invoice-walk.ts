import type { Database } from 'better-sqlite3';

/** What the walk needs of a row: its received time (the order's key) and id (the tie-break). */
export interface WalkedRow {
  sort_key: number | string;
  id: string;
}

/**
 * The page, and how many rows passed the filters when every match was read (else null, with `read`:
 * how many matches the walk read before the page was settled, a floor under their number).
 */
export interface Walked<R> {
  rows: R[];
  passing: number | null;
  read?: number;
  /**
   * When the walk read the matches in one run from the list's end and stopped there: the last row id it
   * read, and how many of the matches read passed the filters. The count goes on from there
   * (matchesBeyond) instead of reading those matches again.
   */
  stoppedAt?: { rowId: number; passing: number };
}

export interface WalkRequest<R extends WalkedRow> {
  accountId: string;
  direction: string;
  /** The FTS5 query (toFtsQuery). */
  match: string;
  desc: boolean;
  /** Rows wanted, in the list's order. */
  want: number;
  /** The keyset cursor's received time: rows on the wrong side of it are not wanted. */
  afterKey?: number;
  /** The rows of these row ids that pass the list's filters and keyset, in any order. */
  rowsOf(ids: number[]): R[];
}

const BLOCK = 1024; // migration 13: row_id >> 10
type Block = { block: number; lo: number; hi: number };
const blockOf = (rowId: number): number => Math.floor(rowId / BLOCK);
// The first chunk holds a first page (100 rows and one to tell there is more) with room for the rows a
// filter drops. Every match read is a row looked up for its received time (about 3 us each at
// 1,000,000 invoices): a first chunk of 2,000 cost 6 ms a keystroke in lookups alone, when FTS5 still
// merged the doclists of every word longer than 3 characters on each query and one big chunk was
// cheaper than several (migration 15 made those queries cheap).
const FIRST_CHUNK = 256;
const MAX_CHUNK = 8192;
/** Beyond this many matches read, the mirror's row ids do not follow received time here: the caller falls back. */
const GIVE_UP = 20_000;
/**
 * A full page whose rest can only come from this many blocks not yet read reads just those blocks. A
 * few blocks out of time order (the first mirror's newest invoices at the lowest row ids, under years
 * seeded or mirrored after them) otherwise kept every page unsettled until the walk reached them:
 * 20,000 matches read and the gathering plan after it, 30 ms a keystroke at 100,000 where the walk
 * takes 4.
 */
const MAX_JUMP_BLOCKS = 16;

/**
 * The first page of a search in received order (newest or oldest first) without gathering every match.
 * The mirror inserts in received order, so walking the search index by row id from the matching end
 * meets the rows about in the list's order; FTS5 hands out its matches by row id cheaply and stops when
 * asked. The page is settled once its last row is newer (or older) than anything the rows not yet read
 * can hold, which the received-time bounds of each block of row ids (migration 13) tell. A row whose
 * received time changed later only widens its block's bounds, so the answer stays exact; the walk just
 * reads further. Answers null after GIVE_UP matches (row ids that do not follow time), and the caller
 * uses the plan that gathers every match.
 */
export function createInvoiceWalk(db: Database) {
  const readBlocks = db.prepare<[string, string], Block>(
    'SELECT block, min_ms AS lo, max_ms AS hi FROM invoice_sort_blocks WHERE account_id = ? AND direction = ? ORDER BY block',
  );
  // A write on this connection moves total_changes(), a commit on another one data_version.
  const stamp = db.prepare<[], string>("SELECT total_changes() || ':' || data_version FROM pragma_data_version").pluck();
  /**
   * The blocks' bounds, kept while nothing was written: a mirror of 1,000,000 has about 1,000 blocks,
   * and reading them again cost 1.2-2 ms of every keystroke.
   */
  let kept: { key: string; stamp: string; blocks: Block[] } | null = null;
  const blocksOf = (accountId: string, direction: string): Block[] => {
    const key = `${accountId}\u0000${direction}`;
    const now = stamp.get()!;
    if (kept?.key !== key || kept.stamp !== now) kept = { key, stamp: now, blocks: readBlocks.all(accountId, direction) };
    return kept.blocks;
  };
  const down = db
    .prepare<{ match: string; from: number; chunk: number }, number>(
      'SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match AND rowid < @from ORDER BY rowid DESC LIMIT @chunk',
    )
    .pluck();
  const up = db
    .prepare<{ match: string; from: number; chunk: number }, number>(
      'SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match AND rowid > @from ORDER BY rowid ASC LIMIT @chunk',
    )
    .pluck();
  const downOn = db
    .prepare<{ match: string; from: number }, number>(
      'SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match AND rowid < @from ORDER BY rowid DESC',
    )
    .pluck();
  const upOn = db
    .prepare<{ match: string; from: number }, number>(
      'SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match AND rowid > @from ORDER BY rowid ASC',
    )
    .pluck();
  /** The matches in row ids [lo, hi), read downwards or upwards; a span holds at most hi - lo rows. */
  const within = (match: string, lo: number, hi: number, downwards: boolean): number[] =>
    downwards
      ? down.all({ match, from: hi, chunk: hi - lo }).filter((id) => id >= lo)
      : up.all({ match, from: lo - 1, chunk: hi - lo }).filter((id) => id < hi);

  const belowUpwards = db
    .prepare<{ match: string; from: number; chunk: number }, number>(
      'SELECT rowid FROM invoices_fts WHERE invoices_fts MATCH @match AND rowid < @from ORDER BY rowid ASC LIMIT @chunk',
    )
    .pluck();
  /**
   * Up to `limit` of the matches past row id `from` in the walk's direction (below it when newest
   * first), in no particular order: the rest of a walk that stopped there, for its count. Read upwards
   * either way: FTS5 reads a prefix or several words downwards at about three times the cost ("kahvi
   * 12": 2.4 ms against 0.7 for 1,744 matches at 1,000,000 invoices).
   */
  const matchesBeyond = (match: string, from: number, desc: boolean, limit: number): number[] =>
    (desc ? belowUpwards : up).all({ match, from, chunk: limit });

  const walk = function walk<R extends WalkedRow>(q: WalkRequest<R>): Walked<R> | null {
    const blocks = blocksOf(q.accountId, q.direction);
    if (blocks.length === 0) return { rows: [], passing: 0 };
    // For newest first: the newest time in blocks 0..i; for oldest first: the oldest in blocks i..end.
    const reach: number[] = new Array(blocks.length);
    if (q.desc) for (const [i, b] of blocks.entries()) reach[i] = i === 0 ? b.hi : Math.max(reach[i - 1]!, b.hi);
    else
      for (let i = blocks.length - 1; i >= 0; i--)
        reach[i] = i === blocks.length - 1 ? blocks[i]!.lo : Math.min(reach[i + 1]!, blocks[i]!.lo);
    /** The newest (oldest) time any row not read yet can have, the walk being at row id `from`. */
    const unread = (from: number): number => {
      const block = blockOf(q.desc ? from - 1 : from + 1);
      if (q.desc) {
        const i = lastAtMost(blocks, block);
        return i < 0 ? Number.NEGATIVE_INFINITY : reach[i]!;
      }
      const i = lastAtMost(blocks, block - 1) + 1;
      return i >= blocks.length ? Number.POSITIVE_INFINITY : reach[i]!;
    };
    const first = (a: R, b: R): number => {
      const byKey = a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      return q.desc ? -byKey : byKey;
    };
    let from = startOf(blocks, q.desc, q.afterKey);
    if (from === null) return { rows: [], passing: 0 };
    // One FTS5 cursor for the whole walk, read a chunk at a time (the rows' lookups are reads, which
    // better-sqlite3 runs while it is open). A new query from where the last one stopped reaches it
    // again from the top of the index first: "INV-0" at 1,000,000, whose matches start past 900,000
    // rows, cost 5.9 ms for every query the walk started.
    const cursor = (q.desc ? downOn : upOn).iterate({ match: q.match, from });
    /** The cursor's next matches: `n` of them, or those left in the block of row ids that `block` names. */
    const take = (n: number, block?: number): number[] => {
      const ids: number[] = [];
      while (ids.length < n) {
        const next = cursor.next();
        if (next.done || (block !== undefined && blockOf(next.value) !== block)) break;
        ids.push(next.value);
      }
      return ids;
    };
    try {
      let page: R[] = [];
      let chunk = FIRST_CHUNK;
      let passing = 0;
      for (let read = 0; ; ) {
        const ids = take(chunk);
        const rows = ids.length ? q.rowsOf(ids) : [];
        passing += rows.length;
        page = [...page, ...rows].sort(first).slice(0, q.want);
        if (ids.length < chunk) return { rows: page, passing };
        from = ids[ids.length - 1]!;
        const last = page[q.want - 1];
        read += ids.length;
        if (last && (q.desc ? (last.sort_key as number) > unread(from) : (last.sort_key as number) < unread(from)))
          return { rows: page, passing: null, read, stoppedAt: { rowId: from, passing } };
        const spans = last ? spansThatMayBeat(blocks, q.desc, from, last.sort_key as number) : null;
        if (spans) {
          const end = (blocks[blocks.length - 1]!.block + 1) * BLOCK;
          // The rest of the block the walk is in comes on from the cursor; other blocks from queries of their own.
          const [restLo, restHi] = q.desc ? [blockOf(from) * BLOCK, from] : [from + 1, (blockOf(from) + 1) * BLOCK];
          for (const s of spans) {
            const more: number[] = [];
            // FTS5 reaches a row id by reading its doclists from the end it starts at: "I"* at the
            // lowest row ids took 53 ms downwards and 0.2 ms upwards at 1,000,000.
            for (const [lo, hi] of without(s, restLo, restHi)) more.push(...within(q.match, lo, hi, lo >= end - hi));
            if (s.lo < restHi && restLo < s.hi) more.push(...take(BLOCK, blockOf(from)));
            if (more.length) page = [...page, ...q.rowsOf(more)].sort(first).slice(0, q.want);
          }
          return { rows: page, passing: null, read };
        }
        if (read >= GIVE_UP) return null;
        chunk = Math.min(chunk * 2, MAX_CHUNK);
      }
    } finally {
      cursor.return?.();
    }
  };
  return Object.assign(walk, { matchesBeyond });
}

/**
 * The row id spans [lo, hi) not read yet, the walk being at row id `from`, of the blocks whose times
 * could put a row before the page's last (its key `lastKey`, ties included); adjacent blocks merged.
 * Rows of every other unread block come after the page's last, so reading these settles the page.
 * Null when more than MAX_JUMP_BLOCKS blocks qualify (the walk goes on instead).
 */
function spansThatMayBeat(
  blocks: readonly { block: number; lo: number; hi: number }[],
  desc: boolean,
  from: number,
  lastKey: number,
): { lo: number; hi: number }[] | null {
  const spans: { lo: number; hi: number }[] = [];
  let count = 0;
  for (const b of blocks) {
    const start = b.block * BLOCK;
    const lo = desc ? start : Math.max(start, from + 1);
    const hi = desc ? Math.min(start + BLOCK, from) : start + BLOCK;
    if (lo >= hi || (desc ? b.hi < lastKey : b.lo > lastKey)) continue;
    if (++count > MAX_JUMP_BLOCKS) return null;
    const prev = spans[spans.length - 1];
    if (prev && prev.hi === lo) prev.hi = hi;
    else spans.push({ lo, hi });
  }
  return spans;
}

/** The parts of span [lo, hi) outside [cutLo, cutHi), as [lo, hi) pairs. */
function without(s: { lo: number; hi: number }, cutLo: number, cutHi: number): [number, number][] {
  if (cutHi <= s.lo || s.hi <= cutLo) return [[s.lo, s.hi]];
  const parts: [number, number][] = [];
  if (s.lo < cutLo) parts.push([s.lo, cutLo]);
  if (cutHi < s.hi) parts.push([cutHi, s.hi]);
  return parts;
}

/** The index of the last block numbered at most `block`, or -1. */
function lastAtMost(blocks: readonly { block: number }[], block: number): number {
  let [lo, hi] = [0, blocks.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[mid]!.block <= block) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}

/**
 * Where the walk starts (null: no row can follow the cursor): past the end, or for a later page past every block wholly on the wrong side
 * of the cursor (newer than it when newest first), which in a mirror inserted in received order is
 * right at the cursor.
 */
function startOf(blocks: readonly { block: number; lo: number; hi: number }[], desc: boolean, afterKey?: number): number | null {
  if (desc) {
    let i = blocks.length - 1;
    while (afterKey !== undefined && i >= 0 && blocks[i]!.lo > afterKey) i--;
    if (i < 0) return null;
    return i === blocks.length - 1 ? Number.MAX_SAFE_INTEGER : blocks[i + 1]!.block * BLOCK;
  }
  let i = 0;
  while (afterKey !== undefined && i < blocks.length && blocks[i]!.hi < afterKey) i++;
  if (i === blocks.length) return null;
  return i === 0 ? -1 : blocks[i]!.block * BLOCK - 1;
}
