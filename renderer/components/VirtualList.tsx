import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { type PagedListState, rowCount } from '../stores/paged-list';

export interface VirtualListProps<R, F> {
  store: StoreApi<PagedListState<R, F>>;
  rowId(row: R): string;
  /** The accessible name of the list. */
  label: string;
  idPrefix: string;
  rowHeight: number;
  /** `row` is undefined while its page is on its way. */
  renderRow(row: R | undefined, index: number): ReactNode;
  rowClass?(row: R | undefined, index: number): string;
  empty: ReactNode;
}

/** A screenful when the list has no size yet (a test DOM, a tab not yet laid out). */
const FALLBACK_RECT = { width: 800, height: 640 };

/**
 * The whole mirror as one scrollable list: only the rows in view (and a few around) exist in the
 * DOM, rows not loaded yet show a placeholder, and scrolling near the end of what is loaded asks the
 * store for more. Keyboard: arrows, Page Up/Down, Home/End move the cursor; Enter opens the row.
 */
export function VirtualList<R, F>({ store, rowId, label, idPrefix, rowHeight, renderRow, rowClass, empty }: VirtualListProps<R, F>) {
  const rows = useStore(store, (s) => s.rows);
  const total = useStore(store, (s) => s.total);
  const count = useStore(store, rowCount);
  const cursor = useStore(store, (s) => s.cursor);
  const openId = useStore(store, (s) => s.openId);
  const parentRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // React 19 batches the scroll update into the next frame itself; a synchronous flush per scroll
    // event only adds work on the main thread while scrolling fast.
    useFlushSync: false,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.length ? (items[items.length - 1]?.index ?? 0) : 0;

  useEffect(() => {
    store.getState().ensure(lastVisible);
  }, [store, lastVisible]);

  useEffect(() => {
    if (cursor >= 0) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, virtualizer]);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const s = store.getState();
    const pageRows = Math.max(1, Math.floor((parentRef.current?.clientHeight ?? FALLBACK_RECT.height) / rowHeight) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: pageRows, PageUp: -pageRows, Home: -count, End: count };
    const delta = moves[e.key];
    if (delta !== undefined) {
      e.preventDefault();
      s.moveCursor(delta);
    } else if (e.key === 'Enter' && s.cursor >= 0) {
      e.preventDefault();
      s.open(s.cursor);
    } else if (e.key === 'Escape' && s.openId !== null) {
      e.preventDefault();
      s.close();
    }
  };

  if (total === 0) return <div className="list-empty">{empty}</div>;

  // The frame takes the list's place in the page; the list inside it is positioned, not a flex item,
  // so a change within it (a new total, new rows) is laid out from the list and not from the page's
  // root (0.74 ms of the page's main thread each, about once a keystroke, before). The total height is
  // a sizer's, so a new total leaves the rows' container as it was.
  return (
    <div className="vlist-frame">
      <div
        ref={parentRef}
        className="vlist"
        role="listbox"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={cursor >= 0 && cursor < count ? `${idPrefix}-${cursor}` : undefined}
        onKeyDown={onKey}
      >
        <div className="vlist-size" aria-hidden="true" style={{ height: virtualizer.getTotalSize() }} />
        <div className="vlist-inner">
          {items.map((item) => {
            const row = rows[item.index];
            const selected = item.index === cursor;
            const isOpen = row !== undefined && openId !== null && rowId(row) === openId;
            return (
              // The listbox keeps focus and points at the cursor row (aria-activedescendant): rows take no focus
              // and no keys of their own, so they stay cheap and scrolling never drops the focused element.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              <div
                key={item.key}
                id={`${idPrefix}-${item.index}`}
                role="option"
                aria-selected={selected}
                aria-setsize={count}
                aria-posinset={item.index + 1}
                className={`vlist-row${selected ? ' is-cursor' : ''}${isOpen ? ' is-open' : ''} ${rowClass?.(row, item.index) ?? ''}`}
                style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
                onClick={() => store.getState().open(item.index)}
              >
                {renderRow(row, item.index)}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
