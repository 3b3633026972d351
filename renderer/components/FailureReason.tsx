import { useTranslation } from 'react-i18next';
import { useCommand } from '../hooks/use-command';

/**
 * Why a sent invoice failed, at the top of its panel where the reroute below it starts: the newest
 * failure the service recorded on its trail, else the upload's own last error. The trail further down
 * keeps every step.
 */
export function FailureReason({ accountId, invoiceId, lastError }: { accountId: string; invoiceId: string; lastError: string | null }) {
  const { t } = useTranslation();
  const trail = useCommand('trail.invoice', { accountId, invoiceId });
  const reason = trail.data?.entries.find((e) => e.error !== null)?.error ?? lastError;
  return (
    <div className="notice notice-error failure-reason" role="note" aria-labelledby={`failure-${invoiceId}`}>
      <p className="notice-title" id={`failure-${invoiceId}`}>
        {t('rerouteState.failedTitle')}
      </p>
      {reason ? <p>{reason}</p> : !trail.loading && <p className="muted">{t('rerouteState.noReason')}</p>}
    </div>
  );
}
