import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BridgeErrorView } from '../../shared/bridge';
import { toErrorView } from './errors';

export interface PageAnswer<R> {
  items: R[];
  next: string | null;
  total: number;
  /** The host stopped counting at a cap: `total` means "at least". */
  totalIsLowerBound?: boolean;
}

/** `signal` aborts when the list starts over: the page is not wanted any more (InvokeOptions). */
export type PageFetcher<R, F> = (args: {
  accountId: string;
  filter: F;
  after: string | null;
  limit: number;
  signal: AbortSignal;
}) => Promise<PageAnswer<R>>;

export interface PagedListState<R, F> {
  accountId: string | null;
  filter: F;
  /** The loaded prefix of the list (the service pages by cursor, so rows load in order). */
  rows: R[];
  /** Rows matching the filter; null until the first answer. */
  total: number | null;
  /** `total` is where the host stopped counting (a broad search), not the end of the list. */
  totalIsLowerBound: boolean;
  next: string | null;
  loading: boolean;
  error: BridgeErrorView | null;
  /** Bumped by every change of account or filter; answers for an older one are dropped. */
  generation: number;
  /** The generation whose rows are shown. */
  shownGeneration: number;
  /** When the current generation was asked for (ms on the store's clock), for the search timing. */
  askedAt: number;
  /** Something changed on the app's side since the rows were loaded (new invoices arrived). */
  stale: boolean;
  /** The keyboard cursor, -1 for none. */
  cursor: number;
  /** The row open in the detail view. */
  openId: string | null;

  setAccount(accountId: string | null): void;
  setFilter(patch: Partial<F>): void;
  /** Asks for rows up to `index` (and a margin) when they are not loaded yet. */
  ensure(index: number): void;
  refresh(): void;
  /** New items arrived: a list with rows says so (and keeps its rows still); an empty one loads again. */
  markStale(): void;
  moveCursor(delta: number): void;
  setCursor(index: number): void;
  open(index: number): void;
  /** Opens a row by id, also one not loaded (an outbox item's sent invoice). */
  openById(id: string): void;
  close(): void;
  patchRow(id: string, patch: Partial<R>): void;
}

/**
 * How many rows the list shows: the total, or, when the host stopped counting, what is loaded so far
 * plus one row still to come, so the list grows as the user scrolls into it.
 */
export function rowCount(s: Pick<PagedListState<unknown, unknown>, 'rows' | 'total' | 'totalIsLowerBound' | 'next'>): number {
  if (s.total === null) return s.rows.length;
  if (!s.totalIsLowerBound) return s.total;
  return Math.max(s.total, s.rows.length + (s.next !== null ? 1 : 0));
}

/** The answer of a filter known to match nothing. */
const NOTHING: PageAnswer<never> = { items: [], next: null, total: 0 };

export interface PagedListOptions<R, F> {
  fetch: PageFetcher<R, F>;
  initialFilter: F;
  idOf: (row: R) => string;
  now: () => number;
  /** The first page only needs to fill the screen: small, so search answers fast. */
  firstPage?: number;
  page?: number;
  /** How far past the last visible row to keep loaded. */
  margin?: number;
  /**
   * Whether every row `next` can match also matches `prev` (a search typed further, the rest of the
   * filter the same). After `prev` matched nothing, such a filter is answered empty without asking.
   */
  narrows?: (prev: F, next: F) => boolean;
  /**
   * For a filter whose first page the list keeps to show again at once, a key that says which filter
   * it is; null for the others. The unsearched list is the one to keep: clearing a search comes back
   * to it, and at 1,000,000 invoices asking again cost that keystroke 9-26 ms, the slowest of all.
   */
  keepKey?: (filter: F) => string | null;
}

/**
 * One list of the mirror (invoices, documents, bank messages): a filter, the rows loaded so far,
 * and a pump that asks for at most one page at a time. Typing fires a new generation for every
 * keystroke; while a page is on its way the pump waits and then asks only for the newest filter, so
 * the host never queues answers nobody will see. Starting over aborts the page on its way: where the
 * transport withdraws it (the headless socket), the newest filter is asked at once instead of after
 * that answer (two keys 9 ms apart waited 13-22 ms for the first one's page at 1,000,000 invoices).
 */
export function createPagedList<R, F>(opts: PagedListOptions<R, F>): StoreApi<PagedListState<R, F>> {
  const firstPage = opts.firstPage ?? 100;
  const pageSize = opts.page ?? 500;
  const margin = opts.margin ?? 60;
  /** The page on its way, if any: at most one at a time; restart aborts it. */
  let asking: AbortController | null = null;
  let wanted = 0;
  let failedGeneration = -1;
  /**
   * The last filter the host answered with no rows at all, while nothing has arrived since: a person
   * typing on past a search that found nothing ("nordic f", "nordic fj", ...) sees "no matches" at
   * once, and the host is not made to search a million rows again for each letter.
   */
  let matchedNothing: { accountId: string; filter: F } | null = null;
  /** Bumped when new items arrive (markStale): an answer asked before then may not hold them. */
  let arrivals = 0;
  /**
   * The first page of the last filter shown that `keepKey` names, while nothing has arrived since and
   * no row of it changed here: what the host would answer again, so a list coming back to that filter
   * shows it without asking.
   */
  let kept: { accountId: string; key: string; page: PageAnswer<R>; arrivals: number } | null = null;
  const keptFor = (accountId: string, filter: F): PageAnswer<R> | null => {
    if (kept === null || kept.accountId !== accountId || kept.arrivals !== arrivals) return null;
    return kept.key === opts.keepKey?.(filter) ? kept.page : null;
  };
  const knownEmpty = (accountId: string, filter: F): boolean =>
    matchedNothing !== null && matchedNothing.accountId === accountId && opts.narrows?.(matchedNothing.filter, filter) === true;

  return createStore<PagedListState<R, F>>((set, get) => {
    /** Shows a filter's first page: the cursor stays on the open row when the page holds it. */
    const showFirst = (page: PageAnswer<R>, gen: number, stale: boolean) => {
      const { openId, cursor } = get();
      const openAt = openId === null ? -1 : page.items.findIndex((r) => opts.idOf(r) === openId);
      set({
        rows: page.items,
        total: page.total,
        totalIsLowerBound: page.totalIsLowerBound === true,
        next: page.next,
        shownGeneration: gen,
        error: null,
        stale,
        cursor: openAt >= 0 ? openAt : Math.min(cursor, page.items.length - 1),
      });
    };

    const pump = async (): Promise<void> => {
      if (asking) return;
      const s = get();
      if (!s.accountId || failedGeneration === s.generation) return;
      const fresh = s.shownGeneration !== s.generation;
      if (!fresh && (s.next === null || s.rows.length > wanted)) return;
      if (fresh) {
        // Answered here, without asking: a filter shown before, or one narrowing a search that found nothing.
        const known = keptFor(s.accountId, s.filter) ?? (knownEmpty(s.accountId, s.filter) ? NOTHING : null);
        if (known) {
          showFirst(known, s.generation, false);
          return;
        }
      }
      const gen = s.generation;
      const arrivalsAsked = arrivals;
      const ask = new AbortController();
      asking = ask;
      set({ loading: true });
      try {
        const page = await opts.fetch({
          accountId: s.accountId,
          filter: s.filter,
          after: fresh ? null : s.next,
          limit: fresh ? firstPage : pageSize,
          signal: ask.signal,
        });
        if (get().generation === gen) {
          if (fresh) {
            const current = arrivals === arrivalsAsked;
            const empty = page.items.length === 0 && page.next === null && page.total === 0 && page.totalIsLowerBound !== true;
            if (empty && current) matchedNothing = { accountId: s.accountId, filter: s.filter };
            const key = opts.keepKey?.(s.filter) ?? null;
            if (key !== null && current) kept = { accountId: s.accountId, key, page, arrivals };
            // Items that arrived while this was on its way may be missing from it.
            showFirst(page, gen, !current);
            // As markStale does for a list that shows no rows: ask again, the arrivals may be its rows.
            if (!current && page.items.length === 0) restart({ error: null, stale: false });
          } else {
            set({
              rows: get().rows.concat(page.items),
              total: page.total,
              totalIsLowerBound: page.totalIsLowerBound === true,
              next: page.next,
            });
          }
        }
      } catch (e) {
        if (get().generation === gen) {
          failedGeneration = gen;
          set({ error: toErrorView(e) });
        }
      } finally {
        asking = null;
        set({ loading: false });
      }
      void pump();
    };

    /** Starts the list over; `forget`: what arrived may match a filter that found nothing before. */
    const restart = (patch: Partial<PagedListState<R, F>>, forget = false) => {
      wanted = 0;
      if (forget) {
        matchedNothing = null;
        kept = null;
      }
      set({ ...patch, generation: get().generation + 1, askedAt: opts.now(), next: null });
      asking?.abort();
      void pump();
    };

    return {
      accountId: null,
      filter: opts.initialFilter,
      rows: [],
      total: null,
      totalIsLowerBound: false,
      next: null,
      loading: false,
      error: null,
      generation: 0,
      shownGeneration: 0,
      askedAt: 0,
      stale: false,
      cursor: -1,
      openId: null,

      setAccount(accountId) {
        if (accountId === get().accountId) return;
        restart({ accountId, rows: [], total: null, cursor: -1, openId: null, filter: opts.initialFilter, error: null }, true);
      },
      setFilter(patch) {
        restart({ filter: { ...get().filter, ...patch }, cursor: -1 });
      },
      ensure(index) {
        wanted = Math.max(wanted, index + margin);
        void pump();
      },
      refresh() {
        failedGeneration = -1;
        restart({ error: null }, true);
      },
      markStale() {
        // A list that shows no rows has none to move under the user: it takes what arrived at once (the
        // first sync's documents arriving while their empty page is open) instead of staying empty under
        // "new items have arrived". Restarting also drops an answer already on its way, older than them.
        matchedNothing = null;
        arrivals++;
        if (get().rows.length === 0) restart({ error: null, stale: false });
        else set({ stale: true });
      },
      moveCursor(delta) {
        const { cursor } = get();
        const last = rowCount(get()) - 1;
        if (last < 0) return;
        const next = Math.max(0, Math.min(last, (cursor < 0 ? (delta > 0 ? -1 : last + 1) : cursor) + delta));
        set({ cursor: next });
        get().ensure(next);
      },
      setCursor(index) {
        set({ cursor: index });
      },
      open(index) {
        const row = get().rows[index];
        if (row === undefined) return;
        set({ cursor: index, openId: opts.idOf(row) });
      },
      openById(id) {
        const i = get().rows.findIndex((r) => opts.idOf(r) === id);
        set({ openId: id, cursor: i });
      },
      close() {
        set({ openId: null });
      },
      patchRow(id, patch) {
        const rows = get().rows;
        const i = rows.findIndex((r) => opts.idOf(r) === id);
        if (i < 0) return;
        const copy = rows.slice();
        copy[i] = { ...(rows[i] as R), ...patch };
        // The kept page may hold the old row: the host is asked again next time.
        kept = null;
        set({ rows: copy });
      },
    };
  });
}
