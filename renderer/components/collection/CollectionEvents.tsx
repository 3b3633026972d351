import { useTranslation } from 'react-i18next';
import type { CollectionEventView } from '../../../shared/bridge/collection-views';
import { ASSIGNMENT_EVENT_TYPES } from '../../../shared/schemas/receivables';
import { useFormat } from '../../stores/context';

// The spec's event types have translated names; a type it adds later is shown as the service spells it.
const KNOWN = new Set<string>(ASSIGNMENT_EVENT_TYPES);

type Event = Pick<CollectionEventView, 'type' | 'data'>;

/** The sum an event carries, whichever field its type keeps it in (spec: receivables webhooks). */
const sumOf = (e: Event): number | null => {
  for (const k of ['sum_paid', 'credit_sum', 'sum']) if (typeof e.data[k] === 'number') return e.data[k] as number;
  return null;
};

/** What happened, in words: the spec's types by name (with their sum), a later one as the service spells it. */
export function EventWords({ event, currency }: { event: Event; currency: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  return KNOWN.has(event.type)
    ? t(`collection.event.${event.type}`, { sum: f.money(sumOf(event), currency) })
    : t('collection.event.other', { type: event.type });
}

/** An assignment's events, newest first; the ones not yet seen are marked New. */
export function CollectionEvents({ events, currency = null }: { events: CollectionEventView[]; currency?: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="stack">
      <h4>{t('collection.events')}</h4>
      {events.length === 0 ? (
        <p className="muted">{t('collection.noEvents')}</p>
      ) : (
        <ul className="plain-list">
          {events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.happenedAt}>{f.date(e.happenedAt)}</time> <EventWords event={e} currency={currency} />
              {!e.seen && <span className="badge badge-new"> {t('collection.new')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
