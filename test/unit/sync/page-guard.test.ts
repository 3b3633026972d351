import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/errors';
import type { PageInfo } from '../../../main/core/api/paging';
import { FREE_PAGES, PACED_MS, pageGuard } from '../../../main/core/sync/page-guard';

const info = (p: Partial<PageInfo> = {}): PageInfo => ({ total: null, totalPages: null, page: null, nextPage: null, perPage: null, ...p });
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `id-${from + i}`);

/** Drives the guard over pages from `pageAt` until it says stop or throws; answers pages asked and the error. */
function walk(guard: ReturnType<typeof pageGuard>, pageAt: (page: number) => { ids: string[]; info: PageInfo }, max = 100_000) {
  for (let page = 1; page <= max; page++) {
    const p = pageAt(page);
    try {
      if (!guard.more(p.ids, p.info)) return { pages: page, error: null };
    } catch (e) {
      return { pages: page, error: e as ServiceError };
    }
  }
  throw new Error('the guard never stopped');
}

describe('the page guard', () => {
  const clock = () => 0;

  it('follows the service to the end: a short page, or no X-Next-Page where the feed trusts its absence', () => {
    const g = pageGuard({ feed: 'the list', perPage: 10, now: clock, endsWithoutNextPage: false });
    expect(walk(g, (p) => ({ ids: ids(p * 10, p < 3 ? 10 : 4), info: info() }))).toEqual({ pages: 3, error: null });
    const d = pageGuard({ feed: 'the list', perPage: 10, now: clock, endsWithoutNextPage: true });
    expect(walk(d, (p) => ({ ids: ids(p * 10, 10), info: info({ nextPage: p < 2 ? p + 1 : null }) }))).toEqual({ pages: 2, error: null });
    // Without the paging word, a full page of the invoice list asks on; its totals end it.
    const t = pageGuard({ feed: 'the list', perPage: 10, now: clock, endsWithoutNextPage: false });
    expect(walk(t, (p) => ({ ids: ids(p * 10, 10), info: info({ totalPages: 5 }) }))).toEqual({ pages: 5, error: null });
  });

  it('stops a list that repeats itself with a retry problem in plain words', () => {
    const g = pageGuard({ feed: 'the received invoices list', perPage: 10, now: clock, endsWithoutNextPage: false });
    const r = walk(g, () => ({ ids: ids(0, 10), info: info({ nextPage: 2 }) }));
    expect(r.pages).toBe(2);
    expect(r.error).toBeInstanceOf(ServiceError);
    expect(r.error?.kind).toBe('retry');
    expect(r.error?.message).toBe(
      'The service kept sending the received invoices list page after page with nothing new; the app stopped after 2 pages and will try again later',
    );
  });

  it('stops past the totals with a margin for items arriving meanwhile', () => {
    const g = pageGuard({ feed: 'the list', perPage: 10, now: clock, endsWithoutNextPage: true });
    // Every page new, and always a next one, though the first said 20 pages (X-Total 200).
    const r = walk(g, (p) => ({ ids: ids(p * 10, 10), info: info({ total: 200, nextPage: p + 1 }) }));
    expect(r.error?.kind).toBe('retry');
    expect(r.error?.message).toMatch(/said the list has 20 pages but kept offering more/);
    // 20 pages and 10% more, and two: a list that grew while it was read is read to its end.
    expect(r.pages).toBe(24);
  });

  it('stops past its deadline on the injected clock', () => {
    let now = 0;
    const g = pageGuard({ feed: 'the list', perPage: 10, now: () => now, endsWithoutNextPage: true, deadlineMs: 60_000 });
    const r = walk(g, (p) => {
      now += 1_000;
      return { ids: ids(p * 10, 10), info: info({ nextPage: p + 1 }) };
    });
    expect(r.pages).toBe(60);
    expect(r.error?.message).toMatch(/still sending the list after 1 minute; the app stopped after 60 pages/);
  });

  it('ends quietly on an empty page or a last page that repeats', () => {
    const g = pageGuard({ feed: 'the list', perPage: 10, now: clock, endsWithoutNextPage: true });
    expect(walk(g, (p) => ({ ids: p === 1 ? ids(0, 10) : [], info: info({ nextPage: p + 1 }) }))).toEqual({ pages: 2, error: null });
    const h = pageGuard({ feed: 'the list', perPage: 10, now: clock, endsWithoutNextPage: true });
    expect(walk(h, (p) => ({ ids: ids(0, 10), info: info({ nextPage: p === 1 ? 2 : null }) }))).toEqual({ pages: 2, error: null });
  });

  it('asks a list without totals at most once a second past its free pages, and one with totals at full speed', async () => {
    let now = 0;
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      now += ms;
    };
    const g = pageGuard({ feed: 'the list', perPage: 10, now: () => now, endsWithoutNextPage: false, sleep });
    const asked: number[] = [];
    for (let page = 1; page <= FREE_PAGES + 20; page++) {
      if (page > 1) await g.pace();
      asked.push(now);
      now += 50; // each page answers in 50 ms
      g.more(ids(page * 10, 10), info());
    }
    expect(waits.length).toBe(20);
    const paced = asked.slice(FREE_PAGES);
    for (let i = 1; i < paced.length; i++) expect(paced[i] - paced[i - 1]).toBeGreaterThanOrEqual(PACED_MS);
    // Within the free pages nothing waited.
    expect(asked[FREE_PAGES - 1]).toBe((FREE_PAGES - 1) * 50);

    const t = pageGuard({ feed: 'the list', perPage: 10, now: () => now, endsWithoutNextPage: false, sleep });
    waits.length = 0;
    for (let page = 1; page <= FREE_PAGES + 20; page++) {
      if (page > 1) await t.pace();
      t.more(ids(page * 10, 10), info({ totalPages: 1000 }));
    }
    expect(waits).toEqual([]);
  });
});
