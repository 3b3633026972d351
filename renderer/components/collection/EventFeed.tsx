import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../hooks/use-command';
import { useFormat } from '../../stores/context';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { EventWords } from './CollectionEvents';

/**
 * The company's collection events over all assignments (the agency's and its own), newest first.
 * `round` changes when the page recorded something (a direct payment): the feed is read again.
 */
export function EventFeed({ accountId, round = 0 }: { accountId: string; round?: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [unseen, setUnseen] = useState(false);
  const view = useCommand('collection.events', { accountId, unseen });
  const checkId = useId();
  const reload = useRef(view.reload);
  reload.current = view.reload;
  const first = useRef(round);
  useEffect(() => {
    if (round !== first.current) reload.current();
  }, [round]);
  const events = view.data?.events;
  return (
    <section aria-labelledby="collection-feed-title" className="card stack">
      <h2 id="collection-feed-title">{t('collection.feed.title')}</h2>
      <p className="muted">{t('collection.feed.intro')}</p>
      <div className="field-check">
        <input id={checkId} type="checkbox" checked={unseen} onChange={(e) => setUnseen(e.target.checked)} />
        <label htmlFor={checkId}>{t('collection.feed.unseenOnly')}</label>
      </div>
      <ErrorNotice error={view.error} onRetry={view.reload} />
      {!events ? (
        view.error ? null : (
          <Loading />
        )
      ) : events.length === 0 ? (
        <p className="muted">{t(unseen ? 'collection.feed.noneUnseen' : 'collection.feed.none')}</p>
      ) : (
        <ul className="plain-list" aria-label={t('collection.feed.title')}>
          {events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.happenedAt}>{f.date(e.happenedAt)}</time>{' '}
              {e.invoiceNumber ? t('collection.feed.onInvoice', { invoice: e.invoiceNumber }) : t('collection.feed.elsewhere')}
              {': '}
              <EventWords event={e} currency={e.currency ?? 'EUR'} />
              {!e.seen && <span className="badge badge-new"> {t('collection.new')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
