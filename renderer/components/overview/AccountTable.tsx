import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountStatusView } from '../../../shared/bridge';
import type { NeedsPersonView } from '../../../shared/bridge/needs-person';
import { useNow } from '../../hooks/use-now';
import { useApp, useFormat, useStores } from '../../stores/context';
import { SearchBox } from '../SearchBox';
import { type SortColumn, SortHeader } from '../SortHeader';
import { SyncStateBadge } from '../SyncStateBadge';
import { SYNC_STATES } from './account-health';
import {
  type AccountFilter,
  type AccountRow,
  type AccountSort,
  type AccountSortKey,
  accountRows,
  filterRows,
  NO_FILTER,
  sortRows,
} from './account-rows';

const ROW_HEIGHT = 36;
/** Rows shown before the table scrolls: the rest of the Overview stays in reach below it. */
const VISIBLE_ROWS = 14;
const FALLBACK_RECT = { width: 900, height: VISIBLE_ROWS * ROW_HEIGHT };

/**
 * Every company as one row of a table an accountant with hundreds of them can work in: found by name,
 * narrowed to those that need a person, sorted by any column. Only the rows in view are in the page
 * (virtualized as the invoice lists are). The list keeps focus and points at its cursor row: arrows,
 * Page Up/Down, Home and End move, Enter (or a click) opens the company, whose card shows under it.
 */
export function AccountTable({ statuses, needs }: { statuses: readonly AccountStatusView[]; needs: NeedsPersonView | null }) {
  const { t } = useTranslation();
  const { app } = useStores();
  const chosen = useApp((s) => s.accountId);
  const [filter, setFilter] = useState<AccountFilter>(NO_FILTER);
  const [sort, setSort] = useState<AccountSort | undefined>(undefined);
  const [cursorId, setCursorId] = useState<string | null>(chosen);
  const all = useMemo(() => accountRows(statuses, needs), [statuses, needs]);
  const rows = useMemo(() => sortRows(filterRows(all, filter), sort), [all, filter, sort]);
  const found = rows.findIndex((r) => r.id === cursorId);
  const cursor = found >= 0 ? found : rows.length > 0 ? 0 : -1;
  const parentRef = useRef<HTMLDivElement>(null);
  const now = useNow();

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    useFlushSync: false,
    initialRect: FALLBACK_RECT,
    // A size of none (a test DOM, a page not laid out yet) is taken as the table's own height.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });
  useEffect(() => {
    if (cursor >= 0) virtualizer.scrollToIndex(cursor, { align: 'auto' });
  }, [cursor, virtualizer]);

  const open = (row: AccountRow | undefined) => {
    if (!row) return;
    setCursorId(row.id);
    app.getState().selectAccount(row.id);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = VISIBLE_ROWS - 1;
    const moves: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: page,
      PageUp: -page,
      Home: -rows.length,
      End: rows.length,
    };
    const delta = moves[e.key];
    if (delta !== undefined && rows.length > 0) {
      e.preventDefault();
      const next = Math.min(rows.length - 1, Math.max(0, cursor + delta));
      setCursorId(rows[next]?.id ?? null);
    } else if (e.key === 'Enter' && cursor >= 0) {
      e.preventDefault();
      open(rows[cursor]);
    }
  };

  const columns: SortColumn<AccountSortKey>[] = [
    { key: 'name', label: t('cockpit.columns.company'), className: 'acc-name' },
    { key: 'state', label: t('cockpit.columns.state'), className: 'acc-state' },
    { key: 'lastSuccess', label: t('cockpit.columns.lastSuccess'), className: 'acc-when', first: 'desc' },
    { key: 'queued', label: t('cockpit.columns.queued'), className: 'num', first: 'desc' },
    { key: 'failed', label: t('cockpit.columns.failed'), className: 'num', first: 'desc' },
    { key: 'reroutes', label: t('cockpit.columns.reroutes'), className: 'num', first: 'desc' },
    { key: 'warnings', label: t('cockpit.columns.warnings'), className: 'num', first: 'desc' },
  ];
  const label = t('cockpit.title');
  const height = Math.max(1, Math.min(rows.length, VISIBLE_ROWS)) * ROW_HEIGHT + 2;
  return (
    <section aria-labelledby="accounts-table-title" className="card stack account-table">
      <div className="toolbar">
        <h2 id="accounts-table-title">{label}</h2>
        <SearchBox
          id="accounts-search"
          label={t('cockpit.find')}
          value={filter.query}
          onChange={(query) => setFilter({ ...filter, query })}
        />
        <div className="field field-inline">
          <label htmlFor="accounts-state">{t('cockpit.show')}</label>
          <select
            id="accounts-state"
            value={filter.state}
            onChange={(e) => setFilter({ ...filter, state: e.target.value as AccountFilter['state'] })}
          >
            <option value="all">{t('cockpit.states.all')}</option>
            <option value="attention">{t('cockpit.states.attention')}</option>
            {SYNC_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`sync.state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <p className="list-count" aria-live="polite">
          {t('cockpit.count', { count: all.length, shown: rows.length })}
        </p>
      </div>
      <SortHeader
        label={t('list.columnsOf', { list: label })}
        rowClass="acc-row acc-header"
        columns={columns}
        sort={sort}
        onSort={setSort}
      />
      {rows.length === 0 ? (
        <p className="list-empty muted">{t('cockpit.noMatches')}</p>
      ) : (
        <div className="vlist-frame" style={{ height, flex: 'none', minHeight: 0 }}>
          <div
            ref={parentRef}
            className="vlist"
            role="listbox"
            aria-label={label}
            tabIndex={0}
            aria-activedescendant={cursor >= 0 ? `account-row-${cursor}` : undefined}
            onKeyDown={onKey}
          >
            <div className="vlist-size" aria-hidden="true" style={{ height: virtualizer.getTotalSize() }} />
            <div className="vlist-inner">
              {virtualizer.getVirtualItems().map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                const isOpen = row.id === chosen;
                return (
                  // The listbox keeps focus and points at the cursor row (as VirtualList does): rows take no keys.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                  // biome-ignore lint/a11y/useFocusableInteractive: see above
                  <div
                    key={row.id}
                    id={`account-row-${item.index}`}
                    role="option"
                    aria-selected={item.index === cursor}
                    aria-current={isOpen ? 'true' : undefined}
                    aria-setsize={rows.length}
                    aria-posinset={item.index + 1}
                    data-account={row.id}
                    className={`vlist-row${item.index === cursor ? ' is-cursor' : ''}${isOpen ? ' is-open' : ''}${row.attention ? ' is-attention' : ''}`}
                    style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                    onClick={() => open(row)}
                  >
                    <AccountRowCells row={row} now={now} />
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

/** A row as the table shows it: the same words, whatever new object the last status answer made of it. */
const sameRow = (a: { row: AccountRow; now: number }, b: { row: AccountRow; now: number }) =>
  a.now === b.now &&
  a.row.name === b.row.name &&
  a.row.health.state === b.row.health.state &&
  a.row.health.message === b.row.health.message &&
  a.row.health.lastSuccess === b.row.health.lastSuccess &&
  a.row.queued === b.row.queued &&
  a.row.failed === b.row.failed &&
  a.row.reroutes === b.row.reroutes &&
  a.row.warnings === b.row.warnings;

// Every status answer (one per sync state of any company) renders the table again; a row whose
// words did not change is not rendered again.
const AccountRowCells = memo(function AccountRowCells({ row, now }: { row: AccountRow; now: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const n = (v: number | null) => (v === null ? '–' : f.number(v, 0));
  const when = row.health.lastSuccess;
  return (
    <span className="acc-row">
      <span className="acc-name">{row.name}</span>
      <span className="acc-state">
        <SyncStateBadge state={row.health.state} message={row.health.message} />
      </span>
      <span className="acc-when" title={when ? f.dateTime(when) : undefined}>
        {when ? f.relative(when, now) : t('overview.never')}
      </span>
      <span className={`num${row.queued > 0 ? ' is-nonzero' : ''}`}>{n(row.queued)}</span>
      <span className={`num${row.failed > 0 ? ' is-bad' : ''}`}>{n(row.failed)}</span>
      <span className={`num${row.reroutes > 0 ? ' is-bad' : ''}`}>{n(row.reroutes)}</span>
      <span className={`num${(row.warnings ?? 0) > 0 ? ' is-warn' : ''}`}>{n(row.warnings)}</span>
    </span>
  );
}, sameRow);
