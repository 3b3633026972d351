import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { InvoiceDetail } from '../../shared/bridge';
import { useApp } from '../stores/context';
import type { InvoiceList } from '../stores/lists';
import { BrowserList } from './BrowserList';
import { ErrorNotice } from './ErrorNotice';
import { InvoiceDetailPanel } from './InvoiceDetailPanel';
import { InvoiceFilters } from './InvoiceFilters';
import { InvoiceListHeader, InvoiceListRow, useInvoiceRowLabels } from './InvoiceListRow';
import { ExportCsvButton, InvoiceTotalsLine } from './InvoiceListTools';
import { ListCount, ListEmpty, ListQueryTiming, ListSearch } from './ListToolbar';
import { StaleNotice } from './StaleNotice';
import { VirtualList } from './VirtualList';

interface InvoiceBrowserProps {
  list: InvoiceList;
  idPrefix: string;
  label: string;
  filters?: boolean;
  detailExtra?: (detail: InvoiceDetail) => ReactNode;
}

const ROW_HEIGHT = 44;

/**
 * Search, filters, the virtualized list of the whole mirror, and the open invoice beside it. The field
 * and the count subscribe on their own (ListToolbar.tsx), so a keystroke renders just them.
 */
export function InvoiceBrowser({ list, idPrefix, label, filters = true, detailExtra }: InvoiceBrowserProps) {
  const accountId = useApp((s) => s.accountId);
  const error = useStore(list, (s) => s.error);
  const openId = useStore(list, (s) => s.openId);
  const { t } = useTranslation();
  const labels = useInvoiceRowLabels();

  return (
    <div className={`browser${openId ? ' has-detail' : ''}`}>
      <BrowserList>
        <div className="toolbar">
          <ListSearch list={list} id={`${idPrefix}-search`} placeholder={t('findInvoices.placeholder')} />
          <ListCount list={list} />
          <ListQueryTiming list={list} />
          <ExportCsvButton list={list} />
        </div>
        {filters && <InvoiceFilters list={list} idPrefix={idPrefix} />}
        <StaleNotice list={list} />
        <ErrorNotice error={error} onRetry={() => list.getState().refresh()} />
        <InvoiceListHeader list={list} label={label} />
        <VirtualList
          store={list}
          rowId={(r) => r.id}
          label={label}
          idPrefix={`${idPrefix}-row`}
          rowHeight={ROW_HEIGHT}
          renderRow={(row) => <InvoiceListRow row={row} labels={labels} />}
          rowClass={(row) => (row?.detectStatus === 'WARN' ? 'is-warned' : '')}
          empty={<ListEmpty list={list} empty={t('list.empty')} />}
        />
        <InvoiceTotalsLine list={list} />
      </BrowserList>
      {openId && accountId && (
        <InvoiceDetailPanel
          key={openId}
          accountId={accountId}
          id={openId}
          onClose={() => list.getState().close()}
          onHandled={(id, handled) => list.getState().patchRow(id, { handled })}
          onSender={filters ? (sender) => list.getState().setFilter({ sender }) : undefined}
          onOpen={(other) => list.getState().openById(other)}
          onDuplicate={(other, possibleDuplicate) => list.getState().patchRow(other, { possibleDuplicate })}
          onAnswered={(other, answer) => list.getState().patchRow(other, { answer })}
        >
          {detailExtra}
        </InvoiceDetailPanel>
      )}
    </div>
  );
}
