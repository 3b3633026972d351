import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import type { TrailEntryView } from '../../../shared/bridge/scrutiny';
import { useCommand } from '../../hooks/use-command';
import { useBridge, useFormat } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';

type TrailProps =
  | { accountId: string; kind: 'invoice'; id: string }
  | { accountId: string; kind: 'document'; id: string; status: string | null; onConfirmed?(status: string | null): void };

/**
 * Every action (invoices) or event (documents) the service recorded on a sent item, newest first,
 * with its route and any error; read live, or as last kept when the service cannot be reached.
 * A DELIVERED document can be marked as delivered by the user who knows it arrived.
 */
export function DeliveryTrail(props: TrailProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const id = useId();
  const { accountId, kind } = props;
  const invoiceTrail = useCommand('trail.invoice', kind === 'invoice' ? { accountId, invoiceId: props.id } : null);
  const documentTrail = useCommand('trail.document', kind === 'document' ? { accountId, documentId: props.id } : null);
  const trail = kind === 'invoice' ? invoiceTrail : documentTrail;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  const confirm = async () => {
    if (props.kind !== 'document') return;
    setBusy(true);
    setError(null);
    try {
      const answer = await bridge.invoke('documents.confirmDelivery', { accountId, id: props.id });
      setConfirmed(true);
      props.onConfirmed?.(answer.status);
      documentTrail.reload();
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };

  const view = trail.data;
  const route = view?.route;
  return (
    <section aria-labelledby={`${id}-title`} className="delivery-trail">
      <h3 id={`${id}-title`}>{t('scrutiny.trail.title')}</h3>
      {route && <RouteLine channel={route.channel} destination={route.destination} operator={route.operator} />}
      {props.kind === 'document' && props.status === 'DELIVERED' && !confirmed && (
        <ConfirmButton
          label={t('scrutiny.trail.markDelivered')}
          question={t('scrutiny.trail.markQuestion')}
          disabled={busy}
          onConfirm={() => void confirm()}
        />
      )}
      {confirmed && <p role="status">{t('scrutiny.trail.marked')}</p>}
      {error?.status === 409 ? (
        <p className="notice notice-error" role="alert">
          {t('scrutiny.trail.notDelivered', { reason: error.details?.join('; ') || error.message })}
        </p>
      ) : (
        <ErrorNotice error={error} />
      )}
      <ErrorNotice error={trail.error} onRetry={trail.reload} />
      {!view && !trail.error && trail.loading && <Loading />}
      {view?.source === 'kept' && (
        <p className="notice notice-warn">
          {view.fetchedAt > 0
            ? t('scrutiny.trail.kept', { when: f.dateTime(new Date(view.fetchedAt).toISOString()) })
            : t('scrutiny.trail.keptNever')}
        </p>
      )}
      {view && view.entries.length === 0 && <p className="muted">{t('scrutiny.trail.none')}</p>}
      {view && view.entries.length > 0 && (
        <ol className="activity trail">
          {view.entries.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the trail is read whole and never reordered; two steps may share time, type and words
            <TrailItem key={`${e.at}-${e.type}-${i}`} e={e} when={f.dateTime(e.at)} />
          ))}
        </ol>
      )}
    </section>
  );
}

function RouteLine({ channel, destination, operator }: { channel: string | null; destination: string | null; operator: string | null }) {
  const { t } = useTranslation();
  const parts = [
    channel && t('scrutiny.trail.channel', { value: channel }),
    destination && t('scrutiny.trail.destination', { value: destination }),
    operator && t('scrutiny.trail.operator', { value: operator }),
  ].filter(Boolean);
  return parts.length ? <p className="muted">{parts.join(' · ')}</p> : null;
}

function TrailItem({ e, when }: { e: TrailEntryView; when: string }) {
  const { t } = useTranslation();
  const failed = e.error !== null;
  return (
    <li data-type={e.type}>
      <time dateTime={e.at}>{when}</time>{' '}
      <span className={`badge ${failed ? 'badge-error' : 'badge-muted'}`}>
        {t(`scrutiny.trail.types.${e.type}`, { defaultValue: e.type })}
      </span>{' '}
      {e.message && !failed && <span>{e.message}</span>}
      {failed && <span>{t('scrutiny.trail.error', { value: e.error })}</span>}
      <RouteLine channel={e.channel} destination={e.destination} operator={e.operator} />
    </li>
  );
}
