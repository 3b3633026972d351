import { useTranslation } from 'react-i18next';
import type { ValidationReport } from '../../../shared/validation/report';
import { useFormat } from '../../stores/context';

/** The verdict in words: valid (with its warnings), refused by the rules (how many fatal), or unreadable. */
export function verdictOf(r: ValidationReport, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (r.notChecked) return t(`checking.badge.${r.notChecked}`);
  if (r.status === 'unreadable') return t('validate.summary.unreadable');
  if (r.status === 'valid')
    return r.warningCount ? t('validate.summary.validWarnings', { count: r.warningCount }) : t('validate.summary.valid');
  return t('validate.summary.invalid');
}

/** What was checked and what came of it: the format, the rule sets with their versions, the counts, the notes. */
export function ValidationSummary({ report }: { report: ValidationReport }) {
  const { t } = useTranslation();
  const f = useFormat();
  const r = report;
  const tone = r.status === 'valid' ? (r.warningCount ? 'warn' : 'ok') : r.notChecked ? 'warn' : 'error';
  return (
    <div className="validation-summary">
      <p className="validation-verdict">
        <span className={`badge badge-${tone}`} data-status={r.status}>
          {verdictOf(r, t)}
        </span>
        {r.status === 'invalid' && <span> {t('validate.summary.fatal', { count: r.fatalCount })}</span>}
        {r.status === 'invalid' && r.warningCount > 0 && <span>, {t('validate.summary.warnings', { count: r.warningCount })}</span>}
      </p>
      {r.notChecked && <p data-not-checked={r.notChecked}>{t('checking.notChecked', { why: t(`checking.why.${r.notChecked}`) })}</p>}
      {r.problem && <p className="field-error">{r.problem}</p>}
      {r.source === 'service' && (
        <p className="notice notice-info" data-source="service">
          {t('remoteValidation.byService')}
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>{t('validate.summary.file')}</dt>
          <dd className="mono">{r.file}</dd>
        </div>
        <div>
          <dt>{t('validate.summary.syntax')}</dt>
          <dd>{t(`validate.syntax.${r.syntax}`)}</dd>
        </div>
        {r.customizationId && (
          <div>
            <dt>{t('validate.summary.customization')}</dt>
            <dd className="mono">{r.customizationId}</dd>
          </div>
        )}
        <div>
          <dt>{t('validate.summary.rulesets')}</dt>
          <dd>
            {r.rulesets.length === 0 ? (
              t('validate.summary.rulesetsNone')
            ) : (
              <ul className="plain-list">
                {r.rulesets.map((s) => (
                  <li key={s.id}>
                    {t(`validate.rulesets.${s.id}`, { defaultValue: s.title })} <span className="mono">{s.version}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {r.packs && r.packs.length > 0 && (
          <div>
            <dt>{t('rulePacks.checkedAgainst')}</dt>
            <dd>
              <ul className="plain-list">
                {r.packs.map((p) => (
                  <li key={`${p.family}@${p.version}`} data-pack-role={p.role}>
                    {p.name} <span className="mono">{p.version}</span>{' '}
                    <span className="muted">
                      ({p.role === 'next' ? t('rulePacks.next', { from: p.mandatoryFrom }) : t('rulePacks.inForce', { day: r.checkedOn })})
                    </span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('validate.summary.time')}</dt>
          <dd>{t('validate.summary.ms', { ms: f.number(Math.round(r.ms), 0) })}</dd>
        </div>
      </dl>
      {r.upcoming?.map((u) => {
        const pack = `${u.pack.name} ${u.pack.version}`;
        const rules = [...new Set(u.breaks.map((b) => b.id))].join(', ');
        if (rules)
          return (
            <p key={pack} className="notice notice-warn" data-upcoming="breaks">
              {t(r.valid ? 'rulePacks.breaks' : 'rulePacks.breaksToo', { from: u.from, rules, pack })}
            </p>
          );
        if (u.fixes.length && u.validThen)
          return (
            <p key={pack} className="notice notice-info" data-upcoming="passes">
              {t('rulePacks.passesThen', { from: u.from, rules: u.fixes.join(', '), pack })}
            </p>
          );
        return null;
      })}
      {r.notes.map((n) => (
        <p key={n.code} className="notice notice-info" data-note={n.code}>
          {t(`validate.notes.${n.code}`)}
          {n.code !== 'no-business-rules' && <span className="muted"> ({n.text})</span>}
        </p>
      ))}
    </div>
  );
}
