import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { DocumentRow, DocumentSortKey } from '../../shared/bridge';
import { revealInvisible } from '../../shared/untrusted-text';
import { useApp, useFormat } from '../stores/context';
import type { DocumentList } from '../stores/lists';
import { BrowserList } from './BrowserList';
import { DocumentDetailPanel } from './DocumentDetailPanel';
import { ErrorNotice } from './ErrorNotice';
import { ListCount, ListEmpty, ListQueryTiming, ListSearch } from './ListToolbar';
import { RowPlaceholder } from './RowPlaceholder';
import { type SortColumn, SortHeader } from './SortHeader';
import { StaleNotice } from './StaleNotice';
import { VirtualList } from './VirtualList';

function DocumentListRow({ row }: { row: DocumentRow | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!row) return <RowPlaceholder />;
  return (
    <span className="doc-row">
      <span className="doc-type">{row.type ? t(`documentType.${row.type}`, { defaultValue: row.type }) : '–'}</span>
      <span className="doc-party">
        {revealInvisible(row.direction === 'SENT' ? row.recipientName : row.senderName) ?? t('common.unknown')}
      </span>
      <span className="mono">{row.number ?? '–'}</span>
      <span>{f.dateTime(row.createdAt)}</span>
      <span>
        {row.status && (
          <span className={`badge badge-status-${row.status.toLowerCase()}`}>
            {t(`status.${row.status}`, { defaultValue: row.status })}
          </span>
        )}
      </span>
    </span>
  );
}

/** The column headers; each sorts the list in the store's query. */
function DocumentListHeader({ list, label }: { list: DocumentList; label: string }) {
  const { t } = useTranslation();
  const direction = useStore(list, (s) => s.filter.direction);
  const sort = useStore(list, (s) => s.filter.sort);
  const columns: SortColumn<DocumentSortKey>[] = [
    { key: 'type', label: t('document.type') },
    { key: 'party', label: direction === 'SENT' ? t('document.recipient') : t('document.sender') },
    { key: 'number', label: t('document.number') },
    { key: 'created', label: t('document.created'), first: 'desc' },
    { key: 'status', label: t('invoice.status') },
  ];
  return (
    <SortHeader
      label={t('list.columnsOf', { list: label })}
      rowClass="doc-row doc-header"
      columns={columns}
      sort={sort}
      onSort={(next) => list.getState().setFilter({ sort: next })}
    />
  );
}

/** Trading documents, searched and listed the same way as invoices. */
export function DocumentBrowser({ list, idPrefix, label }: { list: DocumentList; idPrefix: string; label: string }) {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  const error = useStore(list, (s) => s.error);
  const openId = useStore(list, (s) => s.openId);
  return (
    <div className={`browser${openId ? ' has-detail' : ''}`}>
      <BrowserList>
        <div className="toolbar">
          <ListSearch list={list} id={`${idPrefix}-search`} />
          <ListCount list={list} />
          <ListQueryTiming list={list} />
        </div>
        <StaleNotice list={list} />
        <ErrorNotice error={error} onRetry={() => list.getState().refresh()} />
        <DocumentListHeader list={list} label={label} />
        <VirtualList
          store={list}
          rowId={(r) => r.id}
          label={label}
          idPrefix={`${idPrefix}-row`}
          rowHeight={44}
          renderRow={(row) => <DocumentListRow row={row} />}
          empty={<ListEmpty list={list} empty={t('list.emptyDocuments')} />}
        />
      </BrowserList>
      {openId && accountId && (
        <DocumentDetailPanel key={openId} accountId={accountId} id={openId} onClose={() => list.getState().close()} />
      )}
    </div>
  );
}
