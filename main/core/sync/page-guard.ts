import { setTimeout as sleepFor } from 'node:timers/promises';
import { ServiceError } from '../api/errors';
import type { PageInfo } from '../api/paging';

/**
 * How long one feed's page loop may run in one poll. Long enough for a first mirror of a large
 * account at the real service's pace; the watermark feeds resume where they stopped anyway.
 */
export const PAGE_DEADLINE_MS = 10 * 60_000;

/**
 * Pages a poll asks at full speed from a list that gives no totals. Past them the list is either a very
 * large first mirror or one that invents items; either way it is asked at most once a second, so a
 * list that never ends costs the service one request a second until the deadline, never a hot loop.
 * With totals the cap ends a misbehaving list long before this matters.
 */
export const FREE_PAGES = 50;
export const PACED_MS = 1000;

export interface PageGuardOptions {
  /** The list in plain words, as the user reads it in a problem: "the received invoices list". */
  feed: string;
  /** What the loop asks per page: a shorter page is the last. */
  perPage: number;
  now: () => number;
  deadlineMs?: number;
  /**
   * Whether a full page without X-Next-Page ends the list. The spec gives documents the paging
   * headers; for the invoice lists it does not, so there only a short page (or the totals) end it.
   */
  endsWithoutNextPage: boolean;
  /** The wait between paced pages; a test passes its own. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<unknown>;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Pages a poll may ask beyond the count the service gave: items arriving meanwhile push a list on. */
const capFor = (pages: number) => pages + 2 + Math.ceil(pages / 10);

/**
 * One poll's watch over a feed's page loop, shared by every feed. The loop asks `more` after it has
 * kept a page; the guard answers whether the service's word says there is a next page, and throws a
 * `retry` ServiceError (the account's problem and its poll back-off) when the list misbehaves: a page
 * that brings no id this poll has not seen, more pages than its totals allow, or past the deadline.
 * Without it a list that always says "next page" (the adversary's endless list) is a hot loop that
 * holds the account's poll for good.
 */
export function pageGuard(o: PageGuardOptions) {
  const seen = new Set<string>();
  const started = o.now();
  const deadline = o.deadlineMs ?? PAGE_DEADLINE_MS;
  let pages = 0;
  let cap: number | null = null;
  let said: number | null = null;
  let lastAsked = started;
  const sleep = o.sleep ?? ((ms: number, signal?: AbortSignal) => sleepFor(ms, undefined, { signal }));
  const stop = (why: string) =>
    new ServiceError('retry', `${why}; the app stopped after ${plural(pages, 'page')} and will try again later`, null, 'list_misbehaves');
  return {
    /** Whether to ask the page after this one (`ids`: the keys of its items); throws when the list misbehaves. */
    more(ids: readonly string[], info: PageInfo): boolean {
      pages++;
      let fresh = 0;
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        fresh++;
      }
      if (cap === null) {
        const total = info.totalPages ?? (info.total !== null && o.perPage > 0 ? Math.ceil(info.total / o.perPage) : null);
        if (total !== null && total >= 0) {
          said = total;
          cap = capFor(total);
        }
      }
      if (ids.length === 0 || ids.length < o.perPage) return false;
      if (info.nextPage === null && (o.endsWithoutNextPage || (info.totalPages !== null && pages >= info.totalPages))) return false;
      if (fresh === 0) throw stop(`The service kept sending ${o.feed} page after page with nothing new`);
      if (cap !== null && pages >= cap) throw stop(`The service said ${o.feed} has ${plural(said ?? 0, 'page')} but kept offering more`);
      if (o.now() - started >= deadline)
        throw stop(`The service was still sending ${o.feed} after ${plural(Math.round(deadline / 60_000), 'minute')}`);
      return true;
    },
    /** Awaited before asking the next page: paces a list without totals past FREE_PAGES. */
    async pace(signal?: AbortSignal): Promise<void> {
      if (cap === null && pages >= FREE_PAGES) {
        const wait = lastAsked + PACED_MS - o.now();
        if (wait > 0) await sleep(wait, signal);
      }
      lastAsked = o.now();
    },
    get pages(): number {
      return pages;
    },
  };
}

export type PageGuard = ReturnType<typeof pageGuard>;
