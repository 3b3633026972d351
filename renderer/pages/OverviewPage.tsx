import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountStatusCard } from '../components/AccountStatusCard';
import { ActivityList } from '../components/ActivityList';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { NeedsPersonSection, useNeedsPerson } from '../components/NeedsPersonSection';
import { AccountTable } from '../components/overview/AccountTable';
import { useApp, useFormat, useSlice, useStores } from '../stores/context';

/** How recent an answer the page takes as it is. */
const FRESH_MS = 2_000;
/** Up to this many accounts the Overview shows a card each; more are a table, with the chosen one's card under it. */
export const MAX_CARDS = 3;

export function OverviewPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { sync } = useStores();
  const statuses = useSlice(sync, (s) => s.statuses);
  const activity = useSlice(sync, (s) => s.activity);
  const problems = useSlice(sync, (s) => s.problems);
  const error = useSlice(sync, (s) => s.error);
  const names = new Map(statuses.map((s) => [s.account.id, s.account.name]));
  const chosen = useApp((s) => s.accountId);
  const needs = useNeedsPerson();

  // Events keep both up to date while the window is open; coming back to the page asks again, but
  // not on opening the window, which has asked for both a moment before (main.tsx).
  useEffect(() => {
    void sync.getState().refresh({ ifOlderThanMs: FRESH_MS });
    void sync.getState().loadActivity(undefined, { ifOlderThanMs: FRESH_MS });
  }, [sync]);

  const many = statuses.length > MAX_CARDS;
  const open = many ? statuses.find((s) => s.account.id === chosen) : undefined;
  return (
    <div className="page">
      <h1>{t('overview.title')}</h1>
      <NeedsPersonSection q={needs} />
      <ErrorNotice error={error} onRetry={() => void sync.getState().refresh()} />
      {problems.length > 0 && (
        <section aria-labelledby="problems-title" className="problems">
          <h2 id="problems-title">{t('overview.problems')}</h2>
          <ul>
            {problems.map((p) => (
              <li key={p.id} className={`notice notice-${p.kind === 'retry' ? 'warn' : 'error'}`}>
                {/* Every line names its company: with many accounts a problem of no one is a problem of anyone. */}
                <span className="notice-title">{t(`overview.problemKind.${p.kind}`)}</span>{' '}
                {names.get(p.accountId ?? '') ? <strong>{names.get(p.accountId ?? '')}: </strong> : null}
                {p.message} <span className="muted">{f.dateTime(new Date(p.at).toISOString())}</span>{' '}
                <button type="button" className="link" onClick={() => sync.getState().dismissProblem(p.id)}>
                  {t('common.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {statuses.length === 0 && !error ? <Loading /> : null}
      {many ? (
        <>
          <AccountTable statuses={statuses} needs={needs.data} />
          {open && <AccountStatusCard key={open.account.id} status={open} />}
        </>
      ) : (
        <div className="status-grid">
          {statuses.map((s) => (
            <AccountStatusCard key={s.account.id} status={s} />
          ))}
        </div>
      )}
      <section aria-labelledby="activity-title">
        <h2 id="activity-title">{t('overview.activity')}</h2>
        <ActivityList items={activity} />
      </section>
    </div>
  );
}
