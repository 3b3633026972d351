import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { InvoiceRow, InvoiceSortKey } from '../../shared/bridge';
import { revealInvisible } from '../../shared/untrusted-text';
import { useFormat, useSlice, useStores } from '../stores/context';
import type { InvoiceList } from '../stores/lists';
import { CollectionBadge } from './collection/CollectionBadge';
import { detectReason } from './detect-reason';
import { RowPlaceholder } from './RowPlaceholder';
import { type SortColumn, SortHeader } from './SortHeader';

/** The words the rows show, in the window's language. */
export interface InvoiceRowLabels {
  warning: string;
  warningHint: string;
  unknown: string;
  handled: string;
  duplicate: string;
  status(code: string): string;
  /** An Invoice Response status (UNCL4343), with its first reason when it has one. */
  answer(code: string, reason?: string): string;
  /** A Detect finding (stored in English) in the window's language. */
  finding(text: string): string;
}

/**
 * The rows' words, looked up once per language for the whole list: each row asking i18next itself
 * (1-3 lookups a row, about 40 rows an answer) was about 2 ms of the page's main thread a keystroke
 * at 1,000,000 invoices, while the host answered that keystroke on the same two cores.
 */
export function useInvoiceRowLabels(): InvoiceRowLabels {
  // react-i18next hands out a new `t` when the language changes, so the words follow it.
  const { t, i18n } = useTranslation();
  const { detect } = useStores();
  const codes = useSlice(detect, (s) => s.reasonCodes);
  return useMemo(() => {
    const statuses = new Map<string, string>();
    const findings = new Map<string, string>();
    return {
      warning: t('detect.warning'),
      warningHint: t('detect.warningHint'),
      unknown: t('common.unknown'),
      handled: t('invoice.handled'),
      duplicate: t('duplicates.badge'),
      answer: (code: string, reason?: string) =>
        reason
          ? t('answers.badgeWithReason', {
              status: t(`answers.codes.${code}`, { defaultValue: code }),
              reason: t(`answers.reasons.${reason}`, { defaultValue: reason }),
            })
          : t(`answers.codes.${code}`, { defaultValue: code }),
      status(code: string) {
        const known = statuses.get(code);
        if (known !== undefined) return known;
        const label = t(`status.${code}`, { defaultValue: code });
        statuses.set(code, label);
        return label;
      },
      finding(text: string) {
        const known = findings.get(text);
        if (known !== undefined) return known;
        const words = detectReason(t, (k) => i18n.exists(k), codes, text);
        findings.set(text, words);
        return words;
      },
    };
  }, [t, i18n, codes]);
}

/**
 * Columns of an invoice row; the header above the list uses the same grid. Memoized on the row: a
 * keystroke re-renders the list with the rows it already shows while the new query is on its way, and
 * only the answer's rows (new objects) need rendering again.
 */
export const InvoiceListRow = memo(function InvoiceListRow({ row, labels }: { row: InvoiceRow | undefined; labels: InvoiceRowLabels }) {
  const f = useFormat();
  if (!row) return <RowPlaceholder />;
  // A name from the service shows its hidden controls (a right-to-left override) instead of obeying them.
  const party = revealInvisible(row.direction === 'SENT' ? row.recipientName : row.senderName);
  const comment = revealInvisible(row.comment);
  const warned = row.detectStatus === 'WARN';
  const first = row.detectFindings[0];
  const reason = warned ? (first ? labels.finding(first) : labels.warning) : null;
  return (
    <span className="inv-row">
      <span className="inv-flag">
        {warned && (
          <span
            className="warn-icon"
            role="img"
            aria-label={labels.warning}
            title={row.detectFindings.map(labels.finding).join('\n') || labels.warningHint}
          >
            ⚠
          </span>
        )}
      </span>
      <span className={`inv-party${!row.handled && row.direction === 'RECEIVED' ? ' is-unhandled' : ''}`}>
        {party ?? labels.unknown}
        {comment && (
          <span className="inv-comment muted" title={comment}>
            {' '}
            · {comment}
          </span>
        )}
        {reason && <span className="inv-warn-text"> · {reason}</span>}
        {row.possibleDuplicate && <span className="badge badge-outbox-held inv-duplicate"> {labels.duplicate}</span>}
      </span>
      <span className="inv-number mono">{row.number ?? '–'}</span>
      <span className="inv-date">{f.date(row.date)}</span>
      <span className="inv-due">{f.date(row.dateDue)}</span>
      <span className="inv-status">
        {row.status && <span className={`badge badge-status-${row.status.toLowerCase()}`}>{labels.status(row.status)}</span>}
        {row.direction === 'RECEIVED' && row.handled && <span className="badge badge-muted">{labels.handled}</span>}
        {row.answer && (
          <span className={`badge badge-answer-${row.answer.toLowerCase()}`} data-answer={row.answer}>
            {labels.answer(row.answer)}
          </span>
        )}
        {row.response && (
          <span className={`badge badge-answer-${row.response.code.toLowerCase()}`} data-response={row.response.code}>
            {labels.answer(row.response.code, row.response.code === 'RE' ? row.response.reasons[0] : undefined)}
          </span>
        )}
        {row.direction === 'SENT' && <CollectionBadge invoiceId={row.id} />}
      </span>
      <span className="inv-sum num">{f.money(row.sum, row.currency)}</span>
    </span>
  );
});

/** The column headers of an invoice list; each sorts the list in the store's query (keyset paging follows it). */
export function InvoiceListHeader({ list, label }: { list: InvoiceList; label: string }) {
  const { t } = useTranslation();
  const direction = useStore(list, (s) => s.filter.direction);
  const sort = useStore(list, (s) => s.filter.sort);
  const columns: SortColumn<InvoiceSortKey>[] = [
    { key: null, label: t('detect.warning'), className: 'inv-flag' },
    { key: 'party', label: direction === 'SENT' ? t('invoice.recipient') : t('invoice.sender'), className: 'inv-party' },
    { key: 'number', label: t('invoice.number'), className: 'inv-number' },
    { key: 'date', label: t('invoice.date'), className: 'inv-date', first: 'desc' },
    { key: 'due', label: t('invoice.due'), className: 'inv-due', first: 'desc' },
    { key: 'status', label: t('invoice.status'), className: 'inv-status' },
    { key: 'sum', label: t('invoice.sum'), className: 'inv-sum num', first: 'desc' },
  ];
  return (
    <SortHeader
      label={t('list.columnsOf', { list: label })}
      rowClass="inv-row inv-header"
      columns={columns}
      sort={sort}
      onSort={(next) => list.getState().setFilter({ sort: next })}
    />
  );
}
