import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useQueryTiming } from '../hooks/use-query-timing';
import { useFormat } from '../stores/context';
import type { PagedListState } from '../stores/paged-list';
import { SearchBox } from './SearchBox';

// The parts of a list's toolbar that change while a person types, each subscribing on its own: when
// the browser around them held the query and the loading flag, every keystroke rendered the filters,
// the list and its tools again on the page's main thread, while the host answered that keystroke on
// the same cores.

type SearchableList = StoreApi<PagedListState<unknown, { query?: string }>>;

/** The list's search field. */
export function ListSearch({ list, id, placeholder }: { list: SearchableList; id: string; placeholder?: string }) {
  const { t } = useTranslation();
  const query = useStore(list, (s) => s.filter.query ?? '');
  return (
    <SearchBox
      id={id}
      label={t('list.search')}
      placeholder={placeholder}
      value={query}
      onChange={(q) => list.getState().setFilter({ query: q })}
    />
  );
}

/** How many rows the list has ("at least" while a search is still being counted). */
export function ListCount({ list }: { list: SearchableList }) {
  const { t } = useTranslation();
  const f = useFormat();
  const total = useStore(list, (s) => s.total);
  const lowerBound = useStore(list, (s) => s.totalIsLowerBound);
  // Only while nothing is shown yet: `loading` flips twice a keystroke, and the count would render each time.
  const waiting = useStore(list, (s) => s.total === null && s.loading);
  return (
    <p className="list-count" aria-live="polite">
      {total === null
        ? waiting
          ? t('common.loading')
          : ''
        : lowerBound
          ? t('list.countAtLeast', { formatted: f.number(total, 0) })
          : t('list.count', { count: total, formatted: f.number(total, 0) })}
    </p>
  );
}

/**
 * What an empty list says: no matches while a search is typed, else `empty`. On its own, so a search
 * starting or ending (its first letter, or the field cleared) does not render the whole browser again
 * on the page's main thread while the host answers that keystroke.
 */
export function ListEmpty({ list, empty }: { list: SearchableList; empty: string }) {
  const { t } = useTranslation();
  const searching = useStore(list, (s) => Boolean(s.filter.query));
  return <p className="muted">{searching ? t('list.noMatches') : empty}</p>;
}

/**
 * The speed bench's measure of each answered search (use-query-timing.ts), in a component of its own:
 * as a hook of the browser it subscribed the whole browser to every answer, so each one rendered the
 * filters (their fields set again by React) and the toolbar once more.
 */
export function ListQueryTiming<R, F>({ list }: { list: StoreApi<PagedListState<R, F>> }) {
  useQueryTiming(list);
  return null;
}
