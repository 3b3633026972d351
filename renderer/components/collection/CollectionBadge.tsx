import { useTranslation } from 'react-i18next';
import { useCollectionState } from '../../stores/collection-states';
import { useApp } from '../../stores/context';

/** A sent invoice's collection state in its list row: where the agency is with it, and news. */
export function CollectionBadge({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  const s = useCollectionState(accountId, invoiceId);
  if (!s) return null;
  const label =
    s.status === 'ok' && s.phase
      ? t(`collection.phase.${s.phase}`, { defaultValue: s.phase })
      : t(`collection.status.${s.status}`, { defaultValue: s.status });
  return (
    <span
      className={`badge badge-collection-${s.status}${s.unseenEvents > 0 ? ' badge-new' : ''}`}
      title={t('collection.badge', { state: label })}
    >
      {t('collection.badge', { state: label })}
    </span>
  );
}
