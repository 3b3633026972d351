import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BridgeErrorView, InvoiceCsvColumn, InvoiceTotals } from '../../shared/bridge';
import { statuses } from '../i18n/en/statuses';
import { useBridge, useFormat } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { cleanInvoiceFilter, type InvoiceList } from '../stores/lists';
import { ErrorNotice } from './ErrorNotice';
import { saveBlob } from './file-bytes';

const STATUS_NAMES = Object.keys(statuses.status);

/**
 * What the invoices of the list's filter add up to, per currency, under the list: all of them, not
 * only the rows loaded. Asked again whenever the list shows a new answer (a filter, a sort, new rows).
 */
export function InvoiceTotalsLine({ list }: { list: InvoiceList }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const accountId = useStore(list, (s) => s.accountId);
  const shown = useStore(list, (s) => s.shownGeneration);
  const [totals, setTotals] = useState<InvoiceTotals | null>(null);

  // `shown` is how a new answer of the list asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    bridge
      .invoke('invoices.totals', { accountId, filter: cleanInvoiceFilter(list.getState().filter) })
      .then((answer) => {
        if (live) setTotals(answer);
      })
      .catch(() => {
        if (live) setTotals(null);
      });
    return () => {
      live = false;
    };
  }, [bridge, list, accountId, shown]);

  if (!totals || totals.byCurrency.length === 0) return null;
  return (
    <p className="list-totals">
      <span className="muted">{t('list.totals')}</span>{' '}
      {totals.byCurrency.map((c, i) => (
        <span key={c.currency ?? ''} className="list-total">
          {i > 0 && ' · '}
          <span className="num">{f.money(c.sum, c.currency)}</span>
        </span>
      ))}
    </p>
  );
}

/**
 * "Export CSV": every invoice of the current filter in the list's order, the columns as the list
 * shows them, written by main in the user's language; the browser saves it (headless and desktop alike).
 */
export function ExportCsvButton({ list }: { list: InvoiceList }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);

  const run = async () => {
    const { accountId, filter } = list.getState();
    if (!accountId) return;
    const received = filter.direction === 'RECEIVED';
    const columns: { key: InvoiceCsvColumn; label: string }[] = [
      ...(received ? [{ key: 'warning' as const, label: t('detect.warning') }] : []),
      { key: 'party', label: received ? t('invoice.sender') : t('invoice.recipient') },
      { key: 'number', label: t('invoice.number') },
      { key: 'date', label: t('invoice.date') },
      { key: 'due', label: t('invoice.due') },
      { key: 'status', label: t('invoice.status') },
      ...(received ? [{ key: 'handled' as const, label: t('invoice.handled') }] : []),
      { key: 'sum', label: t('invoice.sum') },
      { key: 'currency', label: t('invoice.currency') },
    ];
    setBusy(true);
    setError(null);
    try {
      const got = await bridge.invoke('invoices.exportCsv', {
        accountId,
        filter: cleanInvoiceFilter(filter),
        lang: f.lang,
        columns,
        words: {
          statuses: Object.fromEntries(STATUS_NAMES.map((s) => [s, t(`status.${s}`)])),
          handled: t('invoice.handled'),
          warning: t('detect.warning'),
        },
      });
      saveBlob(new Blob([got.text], { type: 'text/csv;charset=utf-8' }), got.filename, document);
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void run()} disabled={busy} title={t('list.exportHint')}>
        {busy ? t('list.exporting') : t('list.export')}
      </button>
      <ErrorNotice error={error} />
    </>
  );
}
