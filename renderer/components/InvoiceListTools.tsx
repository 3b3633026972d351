import { type ReactNode, useEffect, useState } from 'react';
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
 * How long the list rests on the answer of its newest filter before the totals are asked. A search's
 * totals may take seconds at a million rows; asked after every keystroke's answer they were counted for
 * queries already typed past, and answered late.
 */
export const TOTALS_SETTLE_MS = 300;

type Counted = { gen: number; totals: InvoiceTotals } | { gen: number; failed: true };

/**
 * What the invoices of the list's filter add up to, per currency, under the list: all of them, not
 * only the rows loaded. Asked once typing has settled: the rows of the newest filter are on screen and
 * nothing newer came for TOTALS_SETTLE_MS. Until then it says they are being counted, in a polite live
 * region, so a screen reader hears the totals once they arrive.
 */
export function InvoiceTotalsLine({ list, settleMs = TOTALS_SETTLE_MS }: { list: InvoiceList; settleMs?: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const accountId = useStore(list, (s) => s.accountId);
  const shown = useStore(list, (s) => s.shownGeneration);
  const newest = useStore(list, (s) => s.generation);
  const [counted, setCounted] = useState<Counted | null>(null);

  // A new answer of the list (`shown`) asks again; a newer filter (`newest`) puts it off.
  useEffect(() => {
    if (!accountId || shown === 0 || shown !== newest) return;
    // Rows that are not there add up to nothing: a search that found none is not summed again by the host.
    const { total, totalIsLowerBound } = list.getState();
    if (total === 0 && !totalIsLowerBound) {
      setCounted({ gen: shown, totals: { byCurrency: [] } });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      bridge
        .invoke('invoices.totals', { accountId, filter: cleanInvoiceFilter(list.getState().filter) })
        .then((totals) => {
          if (live) setCounted({ gen: shown, totals });
        })
        .catch(() => {
          if (live) setCounted({ gen: shown, failed: true });
        });
    }, settleMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [bridge, list, accountId, shown, newest, settleMs]);

  const current = counted !== null && counted.gen === shown && shown === newest ? counted : null;
  let content: ReactNode = null;
  if (!accountId) content = null;
  else if (!current) content = <span className="muted">{t('listTotals.counting')}</span>;
  else if ('failed' in current) content = <span className="muted">{t('listTotals.failed')}</span>;
  else if (current.totals.byCurrency.length > 0)
    content = (
      <>
        <span className="muted">{t('list.totals')}</span>{' '}
        {current.totals.byCurrency.map((c, i) => (
          <span key={c.currency ?? ''} className="list-total">
            {i > 0 && ' · '}
            <span className="num">{f.money(c.sum, c.currency)}</span>
          </span>
        ))}
      </>
    );
  // The live region stays in the page, so what changes in it is announced.
  return (
    <p className="list-totals" aria-live="polite">
      {content}
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
