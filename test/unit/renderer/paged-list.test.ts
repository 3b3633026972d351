import { describe, expect, it } from 'vitest';
import { createPagedList, type PageAnswer, type PagedListOptions, rowCount } from '../../../renderer/stores/paged-list';
import { BridgeError } from '../../../shared/bridge';
import { deferred, flush } from './fake-bridge';

interface Row {
  id: string;
  n: number;
}
interface Filter {
  query?: string;
}

/** A list of `total` rows (ids r0..) that answers by cursor; each call waits for the test to answer it. */
function source(total: number) {
  const asked: { filter: Filter; after: string | null; limit: number; signal: AbortSignal; answer(): void; fail(e: unknown): void }[] = [];
  const fetch = ({
    filter,
    after,
    limit,
    signal,
  }: {
    accountId: string;
    filter: Filter;
    after: string | null;
    limit: number;
    signal: AbortSignal;
  }) => {
    const d = deferred<PageAnswer<Row>>();
    const start = after === null ? 0 : Number(after);
    const matching = filter.query ? Math.floor(total / 2) : total;
    const items = Array.from({ length: Math.max(0, Math.min(limit, matching - start)) }, (_, k) => ({ id: `r${start + k}`, n: start + k }));
    const next = start + items.length < matching ? String(start + items.length) : null;
    asked.push({ filter, after, limit, signal, answer: () => d.resolve({ items, next, total: matching }), fail: (e) => d.reject(e) });
    return d.promise;
  };
  return { asked, fetch };
}

function makeList(total: number) {
  const src = source(total);
  let clock = 0;
  const list = createPagedList<Row, Filter>({
    fetch: src.fetch,
    initialFilter: {},
    idOf: (r) => r.id,
    now: () => ++clock,
    firstPage: 10,
    page: 50,
    margin: 5,
  });
  return { list, src };
}

/**
 * Rows r0..r{n-1} whose text is "row <n>"; a query matches the rows whose text contains it, read from
 * the rows as they are when asked, as the host reads its mirror. `add` makes a row arrive.
 */
function searchableRows(n: number, options: Pick<PagedListOptions<Row, Filter>, 'narrows' | 'keepKey'>) {
  const asked: string[] = [];
  let rows = Array.from({ length: n }, (_, k) => ({ id: `r${k}`, n: k }));
  const pending: (() => void)[] = [];
  const list = createPagedList<Row, Filter>({
    fetch: ({ filter }) => {
      asked.push(filter.query ?? '');
      const items = rows.filter((r) => `row ${r.n}`.includes(filter.query ?? ''));
      return new Promise((resolve) => pending.push(() => resolve({ items, next: null, total: items.length })));
    },
    initialFilter: {},
    idOf: (r) => r.id,
    now: () => 1,
    firstPage: 100,
    ...options,
  });
  const answer = async () => {
    while (pending.length) {
      pending.shift()?.();
      await flush();
    }
  };
  return { list, asked, answer, add: (k: number) => (rows = [...rows, { id: `r${k}`, n: k }]) };
}

const answerAll = async (src: ReturnType<typeof source>) => {
  for (let guard = 0; guard < 100; guard++) {
    const open = src.asked.filter((a) => !('done' in a));
    if (open.length === 0) return;
    for (const a of open) {
      Object.assign(a, { done: true });
      a.answer();
    }
    await flush();
  }
};

describe('paged list store', () => {
  it('asks for a small first page when an account is chosen, then only as far as the view needs', async () => {
    const { list, src } = makeList(1000);
    list.getState().setAccount('acc');
    expect(src.asked).toHaveLength(1);
    expect(src.asked[0]).toMatchObject({ after: null, limit: 10 });
    await answerAll(src);
    expect(list.getState().rows).toHaveLength(10);
    expect(list.getState().total).toBe(1000);

    list.getState().ensure(120);
    await answerAll(src);
    // 10 + 50 + 50 + 50 = 160 > 120 + margin 5: three more pages, one at a time, each after the last.
    expect(src.asked.map((a) => a.after)).toEqual([null, '10', '60', '110']);
    expect(
      list
        .getState()
        .rows.map((r) => r.n)
        .slice(0, 3),
    ).toEqual([0, 1, 2]);
    expect(list.getState().rows).toHaveLength(160);
  });

  it('never has two pages on the way, and after fast typing asks only for the newest filter', async () => {
    const { list, src } = makeList(1000);
    list.getState().setAccount('acc');
    list.getState().setFilter({ query: 'a' });
    list.getState().setFilter({ query: 'ab' });
    list.getState().setFilter({ query: 'abc' });
    expect(src.asked).toHaveLength(1);
    src.asked[0]?.answer();
    await flush();
    // The first answer was for an old filter: dropped, and the newest asked for at once.
    expect(list.getState().shownGeneration).toBe(0);
    expect(src.asked).toHaveLength(2);
    expect(src.asked[1]?.filter).toEqual({ query: 'abc' });
    src.asked[1]?.answer();
    await flush();
    expect(list.getState().total).toBe(500);
    expect(list.getState().shownGeneration).toBe(list.getState().generation);
  });

  it('aborts the page on its way when the filter changes, and asks for the newest once that call settles', async () => {
    const { list, src } = makeList(1000);
    list.getState().setAccount('acc');
    await answerAll(src);
    list.getState().setFilter({ query: 'm' });
    const first = src.asked[1];
    expect(first?.filter).toEqual({ query: 'm' });
    expect(first?.signal.aborted).toBe(false);
    list.getState().setFilter({ query: 'mø' });
    expect(first?.signal.aborted).toBe(true);
    // A transport that withdraws it rejects at once: the newest filter goes out without waiting for an answer.
    expect(src.asked).toHaveLength(2);
    first?.fail(first.signal.reason);
    await flush();
    expect(src.asked).toHaveLength(3);
    expect(src.asked[2]?.filter).toEqual({ query: 'mø' });
    expect(src.asked[2]?.signal.aborted).toBe(false);
    // The withdrawn call is no failure of the list.
    expect(list.getState().error).toBeNull();
    src.asked[2]?.answer();
    await flush();
    expect(list.getState().shownGeneration).toBe(list.getState().generation);
    expect(list.getState().rows).toHaveLength(10);
  });

  it('keeps the old rows on screen until the new filter answers', async () => {
    const { list, src } = makeList(100);
    list.getState().setAccount('acc');
    await answerAll(src);
    list.getState().setFilter({ query: 'x' });
    expect(list.getState().rows).toHaveLength(10);
    expect(list.getState().askedAt).toBeGreaterThan(0);
    await answerAll(src);
    expect(list.getState().total).toBe(50);
  });

  it('stops on an error until refresh, instead of asking again in a loop', async () => {
    const { list, src } = makeList(100);
    list.getState().setAccount('acc');
    src.asked[0]?.fail(new BridgeError({ kind: 'retry', message: 'down' }));
    await flush();
    expect(list.getState().error?.message).toBe('down');
    list.getState().ensure(50);
    await flush();
    expect(src.asked).toHaveLength(1);
    list.getState().refresh();
    expect(src.asked).toHaveLength(2);
    await answerAll(src);
    expect(list.getState().error).toBeNull();
    expect(list.getState().rows).toHaveLength(10);
  });

  it('moves the cursor within the whole list and loads the rows it moves to', async () => {
    const { list, src } = makeList(100);
    list.getState().setAccount('acc');
    await answerAll(src);
    list.getState().moveCursor(1);
    expect(list.getState().cursor).toBe(0);
    list.getState().moveCursor(-5);
    expect(list.getState().cursor).toBe(0);
    list.getState().moveCursor(1000);
    expect(list.getState().cursor).toBe(99);
    await answerAll(src);
    expect(list.getState().rows).toHaveLength(100);
  });

  it('opens a row, keeps it open across a refresh, and patches a row in place', async () => {
    const { list, src } = makeList(30);
    list.getState().setAccount('acc');
    await answerAll(src);
    list.getState().open(3);
    expect(list.getState().openId).toBe('r3');
    list.getState().patchRow('r3', { n: -1 });
    expect(list.getState().rows[3]?.n).toBe(-1);
    list.getState().markStale();
    expect(list.getState().stale).toBe(true);
    list.getState().refresh();
    await answerAll(src);
    expect(list.getState().stale).toBe(false);
    expect(list.getState().cursor).toBe(3);
    list.getState().openById('r999');
    expect(list.getState()).toMatchObject({ openId: 'r999', cursor: -1 });
  });

  it('takes new items at once into a list that shows none, and drops an answer that was older than them', async () => {
    const arrived = { n: 0 };
    const src = source(1000);
    const list = createPagedList<Row, Filter>({
      // The service's rows so far: none until they arrive.
      fetch: async (a) => {
        const page = await src.fetch(a);
        const items = page.items.filter((r) => r.n < arrived.n);
        return { items, next: null, total: items.length };
      },
      initialFilter: {},
      idOf: (r) => r.id,
      now: () => 1,
      firstPage: 10,
      page: 50,
      margin: 5,
    });
    list.getState().setAccount('acc');
    await answerAll(src);
    expect(list.getState()).toMatchObject({ rows: [], total: 0 });
    // Items arrive while the empty list is shown: it asks again, and the notice is not needed.
    arrived.n = 3;
    list.getState().markStale();
    await answerAll(src);
    expect(list.getState().rows.map((r) => r.id)).toEqual(['r0', 'r1', 'r2']);
    expect(list.getState().stale).toBe(false);
    // With rows shown, the next arrival only marks the list, so nothing moves under the user.
    const asked = src.asked.length;
    arrived.n = 5;
    list.getState().markStale();
    await answerAll(src);
    expect(src.asked).toHaveLength(asked);
    expect(list.getState().rows).toHaveLength(3);
    expect(list.getState().stale).toBe(true);
  });

  it('grows past a total that is only a lower bound as rows load', async () => {
    const src = source(3000);
    const list = createPagedList<Row, Filter>({
      fetch: async (a) => ({ ...(await src.fetch(a)), total: 1000, totalIsLowerBound: true }),
      initialFilter: {},
      idOf: (r) => r.id,
      now: () => 1,
      firstPage: 10,
      page: 500,
      margin: 5,
    });
    list.getState().setAccount('acc');
    await answerAll(src);
    expect(rowCount(list.getState())).toBe(1000);
    list.getState().ensure(1200);
    await answerAll(src);
    // 10 + 3 × 500 rows loaded, and one more row still to come.
    expect(list.getState().rows).toHaveLength(1510);
    expect(rowCount(list.getState())).toBe(1511);
    list.getState().moveCursor(5000);
    expect(list.getState().cursor).toBe(1510);
  });

  it('starts over for another account, with the initial filter', async () => {
    const { list, src } = makeList(30);
    list.getState().setAccount('a');
    list.getState().setFilter({ query: 'q' });
    await answerAll(src);
    list.getState().setAccount('b');
    expect(list.getState()).toMatchObject({ rows: [], total: null, filter: {} });
    await answerAll(src);
    expect(list.getState().total).toBe(30);
  });

  describe('a search typed on past one that found nothing', () => {
    const narrowing = { narrows: (prev: Filter, next: Filter) => (next.query ?? '').startsWith(prev.query ?? '') };
    const searchable = (n: number) => searchableRows(n, narrowing);

    it('shows no matches at once without asking, and asks again for text that may match more', async () => {
      const { list, asked, answer } = searchable(20);
      list.getState().setAccount('acc');
      list.getState().setFilter({ query: 'row 9' });
      await answer();
      list.getState().setFilter({ query: 'row 99' });
      await answer();
      expect(list.getState()).toMatchObject({ rows: [], total: 0 });
      expect(asked).toEqual(['', 'row 9', 'row 99']);

      for (const q of ['row 999', 'row 9999', 'row 99']) {
        list.getState().setFilter({ query: q });
        const s = list.getState();
        // Shown at once: the same generation that was asked for, nothing loading.
        expect(s).toMatchObject({ rows: [], total: 0, loading: false, shownGeneration: s.generation });
      }
      await answer();
      expect(asked).toEqual(['', 'row 9', 'row 99']);

      // Deleting a letter may match more: the host is asked.
      list.getState().setFilter({ query: 'row 9' });
      await answer();
      expect(asked.at(-1)).toBe('row 9');
      expect(list.getState().rows.map((r) => r.id)).toEqual(['r9']);
    });

    it('asks again once new items have arrived, since they may match', async () => {
      const { list, asked, answer, add } = searchable(20);
      list.getState().setAccount('acc');
      list.getState().setFilter({ query: 'row 99' });
      await answer();
      expect(list.getState().total).toBe(0);
      add(990);
      list.getState().markStale();
      await answer();
      list.getState().setFilter({ query: 'row 990' });
      await answer();
      expect(asked.at(-1)).toBe('row 990');
      expect(list.getState().rows.map((r) => r.id)).toEqual(['r990']);
    });

    it('does not trust an empty answer asked before items arrived: it asks again', async () => {
      const { list, asked, answer, add } = searchable(20);
      list.getState().setAccount('acc');
      await answer();
      // Rows are shown; a search goes out, and an item that matches it arrives before its answer.
      list.getState().setFilter({ query: 'row 77' });
      add(77);
      list.getState().markStale();
      expect(list.getState().stale).toBe(true);
      await answer();
      expect(asked).toEqual(['', 'row 77', 'row 77']);
      expect(list.getState()).toMatchObject({ total: 1, stale: false });
      // Typed on, it is asked too: the empty answer was never taken as known.
      list.getState().setFilter({ query: 'row 777' });
      await answer();
      expect(asked.at(-1)).toBe('row 777');
    });

    it('keeps the notice when rows came back from before an arrival', async () => {
      const { list, answer, add } = searchable(20);
      list.getState().setAccount('acc');
      await answer();
      list.getState().setFilter({ query: 'row 1' });
      add(100);
      list.getState().markStale();
      await answer();
      // r1 and r10..r19 were read before r100 arrived; the list says new items are there.
      expect(list.getState().rows).toHaveLength(11);
      expect(list.getState().stale).toBe(true);
    });

    it('forgets what found nothing in another account', async () => {
      const { list, asked, answer } = searchable(20);
      list.getState().setAccount('a');
      list.getState().setFilter({ query: 'row 99' });
      await answer();
      list.getState().setAccount('b');
      await answer();
      list.getState().setFilter({ query: 'row 999' });
      await answer();
      expect(asked.at(-1)).toBe('row 999');
    });
  });
  describe('coming back to the unsearched list', () => {
    /** The list keeps the first page of a filter with no search typed. */
    const searchable = (n: number) => searchableRows(n, { keepKey: (f) => (f.query ? null : 'all') });

    it('shows its first page at once when a search is cleared, without asking', async () => {
      const { list, asked, answer } = searchable(20);
      list.getState().setAccount('acc');
      await answer();
      list.getState().setFilter({ query: 'row 1' });
      await answer();
      expect(list.getState().total).toBe(11);
      list.getState().setFilter({ query: '' });
      const s = list.getState();
      expect(s).toMatchObject({ total: 20, loading: false, stale: false, cursor: -1, shownGeneration: s.generation });
      expect(s.rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, k) => `r${k}`));
      await answer();
      expect(asked).toEqual(['', 'row 1']);
    });

    it('keeps the cursor on the open row when the kept page holds it', async () => {
      const { list, answer } = searchable(20);
      list.getState().setAccount('acc');
      await answer();
      list.getState().setFilter({ query: 'row 7' });
      await answer();
      list.getState().open(0);
      list.getState().setFilter({ query: '' });
      expect(list.getState()).toMatchObject({ openId: 'r7', cursor: 7 });
    });

    /** Searched, then a row arrived, then the search cleared: the unsearched page is asked for again. */
    const clearedAfterArrival = async () => {
      const rows = searchable(20);
      const { list, answer, add } = rows;
      list.getState().setAccount('acc');
      await answer();
      list.getState().setFilter({ query: 'row 1' });
      await answer();
      add(20);
      list.getState().markStale();
      list.getState().setFilter({ query: '' });
      return rows;
    };

    it('asks again once new items have arrived', async () => {
      const { list, asked, answer } = await clearedAfterArrival();
      expect(list.getState().loading).toBe(true);
      await answer();
      expect(asked).toEqual(['', 'row 1', '']);
      expect(list.getState()).toMatchObject({ total: 21, stale: false });
    });

    it('does not keep a page asked before items arrived', async () => {
      const { list, asked, answer, add } = await clearedAfterArrival();
      // r21 arrives while the unsearched list is on its way: that answer may lack it.
      add(21);
      list.getState().markStale();
      await answer();
      expect(list.getState()).toMatchObject({ total: 21, stale: true });
      list.getState().setFilter({ query: 'row 1' });
      await answer();
      list.getState().setFilter({ query: '' });
      await answer();
      expect(asked).toEqual(['', 'row 1', '', 'row 1', '']);
      expect(list.getState()).toMatchObject({ total: 22, stale: false });
    });

    it('asks again after a row changed here, and in another account', async () => {
      const { list, asked, answer } = searchable(20);
      list.getState().setAccount('a');
      await answer();
      list.getState().patchRow('r3', { n: 333 });
      list.getState().setFilter({ query: 'row 1' });
      await answer();
      list.getState().setFilter({ query: '' });
      await answer();
      expect(asked).toEqual(['', 'row 1', '']);

      list.getState().setAccount('b');
      await answer();
      list.getState().setFilter({ query: 'row 1' });
      await answer();
      list.getState().setAccount('a');
      await answer();
      expect(asked).toEqual(['', 'row 1', '', '', 'row 1', '']);
    });

    it('is asked again after a refresh', async () => {
      const { list, asked, answer } = searchable(20);
      list.getState().setAccount('acc');
      await answer();
      list.getState().refresh();
      await answer();
      expect(asked).toEqual(['', '']);
    });
  });
});
