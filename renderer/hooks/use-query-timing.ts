import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { PagedListState } from '../stores/paged-list';

/** The User Timing entry the benchmark reads: from a filter change (a keystroke) to its rows on screen. */
export const QUERY_MEASURE = 'einvoice:list-query';

/** Records one measure per answered filter change, after React has put the rows in the DOM. */
export function useQueryTiming<R, F>(list: StoreApi<PagedListState<R, F>>, perf: Performance | undefined = globalThis.performance): void {
  const shown = useStore(list, (s) => s.shownGeneration);
  useEffect(() => {
    const { askedAt, generation } = list.getState();
    if (!perf || shown === 0 || shown !== generation || askedAt <= 0) return;
    const end = perf.now();
    if (end >= askedAt) perf.measure(QUERY_MEASURE, { start: askedAt, end, detail: { generation } });
  }, [list, shown, perf]);
}
