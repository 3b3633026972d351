import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { INVOICE_STATUSES } from '../../shared/enums';
import type { InvoiceList } from '../stores/lists';
import { SumFilter } from './SumFilter';

/** The sender is matched by its whole name: applied on Enter or when leaving the field, not per key. */
function SenderFilter({ id, value, onApply }: { id: string; value: string; onApply(sender: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  return (
    <div className="field">
      <label htmlFor={id}>{t('filters.sender')}</label>
      <input
        id={id}
        type="text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        title={t('filters.senderHint')}
      />
    </div>
  );
}

const triState = (v: boolean | undefined) => (v === undefined ? '' : v ? 'yes' : 'no');
const fromTri = (v: string) => (v === '' ? undefined : v === 'yes');

/**
 * Date range, sum and due-date ranges, sender, status, Detect warning and handled: each change lists
 * again at once. Memoized:
 * the browser around it renders again when a search starts or ends, and React sets every field of a
 * render again.
 */
export const InvoiceFilters = memo(function InvoiceFilters({ list, idPrefix }: { list: InvoiceList; idPrefix: string }) {
  const { t } = useTranslation();
  // The fields shown here only: the whole filter changes with every keystroke of the search.
  const filter = useStore(
    list,
    useShallow((s) => ({
      direction: s.filter.direction,
      from: s.filter.from,
      to: s.filter.to,
      sender: s.filter.sender,
      status: s.filter.status,
      detectWarning: s.filter.detectWarning,
      handled: s.filter.handled,
      sumFrom: s.filter.sumFrom,
      sumTo: s.filter.sumTo,
      dueFrom: s.filter.dueFrom,
      dueTo: s.filter.dueTo,
    })),
  );
  const set = list.getState().setFilter;
  const id = (name: string) => `${idPrefix}-filter-${name}`;
  const received = filter.direction === 'RECEIVED';
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t('filters.title')}</legend>
      <div className="field">
        <label htmlFor={id('from')}>{t('filters.from')}</label>
        <input id={id('from')} type="date" value={filter.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor={id('to')}>{t('filters.to')}</label>
        <input id={id('to')} type="date" value={filter.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      <SumFilter id={id('sum-from')} label={t('findInvoices.sumFrom')} value={filter.sumFrom} onApply={(sumFrom) => set({ sumFrom })} />
      <SumFilter id={id('sum-to')} label={t('findInvoices.sumTo')} value={filter.sumTo} onApply={(sumTo) => set({ sumTo })} />
      <div className="field">
        <label htmlFor={id('due-from')}>{t('findInvoices.dueFrom')}</label>
        <input
          id={id('due-from')}
          type="date"
          value={filter.dueFrom ?? ''}
          onChange={(e) => set({ dueFrom: e.target.value || undefined })}
        />
      </div>
      <div className="field">
        <label htmlFor={id('due-to')}>{t('findInvoices.dueTo')}</label>
        <input id={id('due-to')} type="date" value={filter.dueTo ?? ''} onChange={(e) => set({ dueTo: e.target.value || undefined })} />
      </div>
      {received && (
        <SenderFilter id={id('sender')} value={filter.sender ?? ''} onApply={(sender) => set({ sender: sender || undefined })} />
      )}
      <div className="field">
        <label htmlFor={id('status')}>{t('filters.status')}</label>
        <select id={id('status')} value={filter.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })}>
          <option value="">{t('filters.any')}</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {received && (
        <div className="field">
          <label htmlFor={id('detect')}>{t('filters.detect')}</label>
          <select
            id={id('detect')}
            value={triState(filter.detectWarning)}
            onChange={(e) => set({ detectWarning: fromTri(e.target.value) })}
          >
            <option value="">{t('filters.any')}</option>
            <option value="yes">{t('filters.withWarning')}</option>
            <option value="no">{t('filters.withoutWarning')}</option>
          </select>
        </div>
      )}
      {received && (
        <div className="field">
          <label htmlFor={id('handled')}>{t('filters.handled')}</label>
          <select id={id('handled')} value={triState(filter.handled)} onChange={(e) => set({ handled: fromTri(e.target.value) })}>
            <option value="">{t('filters.any')}</option>
            <option value="yes">{t('filters.handledYes')}</option>
            <option value="no">{t('filters.handledNo')}</option>
          </select>
        </div>
      )}
    </fieldset>
  );
});
