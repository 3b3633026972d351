import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxItemView, ValidationSummaryView } from '../../../shared/bridge';
import { useCommand } from '../../hooks/use-command';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { NotCheckedBadge } from './CheckProgress';
import { ValidationPanel } from './ValidationPanel';

/** valid, valid with warnings, refused by the rules, or not readable: what an outbox row's report says in one word. */
export function ValidationBadge({ summary }: { summary: ValidationSummaryView }) {
  const { t } = useTranslation();
  // Not checked for a reason of the app's (too large ...), not unreadable: said as such.
  if (summary.notChecked) return <NotCheckedBadge reason={summary.notChecked} />;
  const word = summary.status === 'valid' ? (summary.warnings > 0 ? 'warnings' : 'valid') : summary.status;
  const tone = word === 'valid' ? 'ok' : word === 'warnings' ? 'warn' : 'error';
  return (
    <span className={`badge badge-${tone}`} data-validation={word}>
      {t(`validate.badge.${word}`)}
    </span>
  );
}

/** The file passes the rules in force but breaks the next pack's from its date: "Breaks from 2025-08-25". */
export function BreaksFromBadge({ summary }: { summary: ValidationSummaryView }) {
  const { t } = useTranslation();
  if (!summary.breaksFrom) return null;
  const { from, rules } = summary.breaksFrom;
  return (
    <span className="badge badge-warn" data-validation="breaks-from" title={t('rulePacks.badgeTitle', { from, rules: rules.join(', ') })}>
      {t('rulePacks.badge', { from })}
    </span>
  );
}

/** A file queued or sent without the check, which only the folder's `off` or `warn` allows: beside its state ("Sent"), "Unchecked". */
export function UncheckedBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-warn" data-validation="unchecked">
      {t('validate.badge.unchecked')}
    </span>
  );
}

/** One outbox file's whole report, beside the file rendered (validate.outboxReport); focus comes to it when it opens. */
export function OutboxReport({ item, onClose }: { item: OutboxItemView; onClose(): void }) {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useCommand('validate.outboxReport', { id: item.id });
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened row is the trigger
  useEffect(() => heading.current?.focus(), [item.id]);
  return (
    <section className="outbox-report" aria-labelledby="outbox-report-title" data-outbox-report={item.id}>
      <div className="page-head">
        <h2 id="outbox-report-title" ref={heading} tabIndex={-1}>
          {t('validate.reportOf', { file: item.file })}
        </h2>
        <button type="button" onClick={onClose}>
          {t('validate.close')}
        </button>
      </div>
      <ErrorNotice error={error} onRetry={reload} />
      {loading && !data ? <Loading /> : data && <ValidationPanel view={data} />}
    </section>
  );
}
