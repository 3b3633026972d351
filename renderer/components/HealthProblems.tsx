import { useTranslation } from 'react-i18next';
import { type HealthProblem, NEEDS_USER } from '../../shared/account-health';
import { useNow } from '../hooks/use-now';
import { useFormat } from '../stores/context';
import { healthTodo, healthWhat } from './health-words';

/**
 * What keeps an account from being up to date (shared/account-health.ts): each problem, since when and
 * what to do, the engine's own words folded under "Details". For a card, a table row or "Needs a person".
 */
export function HealthProblems({ problems }: { problems: readonly HealthProblem[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const now = useNow();
  if (problems.length === 0) return null;
  return (
    <ul className="health-problems">
      {problems.map((p) => (
        <li
          key={`${p.kind}-${p.since}-${p.detail}`}
          className={`health-problem health-${NEEDS_USER.has(p.kind) ? 'user' : 'app'}`}
          data-kind={p.kind}
        >
          <span className="health-what">{healthWhat(t, p)}</span>
          {p.since && (
            <span className="muted" title={f.dateTime(p.since)}>
              {' '}
              ({t('health.since', { when: f.dateTime(p.since) })}
              {now - Date.parse(p.since) >= 60_000 ? `, ${f.ago(p.since, now)}` : ''})
            </span>
          )}
          <span className="health-todo">
            {' '}
            {t('health.todo')} {healthTodo(t, p)}
          </span>
          {p.detail && (
            <details className="health-detail">
              <summary>{t('health.details')}</summary>
              <p className="mono">{p.detail}</p>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
