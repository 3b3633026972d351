import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView, InvoiceDetail } from '../../shared/bridge';
import { revealInvisible } from '../../shared/untrusted-text';
import { useBridge, useFormat } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

/**
 * A received invoice that may duplicate others (issue 42): says so, links to each, and lets the user say
 * it is not one. Nothing is hidden or handled for them; the mark is kept in the mirror.
 */
export function PossibleDuplicates({
  accountId,
  detail,
  onOpen,
  onChanged,
}: {
  accountId: string;
  detail: InvoiceDetail;
  onOpen?(id: string): void;
  onChanged(next: InvoiceDetail): void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const duplicates = detail.duplicates ?? [];
  if (detail.row.direction !== 'RECEIVED' || (duplicates.length === 0 && !detail.notDuplicate)) return null;

  const mark = async (notDuplicate: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await bridge.invoke('invoices.setNotDuplicate', { accountId, id: detail.row.id, notDuplicate });
      onChanged(await bridge.invoke('invoices.get', { accountId, id: detail.row.id }));
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setSaving(false);
    }
  };

  if (detail.notDuplicate)
    return (
      <div className="notice" role="note" data-duplicates="dismissed">
        <p>{t('duplicates.dismissed')}</p>
        <button type="button" disabled={saving} onClick={() => void mark(false)}>
          {t('duplicates.undo')}
        </button>
        <ErrorNotice error={error} />
      </div>
    );
  return (
    <section className="notice notice-warn" aria-labelledby="duplicates-title" data-duplicates="possible">
      <h3 id="duplicates-title" className="notice-title">
        {t('duplicates.title')}
      </h3>
      <p>{t('duplicates.lead', { count: duplicates.length })}</p>
      <ul>
        {duplicates.map((d) => (
          <li key={d.id}>
            <button type="button" className="link" disabled={!onOpen} onClick={() => onOpen?.(d.id)}>
              {t('duplicates.open', {
                number: revealInvisible(d.number ?? '') || t('invoice.untitled'),
                when: f.dateTime(d.receivedAt),
              })}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" disabled={saving} onClick={() => void mark(true)}>
        {t('duplicates.notDuplicate')}
      </button>
      <ErrorNotice error={error} />
    </section>
  );
}
