import { useTranslation } from 'react-i18next';
import type { ListSort, SortDirection } from '../../shared/bridge';

export interface SortColumn<K extends string> {
  /** null: a column that does not sort (the warning flag). */
  key: K | null;
  label: string;
  className?: string;
  /** Which way a first click sorts: dates and sums newest and largest first, words from A. */
  first?: SortDirection;
}

/**
 * The next order when a header is clicked: a new column sorts its first way, the same column the
 * other way, and a third click gives the list its own order back (undefined).
 */
export function nextSort<K extends string>(sort: ListSort<K> | undefined, key: K, first: SortDirection = 'asc'): ListSort<K> | undefined {
  if (sort?.by !== key) return { by: key, dir: first };
  if (sort.dir === first) return { by: key, dir: first === 'asc' ? 'desc' : 'asc' };
  return undefined;
}

export const ariaSort = <K extends string>(sort: ListSort<K> | undefined, key: K | null): 'ascending' | 'descending' | undefined =>
  key !== null && sort?.by === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;

/** A header's button: its label, the way it sorts now, and what a click does in its title. */
export function SortButton<K extends string>({
  column,
  sort,
  onSort,
}: {
  column: SortColumn<K> & { key: K };
  sort: ListSort<K> | undefined;
  onSort(next: ListSort<K> | undefined): void;
}) {
  const { t } = useTranslation();
  const now = ariaSort(sort, column.key);
  return (
    <button
      type="button"
      className="sort-button"
      title={t('list.sortBy', { column: column.label })}
      onClick={() => onSort(nextSort(sort, column.key, column.first))}
    >
      {column.label}
      <span className="sort-mark" aria-hidden="true">
        {now === 'ascending' ? '▲' : now === 'descending' ? '▼' : ''}
      </span>
    </button>
  );
}

/**
 * The column headers above a virtualized list: a table of one header row (the list itself is a
 * listbox), laid out on the list's grid, each header a button that sorts the list by it and the
 * current one marked with aria-sort.
 */
export function SortHeader<K extends string>({
  label,
  rowClass,
  columns,
  sort,
  onSort,
}: {
  label: string;
  rowClass: string;
  columns: readonly SortColumn<K>[];
  sort: ListSort<K> | undefined;
  onSort(next: ListSort<K> | undefined): void;
}) {
  return (
    <table aria-label={label} className="list-head">
      <thead>
        <tr className={rowClass}>
          {columns.map((c, i) => (
            <th scope="col" key={c.key ?? `col-${i}`} className={c.className} aria-sort={ariaSort(sort, c.key)}>
              {c.key === null ? (
                <span className="visually-hidden">{c.label}</span>
              ) : (
                <SortButton column={{ ...c, key: c.key }} sort={sort} onSort={onSort} />
              )}
            </th>
          ))}
        </tr>
      </thead>
    </table>
  );
}
