import { useTranslation } from 'react-i18next';
import type { NotCheckedReason, ValidationProgress } from '../../../shared/validation/report';
import { useFormat } from '../../stores/context';

/**
 * A check being made: its estimated progress (main/core/validate/progress.ts: SaxonJS says nothing while a
 * rule set runs, so within a phase it is the time spent over the time expected for the file's size), the
 * phase in words, and Cancel.
 */
export function CheckProgress({ file, progress, onCancel }: { file: string; progress: ValidationProgress; onCancel?(): void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const label = t('checking.progress', { file, phase: t(`checking.phase.${progress.phase}`), percent: f.number(progress.percent, 0) });
  return (
    <div className="progress check-progress" data-check-progress={progress.percent}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <div className="progress-fill" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="progress-label">{label}</p>
      {onCancel && (
        <button type="button" onClick={onCancel} aria-label={t('checking.cancelOf', { file })}>
          {t('checking.cancel')}
        </button>
      )}
    </div>
  );
}

/** A file the app could not check (too large, out of time or memory, cancelled): said so beside its state. */
export function NotCheckedBadge({ reason }: { reason: NotCheckedReason }) {
  const { t } = useTranslation();
  return (
    <span className="badge badge-warn" data-validation="not-checked" title={t(`checking.why.${reason}`)}>
      {t(`checking.badge.${reason}`)}
    </span>
  );
}
