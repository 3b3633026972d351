import type { ReactNode } from 'react';
import type { CommandState } from '../hooks/use-command';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

interface CommandTableProps<T> {
  /** A list read with useCommand: its error (with Try again), its loading state, then the table. */
  list: CommandState<readonly T[]>;
  caption: string;
  headers: readonly string[];
  /** Said in the one row of an empty list. */
  empty: string;
  row: (item: T) => ReactNode;
}

/** The company panels' lists (departments, webhooks): one shape for loading, failure, empty and rows. */
export function CommandTable<T>({ list, caption, headers, empty, row }: CommandTableProps<T>) {
  return (
    <>
      {list.error && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {!list.data && !list.error && <Loading />}
      {list.data && (
        <div className="table-wrap">
          <table className="table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                {headers.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.length === 0 && (
                <tr>
                  <td colSpan={headers.length} className="muted">
                    {empty}
                  </td>
                </tr>
              )}
              {list.data.map(row)}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
