import { useTranslation } from 'react-i18next';
import type { SyncState } from '../../shared/bridge';

const TONE: Record<SyncState, string> = { idle: 'ok', syncing: 'info', paused: 'muted', needs_user: 'error', offline: 'warn' };

export function SyncStateBadge({ state, message }: { state: SyncState; message?: string | null }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-${TONE[state]}`} title={message ?? undefined}>
      <span className={`dot dot-${TONE[state]}`} aria-hidden="true" />
      {t(`sync.state.${state}`)}
    </span>
  );
}
