import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import { CollectionEvents } from '../components/collection/CollectionEvents';
import { EventFeed } from '../components/collection/EventFeed';
import { ServiceAssignments } from '../components/collection/ServiceAssignments';
import { ServiceLevels } from '../components/collection/ServiceLevels';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { useCommand } from '../hooks/use-command';
import { useApp, useBridge, useFormat, useStores } from '../stores/context';
import { toErrorView } from '../stores/errors';

/** Every assignment of the account with its amounts and state, and what changed since the user last looked. */
export function CollectionPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const { app, sent } = useStores();
  const accountId = useApp((s) => s.accountId);
  const overview = useCommand('collection.overview', accountId ? { accountId } : null);
  /** Counts the payments recorded on this page: the event feed reads itself again after each. */
  const [paidRound, setPaidRound] = useState(0);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const data = overview.data;
  const reload = useRef(overview.reload);
  reload.current = overview.reload;
  // The runner follows open assignments in the background: a finished pass may have brought news.
  useEffect(
    () =>
      bridge.subscribe('sync.state', (p) => {
        if (p.accountId === accountId && p.state === 'idle') reload.current();
      }),
    [bridge, accountId],
  );

  // "Seen" goes invoice by invoice, as the service marks each event of each assignment.
  const markAllSeen = async () => {
    if (!accountId || !data) return;
    setBusy(true);
    try {
      for (const id of new Set(data.changes.map((e) => e.invoiceId)))
        await bridge.invoke('collection.markSeen', { accountId, invoiceId: id });
      setError(null);
      overview.reload();
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };
  const open = (invoiceId: string) => {
    sent.getState().openById(invoiceId);
    app.getState().setTab('sent', 'invoices');
    app.getState().go('sent');
  };

  return (
    <div className="page">
      <h1>{t('collection.overviewTitle')}</h1>
      <p className="muted">{t('collection.overviewIntro')}</p>
      <ErrorNotice error={overview.error ?? error} onRetry={overview.reload} />
      {!data ? (
        overview.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <section aria-labelledby="collection-changes-title" className="card stack">
            <h2 id="collection-changes-title">{t('collection.changes')}</h2>
            {data.changes.length === 0 ? (
              <p className="muted">{t('collection.noChanges')}</p>
            ) : (
              <>
                <CollectionEvents events={data.changes} />
                <div className="actions">
                  <button type="button" disabled={busy} onClick={() => void markAllSeen()}>
                    {busy ? t('common.working') : t('collection.markAllSeen')}
                  </button>
                </div>
              </>
            )}
          </section>
          {data.rows.length === 0 ? (
            <p>{t('collection.empty')}</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption>{t('collection.overviewTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('collection.col.invoice')}</th>
                    <th scope="col">{t('collection.col.payer')}</th>
                    <th scope="col">{t('collection.col.due')}</th>
                    <th scope="col">{t('collection.col.state')}</th>
                    <th scope="col" className="num">
                      {t('collection.col.collectable')}
                    </th>
                    <th scope="col" className="num">
                      {t('collection.col.paid')}
                    </th>
                    <th scope="col" className="num">
                      {t('collection.col.open')}
                    </th>
                    <th scope="col" className="num">
                      {t('collection.col.news')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={r.invoiceId}>
                      <td>
                        <button type="button" className="link" onClick={() => open(r.invoiceId)}>
                          {r.invoiceNumber ?? r.invoiceId}
                        </button>
                      </td>
                      <td>{r.payerName ?? t('common.unknown')}</td>
                      <td>{f.date(r.dateDue)}</td>
                      <td>
                        {r.status === 'ok' && r.phase
                          ? t(`collection.phase.${r.phase}`, { defaultValue: r.phase })
                          : t(`collection.status.${r.status}`, { defaultValue: r.status })}
                      </td>
                      <td className="num">{f.money(r.collectableAmount, r.currency)}</td>
                      <td className="num">{f.money(r.paidAmount, r.currency)}</td>
                      <td className="num">{f.money(r.closed ? 0 : r.openAmount, r.currency)}</td>
                      <td className="num">{r.unseenEvents > 0 ? r.unseenEvents : ''}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {data.totals.map((x) => (
                    <tr key={x.currency}>
                      <th scope="row" colSpan={4}>
                        {t('collection.totals')} ({x.currency})
                      </th>
                      <td className="num">{f.money(x.collectable, x.currency)}</td>
                      <td className="num">{f.money(x.paid, x.currency)}</td>
                      <td className="num">{f.money(x.open, x.currency)}</td>
                      <td />
                    </tr>
                  ))}
                </tfoot>
              </table>
            </div>
          )}
        </>
      )}
      {accountId ? (
        <div className="stack">
          <ServiceAssignments
            accountId={accountId}
            onPaid={() => {
              overview.reload();
              setPaidRound((r) => r + 1);
            }}
          />
          <EventFeed accountId={accountId} round={paidRound} />
          <ServiceLevels accountId={accountId} />
        </div>
      ) : null}
    </div>
  );
}
