import { useTranslation } from 'react-i18next';
import type { OutboxItemView } from '../../shared/bridge';
import { useFormat, useSlice, useStores } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

/** What the hot folders picked up: waiting, sending, sent and failed, with their delivery state. */
export function OutboxTable({ onReroute }: { onReroute(remoteId: string): void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { outbox } = useStores();
  const items = useSlice(outbox, (s) => s.items);
  const loading = useSlice(outbox, (s) => s.loading);
  const error = useSlice(outbox, (s) => s.error);
  const accountId = useSlice(outbox, (s) => s.accountId);

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
                <th scope="col">{t('sent.file')}</th>
                <th scope="col">{t('sent.kind')}</th>
                <th scope="col">{t('sent.state')}</th>
                <th scope="col">{t('sent.delivery')}</th>
                <th scope="col" className="num">
                  {t('sent.attempts')}
                </th>
                <th scope="col">{t('sent.updated')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('sent.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <OutboxRow key={i.id} item={i} when={f.dateTime(i.updatedAt)} onReroute={onReroute} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function OutboxRow({ item, when, onReroute }: { item: OutboxItemView; when: string; onReroute(remoteId: string): void }) {
  const { t } = useTranslation();
  const { outbox } = useStores();
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
      </td>
      <td>{item.kind === 'invoice' ? t('sent.invoice') : (item.documentType ?? t('sent.document'))}</td>
      <td>
        <span className={`badge badge-outbox-${item.state}`}>{t(`outbox.state.${item.state}`, { defaultValue: item.state })}</span>
      </td>
      <td>{item.deliveryStatus ? t(`status.${item.deliveryStatus}`, { defaultValue: item.deliveryStatus }) : '–'}</td>
      <td className="num">{item.attempts}</td>
      <td>{when}</td>
      <td className="row-actions">
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
