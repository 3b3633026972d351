import { useTranslation } from 'react-i18next';
import { useSlice, useStores } from '../stores/context';

/**
 * The received files an account gave up on after their tries: all fetched again with one button, or
 * listed (asked for when opened) to fetch one by one.
 */
export function GivenUpFiles({ accountId, count }: { accountId: string; count: number }) {
  const { t } = useTranslation();
  const { sync } = useStores();
  const files = useSlice(sync, (s) => s.givenUp[accountId] ?? null);
  const busy = useSlice(sync, (s) => s.busy[accountId] === true);
  if (count === 0 && !files?.length) return null;
  return (
    <div className="given-up">
      <button type="button" disabled={busy || count === 0} onClick={() => void sync.getState().fetchAgain(accountId)}>
        {t('overview.givenUp.fetchAll')}
      </button>
      <details
        onToggle={(e) => {
          if (e.currentTarget.open) void sync.getState().loadGivenUp(accountId);
        }}
      >
        <summary>{t('overview.givenUp.show')}</summary>
        {files?.length === 0 && <p className="muted">{t('overview.givenUp.none')}</p>}
        <ul className="given-up-files">
          {files?.map((f) => (
            <li key={`${f.table}:${f.jobId}`}>
              <span className="mono">{f.name}</span>
              {f.error && <span className="muted"> {f.error}</span>}{' '}
              <button type="button" disabled={busy} onClick={() => void sync.getState().fetchAgain(accountId, f)}>
                {t('overview.givenUp.fetchOne')}
              </button>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
