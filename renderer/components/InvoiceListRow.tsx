import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { InvoiceRow, InvoiceSortKey } from '../../shared/bridge';
import { useFormat } from '../stores/context';
import type { InvoiceList } from '../stores/lists';
import { CollectionBadge } from './collection/CollectionBadge';
import { RowPlaceholder } from './RowPlaceholder';
import { type SortColumn, SortHeader } from './SortHeader';

/**
 * Columns of an invoice row; the header above the list uses the same grid. Memoized on the row: a
 * keystroke re-renders the list with the rows it already shows while the new query is on its way, and
 * only the answer's rows (new objects) need rendering again.
 */
export const InvoiceListRow = memo(function InvoiceListRow({ row }: { row: InvoiceRow | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!row) return <RowPlaceholder />;
  const party = row.direction === 'SENT' ? row.recipientName : row.senderName;
  const warned = row.detectStatus === 'WARN';
  // The service's own wording of the first reason, in the language the findings were fetched in.
  const reason = warned ? (row.detectFindings[0] ?? t('detect.warning')) : null;
  return (
    <span className="inv-row">
      <span className="inv-flag">
        {warned && (
          <span
            className="warn-icon"
            role="img"
            aria-label={t('detect.warning')}
            title={row.detectFindings.join('\n') || t('detect.warningHint')}
          >
            ⚠
          </span>
        )}
      </span>
      <span className={`inv-party${!row.handled && row.direction === 'RECEIVED' ? ' is-unhandled' : ''}`}>
        {party ?? t('common.unknown')}
        {reason && <span className="inv-warn-text"> · {reason}</span>}
      </span>
      <span className="inv-number mono">{row.number ?? '–'}</span>
      <span className="inv-date">{f.date(row.date)}</span>
      <span className="inv-due">{f.date(row.dateDue)}</span>
      <span className="inv-status">
        {row.status && (
          <span className={`badge badge-status-${row.status.toLowerCase()}`}>
            {t(`status.${row.status}`, { defaultValue: row.status })}
          </span>
        )}
        {row.direction === 'RECEIVED' && row.handled && <span className="badge badge-muted">{t('invoice.handled')}</span>}
        {row.direction === 'SENT' && <CollectionBadge invoiceId={row.id} />}
      </span>
      <span className="inv-sum num">{f.money(row.sum, row.currency)}</span>
    </span>
  );
});

/** The column headers of an invoice list; each sorts the list in the store's query (keyset paging follows it). */
export function InvoiceListHeader({ list, label }: { list: InvoiceList; label: string }) {
  const { t } = useTranslation();
  const direction = useStore(list, (s) => s.filter.direction);
  const sort = useStore(list, (s) => s.filter.sort);
  const columns: SortColumn<InvoiceSortKey>[] = [
    { key: null, label: t('detect.warning'), className: 'inv-flag' },
    { key: 'party', label: direction === 'SENT' ? t('invoice.recipient') : t('invoice.sender'), className: 'inv-party' },
    { key: 'number', label: t('invoice.number'), className: 'inv-number' },
    { key: 'date', label: t('invoice.date'), className: 'inv-date', first: 'desc' },
    { key: 'due', label: t('invoice.due'), className: 'inv-due', first: 'desc' },
    { key: 'status', label: t('invoice.status'), className: 'inv-status' },
    { key: 'sum', label: t('invoice.sum'), className: 'inv-sum num', first: 'desc' },
  ];
  return (
    <SortHeader
      label={t('list.columnsOf', { list: label })}
      rowClass="inv-row inv-header"
      columns={columns}
      sort={sort}
      onSort={(next) => list.getState().setFilter({ sort: next })}
    />
  );
}
