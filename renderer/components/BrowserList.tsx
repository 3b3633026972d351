import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/** At most this wide, a list drops the columns that do not tell its rows apart (views.css, `.is-narrow`). */
export const NARROW_LIST_PX = 760;

/**
 * The list column of a browser, marked `is-narrow` while it is at most NARROW_LIST_PX wide (the detail
 * open beside it, or a small window). Not a CSS container query: with the column a size container,
 * Chromium restyled what is in it inside every layout of the page that reached it, and a search's
 * rows replacing "No matches" took 7-9 ms of layout for 14 changed boxes at 1,000,000 invoices,
 * against 2-3 ms without. Measured before the first paint, so a narrow list never shows a frame of
 * wide columns; a width of 0 (not laid out) is not narrow.
 */
export function BrowserList({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = (width: number) => setNarrow(width > 0 && width <= NARROW_LIST_PX);
    check(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) check(last.contentRect.width);
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return (
    <div ref={ref} className={`browser-list${narrow ? ' is-narrow' : ''}`}>
      {children}
    </div>
  );
}
