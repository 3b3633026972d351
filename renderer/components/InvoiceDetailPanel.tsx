import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView, InvoiceDetail } from '../../shared/bridge';
import { revealInvisible } from '../../shared/untrusted-text';
import { useCommand } from '../hooks/use-command';
import { useBridge, useFormat } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { DetectFindings } from './DetectFindings';
import { ErrorNotice } from './ErrorNotice';
import { FailureReason } from './FailureReason';
import { FileList } from './FileList';
import { InvoiceAnswers } from './InvoiceAnswers';
import { Loading } from './Loading';
import { PdfView } from './PdfView';
import { PossibleDuplicates } from './PossibleDuplicates';
import { RenderedInvoiceView } from './RenderedInvoiceView';
import { DeliveryTrail } from './scrutiny/DeliveryTrail';
import { ReceivedScrutiny } from './scrutiny/ReceivedScrutiny';

/**
 * Prints the rendered invoice and nothing else: the print stylesheet (styles/print.css) hides the app
 * around it while the page is marked, and the mark goes when printing is over.
 */
export function printInvoice(doc: Document): void {
  const html = doc.documentElement;
  const win = doc.defaultView;
  html.classList.add('printing-invoice');
  const done = () => {
    html.classList.remove('printing-invoice');
    win?.removeEventListener('afterprint', done);
  };
  win?.addEventListener('afterprint', done);
  try {
    win?.print();
  } finally {
    // print() returns when the dialog closes in browsers that block; afterprint covers the others.
    if (!win || !('onafterprint' in win)) done();
  }
}

interface InvoiceDetailPanelProps {
  accountId: string;
  id: string;
  onClose(): void;
  onHandled?(id: string, handled: boolean): void;
  /** Lists every invoice of this sender (the list's sender filter). */
  onSender?(name: string): void;
  /** Opens another invoice of the same list (a possible duplicate's link). */
  onOpen?(id: string): void;
  /** The possible-duplicate mark of this invoice changed. */
  onDuplicate?(id: string, possibleDuplicate: boolean): void;
  /** An answer was given to this received invoice (its status code), for the list's row. */
  onAnswered?(id: string, code: string): void;
  /** Extra parts below the invoice (the reroute form on the Sent page). */
  children?: (detail: InvoiceDetail) => ReactNode;
}

/** One invoice: Detect's warnings, the invoice rendered from its XML, its PDF image and files. */
export function InvoiceDetailPanel({
  accountId,
  id,
  onClose,
  onHandled,
  onSender,
  onOpen,
  onDuplicate,
  onAnswered,
  children,
}: InvoiceDetailPanelProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const { data, error, loading, reload, setData } = useCommand('invoices.get', { accountId, id });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<BridgeErrorView | null>(null);
  // A reroute or a late Detect result changes what this panel shows: read it again, in place.
  useEffect(
    () =>
      bridge.subscribe('invoice.changed', (e) => {
        if (e.accountId === accountId && e.invoiceId === id) reload();
      }),
    [bridge, accountId, id, reload],
  );

  const setHandled = async (detail: InvoiceDetail, handled: boolean) => {
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await bridge.invoke('invoices.setHandled', { accountId, id, handled });
      setData({ ...detail, row: { ...detail.row, handled: answer.handled } });
      onHandled?.(id, answer.handled);
    } catch (e) {
      setSaveError(toErrorView(e));
    } finally {
      setSaving(false);
    }
  };

  const detail = data?.row.id === id ? data : null;
  const image = detail?.files.find((x) => x.kind === 'image') ?? null;
  const row = detail?.row;
  return (
    <section className="detail" aria-labelledby="detail-title">
      <div className="detail-head">
        <h2 id="detail-title">
          {row
            ? `${revealInvisible(row.direction === 'SENT' ? (row.recipientName ?? '') : (row.senderName ?? ''))} ${revealInvisible(row.number ?? '')}`.trim() ||
              t('invoice.untitled')
            : t('invoice.title')}
        </h2>
        <button type="button" className="icon" onClick={onClose} aria-label={t('common.close')} title={t('common.close')}>
          ×
        </button>
      </div>
      {error && <ErrorNotice error={error} onRetry={reload} />}
      {!detail && !error && loading && <Loading />}
      {detail && row && (
        <>
          <div className="detail-meta">
            {row.status && (
              <span className={`badge badge-status-${row.status.toLowerCase()}`}>
                {t(`status.${row.status}`, { defaultValue: row.status })}
              </span>
            )}
            <span className="muted">
              {row.direction === 'SENT'
                ? t('invoice.sentAt', { when: f.dateTime(detail.sentAt ?? row.receivedAt) })
                : t('invoice.receivedAt', { when: f.dateTime(row.receivedAt) })}
            </span>
            {row.direction === 'RECEIVED' && (
              <button type="button" aria-pressed={row.handled} disabled={saving} onClick={() => void setHandled(detail, !row.handled)}>
                {row.handled ? t('invoice.markUnhandled') : t('invoice.markHandled')}
              </button>
            )}
            {detail.rendered && (
              <button type="button" onClick={() => printInvoice(document)}>
                {t('invoice.print')}
              </button>
            )}
            {row.direction === 'RECEIVED' && row.senderName && onSender && (
              <button type="button" className="link" onClick={() => onSender(row.senderName as string)}>
                {t('invoice.fromSender')}
              </button>
            )}
          </div>
          <ErrorNotice error={saveError} />
          {row.direction === 'SENT' && (row.status === 'FAILED' || detail.outbox?.needsReroute) && (
            <FailureReason accountId={accountId} invoiceId={row.id} lastError={detail.outbox?.lastError ?? null} />
          )}
          <PossibleDuplicates
            accountId={accountId}
            detail={detail}
            onOpen={onOpen}
            onChanged={(next) => {
              setData(next);
              onDuplicate?.(id, next.row.possibleDuplicate === true);
            }}
          />
          <InvoiceAnswers
            accountId={accountId}
            detail={detail}
            onChanged={(code) => {
              reload();
              onAnswered?.(id, code);
            }}
          />
          <DetectFindings status={row.detectStatus} findings={detail.detectFindings} />
          {row.direction === 'RECEIVED' && (
            <ReceivedScrutiny accountId={accountId} invoiceId={row.id} detectStatus={row.detectStatus} onDetectResult={reload} />
          )}
          {detail.rendered ? (
            <RenderedInvoiceView invoice={detail.rendered} />
          ) : (
            <div className="notice notice-warn" role="note">
              <p className="notice-title">{t('invoice.notRendered')}</p>
              {detail.renderError && <p>{detail.renderError}</p>}
            </div>
          )}
          {children?.(detail)}
          {row.direction === 'SENT' && <DeliveryTrail accountId={accountId} kind="invoice" id={row.id} />}
          {image && (
            <section aria-labelledby="image-title">
              <h3 id="image-title">{t('invoice.image')}</h3>
              <PdfView accountId={accountId} file={image} />
            </section>
          )}
          <section aria-labelledby="files-title">
            <h3 id="files-title">{t('files.title')}</h3>
            <FileList accountId={accountId} files={detail.files} />
          </section>
        </>
      )}
    </section>
  );
}
