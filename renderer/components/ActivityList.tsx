import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '../../shared/bridge';
import { useFormat } from '../stores/context';

/**
 * An entry in the user's language where its kind is one the catalogs say from its facts (`data`); the
 * engine's English message otherwise (older entries, kinds not translated yet).
 */
function activityWords(t: TFunction, a: ActivityView): ReactNode {
  const d = a.data;
  if (a.kind === 'invoice.response' && d?.code) {
    const answer = t(`answers.codes.${d.code}`, { defaultValue: d.code });
    // The reasons' codes and the buyer's own words are the buyer's, in the buyer's language.
    const why = [d.reasons ? ` (${d.reasons})` : '', d.text ? `: ${d.text}` : ''].join('');
    return (
      <>
        {t('overview.activityKind.invoiceResponse', { number: d.number ?? '?', answer })}
        {why && <span className="proper">{why}</span>}
      </>
    );
  }
  return a.message;
}

export function ActivityList({ items }: { items: ActivityView[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (items.length === 0) return <p className="muted">{t('overview.noActivity')}</p>;
  return (
    <ol className="activity">
      {items.slice(0, 50).map((a) => (
        <li key={a.id} className={`activity-${a.level}`}>
          <time dateTime={a.at}>{f.dateTime(a.at)}</time>
          <span className={`badge badge-${a.level === 'info' ? 'muted' : a.level === 'warn' ? 'warn' : 'error'}`}>
            {t(`overview.level.${a.level}`)}
          </span>
          <span>{activityWords(t, a)}</span>
        </li>
      ))}
    </ol>
  );
}
