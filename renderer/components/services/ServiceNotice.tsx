import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import { ErrorNotice } from '../ErrorNotice';

/** The service names 500 and 503 "unavailable; retry later" for scanning and lookups. */
export const isUnavailable = (e: BridgeErrorView | null): boolean => !!e && (e.status === 503 || e.status === 500);

/** A failure of a scanning or lookup call: "temporarily unavailable, try again" for 500/503, else the usual notice. */
export function ServiceNotice({ error, onRetry, lines }: { error: BridgeErrorView | null; onRetry?: () => void; lines?: string[] }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (!isUnavailable(error)) return <ErrorNotice error={error} onRetry={onRetry} lines={lines} />;
  return (
    <div className="notice notice-warn" role="alert">
      <p className="notice-title">{t('unavailable.title')}</p>
      <p className="notice-body">{t('unavailable.body')}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
