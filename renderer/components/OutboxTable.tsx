import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView, OutboxItemView } from '../../shared/bridge';
import { useApp, useBridge, useFormat, useSlice, useStores } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { type OutboxSortKey, sortOutbox } from '../stores/outbox-store';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';
import { ariaSort, SortButton, type SortColumn } from './SortHeader';
import { BreaksFromBadge, OutboxReport, UncheckedBadge, ValidationBadge } from './validation/OutboxValidation';

/** What the hot folders picked up: waiting, sending, sent and failed, with their delivery state. */
export function OutboxTable({ onReroute }: { onReroute(remoteId: string): void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { outbox } = useStores();
  const items = useSlice(outbox, (s) => s.items);
  const loading = useSlice(outbox, (s) => s.loading);
  const error = useSlice(outbox, (s) => s.error);
  const accountId = useSlice(outbox, (s) => s.accountId);
  const sort = useSlice(outbox, (s) => s.sort);
  const rows = useMemo(() => sortOutbox(items, sort), [items, sort]);
  // The row whose validation report is open below the table (kept by id: the list reloads on every event).
  const [reportId, setReportId] = useState<number | null>(null);
  const reportItem = reportId === null ? null : (items.find((i) => i.id === reportId) ?? null);
  const columns: (SortColumn<OutboxSortKey> & { key: OutboxSortKey })[] = [
    { key: 'file', label: t('sent.file') },
    { key: 'kind', label: t('sent.kind') },
    { key: 'state', label: t('sent.state') },
    { key: 'delivery', label: t('sent.delivery') },
    { key: 'attempts', label: t('sent.attempts'), className: 'num', first: 'desc' },
    { key: 'updated', label: t('sent.updated'), first: 'desc' },
  ];

  return (
    <div>
      <ErrorNotice error={error} onRetry={() => void outbox.getState().load(accountId)} />
      {items.length === 0 ? (
        loading ? (
          <Loading />
        ) : (
          <p className="muted">{t('sent.outboxEmpty')}</p>
        )
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('sent.outbox')}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.className} aria-sort={ariaSort(sort, c.key)}>
                    <SortButton column={c} sort={sort} onSort={(next) => outbox.getState().setSort(next)} />
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('sent.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((i) => (
                <OutboxRow key={i.id} item={i} when={f.dateTime(i.updatedAt)} onReroute={onReroute} onReport={setReportId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reportItem && <OutboxReport key={reportItem.id} item={reportItem} onClose={() => setReportId(null)} />}
    </div>
  );
}

interface OutboxRowProps {
  item: OutboxItemView;
  when: string;
  onReroute(remoteId: string): void;
  onReport(id: number): void;
}

function OutboxRow({ item, when, onReroute, onReport }: OutboxRowProps) {
  const { t } = useTranslation();
  const { outbox } = useStores();
  const bridge = useBridge();
  const canShow = useApp((s) => s.info?.capabilities.openFiles === true);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const showInFolder = async (path: string) => {
    setError(null);
    try {
      await bridge.invoke('files.showInFolder', { accountId: item.accountId, path });
    } catch (e) {
      setError(toErrorView(e));
    }
  };
  return (
    <tr className={item.state === 'failed' || item.state === 'needs_user' || item.needsReroute ? 'is-failed' : ''}>
      <td>
        <span className="mono">{item.file}</span>
        {item.lastError && (
          <p className="field-error">
            {item.errorKind && <span>{t(`errors.kinds.${item.errorKind}`)} </span>}
            {item.lastError}
          </p>
        )}
        {item.unchecked && <p className="muted">{t(`validate.unchecked.${item.unchecked}`)}</p>}
        <ErrorNotice error={error} />
      </td>
      <td>
        {item.kind === 'invoice'
          ? t('sent.invoice')
          : item.kind === 'bank_message'
            ? t('sent.bankMessage')
            : (item.documentType ?? t('sent.document'))}
      </td>
      <td>
        <span className={`badge badge-outbox-${item.state}`}>{t(`outbox.state.${item.state}`, { defaultValue: item.state })}</span>
        {item.validation && (
          <>
            {' '}
            <ValidationBadge summary={item.validation} />
            {item.validation.breaksFrom && (
              <>
                {' '}
                <BreaksFromBadge summary={item.validation} />
              </>
            )}
          </>
        )}
        {item.unchecked && (
          <>
            {' '}
            <UncheckedBadge />
          </>
        )}
      </td>
      <td>{item.deliveryStatus ? t(`status.${item.deliveryStatus}`, { defaultValue: item.deliveryStatus }) : '–'}</td>
      <td className="num">{item.attempts}</td>
      <td>{when}</td>
      <td className="row-actions">
        {item.validation && (
          <button type="button" className="link" onClick={() => onReport(item.id)} aria-label={t('validate.reportOf', { file: item.file })}>
            {t('validate.openReport')}
          </button>
        )}
        {canShow && item.path && (
          <button type="button" className="link" onClick={() => void showInFolder(item.path as string)}>
            {t('files.showInFolder')}
          </button>
        )}
        {item.state === 'held_duplicate' && (
          <button type="button" onClick={() => void outbox.getState().force(item.id)}>
            {t('sent.sendAnyway')}
          </button>
        )}
        {item.state === 'needs_user' && (
          <button type="button" onClick={() => void outbox.getState().retry(item.id)}>
            {t('sent.tryAgain')}
          </button>
        )}
        {item.needsReroute && item.remoteId && (
          <button type="button" className="primary" onClick={() => onReroute(item.remoteId as string)}>
            {t('sent.reroute')}
          </button>
        )}
      </td>
    </tr>
  );
}
