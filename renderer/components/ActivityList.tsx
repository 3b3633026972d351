import { useTranslation } from 'react-i18next';
import type { ActivityView } from '../../shared/bridge';
import { useFormat } from '../stores/context';

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
          <span>{a.message}</span>
        </li>
      ))}
    </ol>
  );
}
