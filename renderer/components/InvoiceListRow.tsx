import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '../../shared/bridge';
import { useFormat } from '../stores/context';
import { RowPlaceholder } from './RowPlaceholder';

/** Columns of an invoice row; the header above the list uses the same grid. */
export function InvoiceListRow({ row }: { row: InvoiceRow | undefined }) {
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
      </span>
      <span className="inv-sum num">{f.money(row.sum, row.currency)}</span>
    </span>
  );
}

export function InvoiceListHeader({ direction }: { direction: 'RECEIVED' | 'SENT' }) {
  const { t } = useTranslation();
  return (
    <div className="inv-row inv-header" aria-hidden="true">
      <span className="inv-flag" />
      <span className="inv-party">{direction === 'SENT' ? t('invoice.recipient') : t('invoice.sender')}</span>
      <span className="inv-number">{t('invoice.number')}</span>
      <span className="inv-date">{t('invoice.date')}</span>
      <span className="inv-due">{t('invoice.due')}</span>
      <span className="inv-status">{t('invoice.status')}</span>
      <span className="inv-sum num">{t('invoice.sum')}</span>
    </div>
  );
}
