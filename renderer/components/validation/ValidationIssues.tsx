import { useTranslation } from 'react-i18next';
import type { Explanation, ValidationIssue } from '../../../shared/validation/report';
import { isLang, type Lang } from '../../i18n/langs';

/** One broken rule and every place it is broken, by the index of each issue in the report. */
export interface RuleGroup {
  id: string;
  flag: ValidationIssue['flag'];
  text: string;
  explanation?: Explanation;
  places: { index: number; location: string; line?: number }[];
}

/** The report's issues by rule, in the report's order (fatal first): one entry per rule, its places under it. */
export function groupByRule(issues: readonly ValidationIssue[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  issues.forEach((i, index) => {
    const key = `${i.flag}\u0000${i.id}`;
    const g = groups.get(key) ?? { id: i.id, flag: i.flag, text: i.text, explanation: i.explanation, places: [] };
    g.places.push({ index, location: i.location, line: i.line });
    groups.set(key, g);
  });
  return [...groups.values()];
}

function Explained({ explanation, lang }: { explanation?: Explanation; lang: Lang }) {
  const { t } = useTranslation();
  const own = explanation?.[lang]?.trim();
  const english = explanation?.en?.trim();
  if (own) return <p>{own}</p>;
  if (english) {
    return (
      <p>
        <span className="muted">{t('validate.englishFallback')} </span>
        <span lang="en">{english}</span>
      </p>
    );
  }
  return <p className="muted">{t('validate.noExplanation')}</p>;
}

interface ValidationIssuesProps {
  issues: readonly ValidationIssue[];
  /** The issue whose place is shown beside the report. */
  picked: number | null;
  onPick(index: number): void;
}

/** The broken rules, grouped by rule id: flag, official text, what it means in the app's language, and each place. */
export function ValidationIssues({ issues, picked, onPick }: ValidationIssuesProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'en';
  if (issues.length === 0) return <p className="muted">{t('validate.noIssues')}</p>;
  return (
    <ol className="rule-groups">
      {groupByRule(issues).map((g) => (
        <li key={`${g.flag}-${g.id}`} className={`rule-group rule-${g.flag}`} data-rule={g.id}>
          <h4>
            <span className="mono">{g.id}</span>{' '}
            <span className={`badge badge-${g.flag === 'fatal' ? 'error' : 'warn'}`}>{t(`validate.flag.${g.flag}`)}</span>
          </h4>
          <dl className="rule-texts">
            <dt>{t('validate.official')}</dt>
            <dd lang="en">{g.text}</dd>
            <dt>{t('validate.explanation')}</dt>
            <dd>
              <Explained explanation={g.explanation} lang={lang} />
            </dd>
          </dl>
          <p className="muted">{t('validate.places', { count: g.places.length })}</p>
          <ul className="rule-places">
            {g.places.map((p) => {
              const line = p.line ? t('validate.line', { line: p.line }) : t('validate.noLine');
              return (
                <li key={p.index}>
                  <button
                    type="button"
                    className="link rule-place"
                    aria-pressed={picked === p.index}
                    aria-label={t('validate.show', { where: `${p.location} (${line})` })}
                    onClick={() => onPick(p.index)}
                  >
                    <span className="mono">{p.location}</span> <span className="muted">({line})</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
