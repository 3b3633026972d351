import { useTranslation } from 'react-i18next';
import type { AccountStatusView } from '../../shared/bridge';
import { useNow } from '../hooks/use-now';
import { useFormat, useSlice, useStores } from '../stores/context';
import { GivenUpFiles } from './GivenUpFiles';
import { HealthProblems } from './HealthProblems';
import { healthWhat } from './health-words';
import { ProgressBar } from './ProgressBar';
import { RevealButton } from './RevealButton';
import { SandboxBadge } from './SandboxBadge';
import { SyncStateBadge } from './SyncStateBadge';

const COUNTS = ['queued', 'held', 'sending', 'sent', 'failed', 'needsReroute', 'received', 'downloadsPending', 'downloadsFailed'] as const;

/** One account at a glance: state, polls, what is queued, sending and failed, and the controls. */
export function AccountStatusCard({ status }: { status: AccountStatusView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const now = useNow();
  const { sync } = useStores();
  const { account } = status;
  const progress = useSlice(sync, (s) => s.progress[account.id] ?? null);
  const busy = useSlice(sync, (s) => s.busy[account.id] === true);
  const blocked = useSlice(sync, (s) => s.blocked[account.id] ?? null);
  const titleId = `account-card-${account.id}`;
  return (
    <section className="card status-card" aria-labelledby={titleId}>
      <div className="card-head">
        <h2 id={titleId}>{account.name}</h2>
        <SandboxBadge environment={account.environment} />
        <SyncStateBadge state={status.state} message={status.message} />
      </div>
      <HealthProblems problems={status.health.problems} />
      <dl className="facts">
        <div>
          <dt>{t('health.lastSuccess')}</dt>
          <dd title={f.dateTime(status.health.lastSuccessAt)}>
            {status.health.lastSuccessAt ? f.ago(status.health.lastSuccessAt, now) : t('overview.never')}
          </dd>
        </div>
        <div>
          <dt>{t('overview.lastPoll')}</dt>
          <dd title={f.dateTime(status.lastPoll)}>{status.lastPoll ? f.ago(status.lastPoll, now) : t('overview.never')}</dd>
        </div>
        <div>
          <dt>{t('overview.nextPoll')}</dt>
          <dd title={f.dateTime(status.nextPoll)}>
            {account.paused ? t('sync.state.paused') : status.nextPoll ? f.relative(status.nextPoll, now) : t('common.none')}
          </dd>
        </div>
        {status.serviceWaitUntil && (
          <div>
            <dt>{t('overview.serviceWait')}</dt>
            <dd title={f.dateTime(status.serviceWaitUntil)}>{f.relative(status.serviceWaitUntil, now)}</dd>
          </div>
        )}
        <div>
          <dt>{t('overview.root')}</dt>
          <dd>
            <span className="mono" translate="no">
              {account.root}
            </span>{' '}
            <RevealButton
              accountId={account.id}
              target={{ folder: 'root' }}
              label={t('reveal.show')}
              name={t('reveal.showRoot', { name: account.name })}
            />
          </dd>
        </div>
      </dl>
      <ul className="counts">
        {COUNTS.map((c) => (
          <li key={c} className={`count count-${c}${status[c] > 0 ? ' is-nonzero' : ''}`}>
            <span className="count-value">{f.number(status[c], 0)}</span>
            <span className="count-label">{t(`overview.counts.${c}`)}</span>
          </li>
        ))}
      </ul>
      {progress && <ProgressBar progress={progress} />}
      <GivenUpFiles accountId={account.id} count={status.downloadsFailed} />
      {blocked && (
        <p role="alert" className="notice notice-error">
          {t('health.syncNowBlocked', { what: healthWhat(t, blocked) })}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy || account.paused}
          onClick={() => void sync.getState().syncNow(account.id)}
        >
          {t('overview.syncNow')}
        </button>
        <button type="button" disabled={busy} onClick={() => void sync.getState().setPaused(account.id, !account.paused)}>
          {account.paused ? t('overview.resume') : t('overview.pause')}
        </button>
      </div>
    </section>
  );
}
