import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import type { DirectPaymentView, ServiceAssignmentsView } from '../../../shared/bridge/collection-views';
import { useCommand } from '../../hooks/use-command';
import { useBridge, useFormat } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';

type Row = ServiceAssignmentsView['assignments'][number];

/** "1 234,50" or "1234.50": an amount above zero, or null. */
function parseAmount(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** A payment the payer made directly to the company: amount and day checked, then a confirm step. */
function DirectPaymentForm({ accountId, row, onDone }: { accountId: string; row: Row; onDone: (r: DirectPaymentView | null) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [bad, setBad] = useState<{ amount?: boolean; date?: boolean }>({});
  const [confirming, setConfirming] = useState<{ amount: number; date: string } | null>(null);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const label = t('collection.service.payTitle', { invoice: row.invoiceNumber ?? row.id });

  const check = () => {
    const a = parseAmount(amount);
    const d = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : null;
    setBad({ amount: a === null, date: d === null });
    if (a !== null && d !== null) setConfirming({ amount: a, date: d });
  };
  const record = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      const r = await bridge.invoke('collection.directPayment', {
        accountId,
        assignmentId: row.id,
        amount: confirming.amount,
        bookedAt: confirming.date,
      });
      onDone(r);
    } catch (e) {
      setError(toErrorView(e));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={label}
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        check();
      }}
    >
      <h3>{label}</h3>
      <p className="muted">{t('collection.service.payIntro')}</p>
      <ErrorNotice error={error} />
      <label>
        {t('collection.service.amount', { currency: row.currency ?? 'EUR' })}
        <input
          value={amount}
          inputMode="decimal"
          aria-invalid={bad.amount ? 'true' : undefined}
          aria-describedby={bad.amount ? `pay-amount-${row.id}` : undefined}
          onChange={(e) => {
            setAmount(e.target.value);
            setConfirming(null);
          }}
        />
      </label>
      {bad.amount ? (
        <p id={`pay-amount-${row.id}`} className="field-error">
          {t('collection.service.badAmount')}
        </p>
      ) : null}
      <label>
        {t('collection.service.date')}
        <input
          type="date"
          value={date}
          aria-invalid={bad.date ? 'true' : undefined}
          aria-describedby={bad.date ? `pay-date-${row.id}` : undefined}
          onChange={(e) => {
            setDate(e.target.value);
            setConfirming(null);
          }}
        />
      </label>
      {bad.date ? (
        <p id={`pay-date-${row.id}`} className="field-error">
          {t('collection.service.badDate')}
        </p>
      ) : null}
      {confirming ? (
        <div role="alertdialog" aria-label={t('collection.service.confirmTitle')} className="stack">
          <p>
            {t('collection.service.confirm', {
              amount: f.money(confirming.amount, row.currency ?? 'EUR'),
              date: f.date(confirming.date),
              invoice: row.invoiceNumber ?? row.id,
            })}
          </p>
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => void record()}>
              {busy ? t('common.working') : t('collection.service.record')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(null)}>
              {t('collection.service.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button type="submit">{t('collection.service.check')}</button>
          <button type="button" className="secondary" onClick={() => onDone(null)}>
            {t('collection.service.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * The service's own assignment list and overview: also the assignments another program made. `onPaid`
 * is told of each payment recorded, so the page's own table (which the engine has just updated) is read again.
 */
export function ServiceAssignments({ accountId, onPaid }: { accountId: string; onPaid?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const view = useCommand('collection.serviceAssignments', { accountId });
  const [paying, setPaying] = useState<string | null>(null);
  const [done, setDone] = useState<DirectPaymentView | null>(null);
  const data = view.data;

  return (
    <section aria-labelledby="collection-service-title" className="card stack">
      <h2 id="collection-service-title">{t('collection.service.title')}</h2>
      <p className="muted">{t('collection.service.intro')}</p>
      <ErrorNotice error={view.error} onRetry={view.reload} />
      {done ? (
        <p role="status">
          {t(done.closed ? 'collection.service.recordedClosed' : 'collection.service.recorded', {
            amount: f.money(done.amount, done.currency),
            invoice: done.invoiceNumber ?? '',
            open: f.money(done.openAmount, done.currency),
          })}
        </p>
      ) : null}
      {!data ? (
        view.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <p data-testid="service-overview">
            {t('collection.service.overview', {
              count: data.overview.total,
              open: data.overview.open,
              closed: data.overview.closed,
              unseen: data.overview.unseenEvents,
            })}
          </p>
          {data.assignments.length === 0 ? null : (
            <div className="table-wrap">
              <table>
                <caption>{t('collection.service.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('collection.col.invoice')}</th>
                    <th scope="col">{t('collection.col.state')}</th>
                    <th scope="col" className="num">
                      {t('collection.col.open')}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{t('collection.service.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.assignments.map((a) => (
                    <tr key={a.id}>
                      <td>{a.invoiceNumber ?? a.id}</td>
                      <td>
                        {a.closed
                          ? t('collection.service.closed')
                          : a.status === 'ok' && a.phase
                            ? t(`collection.phase.${a.phase}`, { defaultValue: a.phase })
                            : t(`collection.status.${a.status}`, { defaultValue: a.status })}
                      </td>
                      <td className="num">{f.money(a.closed ? 0 : a.openAmount, a.currency)}</td>
                      <td>
                        {a.closed ? null : paying === a.id ? (
                          <DirectPaymentForm
                            accountId={accountId}
                            row={a}
                            onDone={(r) => {
                              setPaying(null);
                              setDone(r);
                              if (r) {
                                view.reload();
                                onPaid?.();
                              }
                            }}
                          />
                        ) : (
                          <button type="button" className="secondary" onClick={() => setPaying(a.id)}>
                            {t('collection.service.pay')}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
