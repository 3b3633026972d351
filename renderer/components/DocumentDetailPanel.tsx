import { useTranslation } from 'react-i18next';
import { revealInvisible } from '../../shared/untrusted-text';
import { useCommand } from '../hooks/use-command';
import { useFormat } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { FileList } from './FileList';
import { Loading } from './Loading';
import { DeliveryTrail } from './scrutiny/DeliveryTrail';

/** A trading document: its facts, its events (delivery history) and its files. */
export function DocumentDetailPanel({ accountId, id, onClose }: { accountId: string; id: string; onClose(): void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { data, error, loading, reload } = useCommand('documents.get', { accountId, id });
  const detail = data?.row.id === id ? data : null;
  const row = detail?.row;
  const facts: [string, string][] = row
    ? [
        [t('document.type'), row.type ? t(`documentType.${row.type}`, { defaultValue: row.type }) : '–'],
        [t('document.number'), row.number ?? '–'],
        [t('document.reference'), row.reference ?? '–'],
        [t('document.sender'), revealInvisible(row.senderName) ?? '–'],
        [t('document.recipient'), revealInvisible(row.recipientName) ?? '–'],
        [t('document.created'), f.dateTime(row.createdAt)],
      ]
    : [];
  return (
    <section className="detail" aria-labelledby="doc-detail-title">
      <div className="detail-head">
        <h2 id="doc-detail-title">
          {row
            ? `${row.type ? t(`documentType.${row.type}`, { defaultValue: row.type }) : ''} ${row.number ?? ''}`.trim()
            : t('document.title')}
        </h2>
        <button type="button" className="icon" onClick={onClose} aria-label={t('common.close')} title={t('common.close')}>
          ×
        </button>
      </div>
      {error && <ErrorNotice error={error} onRetry={reload} />}
      {!detail && !error && loading && <Loading />}
      {detail && row && (
        <>
          {row.status && (
            <span className={`badge badge-status-${row.status.toLowerCase()}`}>
              {t(`status.${row.status}`, { defaultValue: row.status })}
            </span>
          )}
          <dl className="facts">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {row.direction === 'SENT' && (
            <DeliveryTrail accountId={accountId} kind="document" id={row.id} status={row.status} onConfirmed={reload} />
          )}
          {row.direction !== 'SENT' && (
            <section aria-labelledby="doc-events-title">
              <h3 id="doc-events-title">{t('document.events')}</h3>
              {detail.events.length === 0 ? (
                <p className="muted">{t('document.noEvents')}</p>
              ) : (
                <ol className="activity">
                  {detail.events.map((e) => (
                    <li key={`${e.createdAt}-${e.code}`}>
                      <time dateTime={e.createdAt}>{f.dateTime(e.createdAt)}</time>
                      <span className="badge badge-muted">{e.code}</span>
                      <span>{e.message}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
          <section aria-labelledby="doc-files-title">
            <h3 id="doc-files-title">{t('files.title')}</h3>
            <FileList accountId={accountId} files={detail.files} />
          </section>
        </>
      )}
    </section>
  );
}
