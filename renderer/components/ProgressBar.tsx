import { useTranslation } from 'react-i18next';
import { useFormat } from '../stores/context';
import type { Progress } from '../stores/sync-store';

/** Long work (first mirror, big drops): determinate when the total is known. */
export function ProgressBar({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { phase, done, total } = progress;
  const pct = total ? Math.min(100, Math.round((done / total) * 100)) : null;
  const label = total
    ? t('sync.progress', { phase, done: f.number(done, 0), total: f.number(total, 0) })
    : t('sync.progressOpen', { phase, done: f.number(done, 0) });
  return (
    <div className="progress">
      <div
        className={`progress-track${pct === null ? ' is-indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total ? done : undefined}
      >
        <div className="progress-fill" style={{ width: pct === null ? '30%' : `${pct}%` }} />
      </div>
      <p className="progress-label">{label}</p>
    </div>
  );
}
