import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView, InvoiceDetail } from '../../../shared/bridge';
import type { CollectionDetailView } from '../../../shared/bridge/collection-views';
import type { CollectionAgency } from '../../../shared/schemas/receivables';
import { httpsLinkOrNull } from '../../../shared/untrusted-text';
import { sendErrors, sendFields } from '../../forms/collection';
import { commandInput } from '../../forms/command-input';
import { bodyFrom, type FormValues } from '../../forms/fields';
import { useForm } from '../../forms/use-form';
import { useCommand } from '../../hooks/use-command';
import { rememberCollectionState } from '../../stores/collection-states';
import { useBridge, useFormat } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';
import { Field } from '../Field';
import { CollectionEvents } from './CollectionEvents';
import { CollectionMessages } from './CollectionMessages';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A sent invoice's collection: "Send to collection" while it has none (offered for invoices that
 * reached the payer), then the assignment's status, its events newest first, and the messages.
 */
export function CollectionPanel({ accountId, detail }: { accountId: string; detail: InvoiceDetail }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const invoiceId = detail.row.id;
  const state = useCommand('collection.detail', { accountId, invoiceId, refresh: false });
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const show = (d: CollectionDetailView) => {
    state.setData(d);
    if (d.state) rememberCollectionState(bridge, accountId, d.state);
  };
  const act = async (fn: () => Promise<CollectionDetailView>) => {
    setBusy(true);
    try {
      show(await fn());
      setError(null);
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };
  // Opening an invoice in collection asks the service for news once.
  const inCollection = state.data?.state !== null && state.data?.state !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened invoice
  useEffect(() => {
    if (inCollection) void act(() => bridge.invoke('collection.detail', { accountId, invoiceId, refresh: true }));
  }, [inCollection]);

  if (!state.data) return <ErrorNotice error={state.error} onRetry={state.reload} />;
  const s = state.data.state;
  return (
    <section className="card stack" aria-labelledby={`collection-${invoiceId}`}>
      <h3 id={`collection-${invoiceId}`}>{s ? t('collection.stateTitle') : t('collection.send.title')}</h3>
      {s ? (
        <>
          <CollectionStatus detail={state.data} />
          <div className="actions">
            <button
              type="button"
              disabled={busy}
              onClick={() => void act(() => bridge.invoke('collection.detail', { accountId, invoiceId, refresh: true }))}
            >
              {busy ? t('common.working') : t('collection.refresh')}
            </button>
            {s.unseenEvents > 0 && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void act(() => bridge.invoke('collection.markSeen', { accountId, invoiceId }))}
              >
                {t('collection.markSeen')}
              </button>
            )}
          </div>
          <ErrorNotice error={error} />
          <CollectionEvents events={state.data.events} />
          {s.assignmentId && <CollectionMessages accountId={accountId} invoiceId={invoiceId} />}
        </>
      ) : detail.row.status === 'FAILED' ? null : (
        <SendForm accountId={accountId} detail={detail} onSent={show} />
      )}
    </section>
  );
}

function CollectionStatus({ detail }: { detail: CollectionDetailView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const s = detail.state;
  if (!s) return null;
  return (
    <div className="stack">
      <p>
        <span className={`badge badge-collection-${s.status}`}>{t(`collection.status.${s.status}`, { defaultValue: s.status })}</span>
        {s.phase && s.status === 'ok' && (
          <span className="badge badge-muted">{t(`collection.phase.${s.phase}`, { defaultValue: s.phase })}</span>
        )}
      </p>
      {s.reason && s.status !== 'ok' && <p>{t('collection.reason', { reason: s.reason })}</p>}
      {/* The service's link is followed only when it is https: never javascript:, file: or plain HTTP. */}
      {s.status === 'ok' && httpsLinkOrNull(s.link) && (
        <p>
          <a href={httpsLinkOrNull(s.link) ?? undefined} target="_blank" rel="noreferrer">
            {t('collection.openAtAgency')}
          </a>
        </p>
      )}
      {s.collectableAmount !== null && (
        <p>
          {t('collection.amounts', {
            collectable: f.money(s.collectableAmount, s.currency),
            paid: f.money(s.paidAmount ?? 0, s.currency),
            open: f.money(s.openAmount ?? s.collectableAmount, s.currency),
          })}
        </p>
      )}
    </div>
  );
}

/** The form, once the account has a collection service to send to; until then, where to join one. */
function SendForm(props: { accountId: string; detail: InvoiceDetail; onSent(d: CollectionDetailView): void }) {
  const { t } = useTranslation();
  const services = useCommand('collection.services', { accountId: props.accountId });
  if (!services.data) return <ErrorNotice error={services.error} onRetry={services.reload} />;
  const active = services.data.services.filter((s) => s.status === 'active').map((s) => s.service);
  if (active.length === 0) return <p>{t('collection.send.noService')}</p>;
  // collectorc takes assignments by a route of its own; the general route goes to the first active of the others.
  const first = active.find((s) => s !== 'collectorc') ?? null;
  const agencies: Agency[] = [
    ...(first ? [{ agency: 'first-active' as const, service: first }] : []),
    ...(active.includes('collectorc') ? [{ agency: 'collectorc' as const, service: 'collectorc' }] : []),
  ];
  return <SendFormFields {...props} agencies={agencies} />;
}

/** An agency an assignment can be sent to, and the service it reaches there. */
type Agency = { agency: CollectionAgency; service: string };

function SendFormFields({
  accountId,
  detail,
  onSent,
  agencies,
}: {
  accountId: string;
  detail: InvoiceDetail;
  onSent(d: CollectionDetailView): void;
  agencies: Agency[];
}) {
  const [agency, setAgency] = useState<CollectionAgency>(agencies[0]?.agency ?? 'first-active');
  const agencyId = useId();
  const { t } = useTranslation();
  const bridge = useBridge();
  const f = useFormat();
  const [parts, setParts] = useState(false);
  const sum = detail.row.sum;
  const initial: FormValues = {
    collection_type: 'reminder_and_collection',
    collectable_amount: sum !== null ? String(sum) : '',
    'amounts.principal': sum !== null ? String(sum) : '',
    'amounts.interest': '',
    'amounts.fees': '',
    payer_identifiers: '',
    assignment_summary: detail.row.number ? `${t('invoice.number')} ${detail.row.number}`.slice(0, 64) : '',
  };
  const form = useForm(`collection-send-${detail.row.id}`, initial);
  const due = detail.row.dateDue;
  const overdue = due !== null && due < today();
  const submit = () =>
    form.submit({
      check: (v) => sendErrors(parts, v, t),
      prefixes: ['assignment.'],
      run: async (v) => {
        const assignment = bodyFrom(sendFields(parts), v);
        await bridge.invoke(
          'collection.send',
          commandInput('collection.send', { accountId, invoiceId: detail.row.id, assignment, agency }),
        );
        onSent(await bridge.invoke('collection.detail', { accountId, invoiceId: detail.row.id, refresh: false }));
      },
    });
  return (
    <form
      className="form"
      aria-label={t('collection.send.title')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {due && (
        <p className={overdue ? '' : 'muted'}>
          {overdue ? t('collection.send.overdue', { date: f.date(due) }) : t('collection.send.notDue', { date: f.date(due) })}
        </p>
      )}
      {agencies.length > 1 ? (
        <div className="field">
          <label htmlFor={agencyId}>{t('collection.send.agency')}</label>
          <select id={agencyId} value={agency} onChange={(e) => setAgency(e.target.value as CollectionAgency)}>
            {agencies.map((a) => (
              <option key={a.agency} value={a.agency}>
                {t(`collection.services.${a.service}`)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="muted">{t('collection.send.to', { agency: t(`collection.services.${agencies[0]?.service ?? ''}`) })}</p>
      )}
      <fieldset>
        <legend>{t('collection.send.amountMode')}</legend>
        <label>
          <input type="radio" name={`amount-mode-${detail.row.id}`} checked={!parts} onChange={() => setParts(false)} />{' '}
          {t('collection.send.amountWhole')}
        </label>{' '}
        <label>
          <input type="radio" name={`amount-mode-${detail.row.id}`} checked={parts} onChange={() => setParts(true)} />{' '}
          {t('collection.send.amountParts')}
        </label>
      </fieldset>
      <div className="grid-3">
        {sendFields(parts).map((spec) => (
          <Field
            key={spec.path}
            form={form}
            spec={spec}
            label={t(`collection.send.${spec.path}`)}
            required={spec.path === 'collection_type' || spec.path === 'amounts.principal'}
            hint={spec.path === 'payer_identifiers' ? t('collection.send.payerHint') : undefined}
            optionLabel={(o) => t(`collection.type.${o}`)}
          />
        ))}
      </div>
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : t('collection.send.submit')}
        </button>
      </div>
    </form>
  );
}
