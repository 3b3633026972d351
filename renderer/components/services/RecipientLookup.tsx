import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '../../../shared/bridge';
import { ReceiverLookup } from './ReceiverLookup';

/** On a sent invoice: where its recipient receives e-invoices now, looked up by the buyer's business id or name. */
export function RecipientLookup({ accountId, detail }: { accountId: string; detail: InvoiceDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buyer = detail.rendered?.buyer;
  const bid = buyer?.businessId ?? undefined;
  const name = bid ? undefined : (buyer?.name ?? detail.row.recipientName ?? undefined);
  const eia = !bid && !name && buyer?.eia && /^\d{4}:/.test(buyer.eia) ? buyer.eia : undefined;
  return (
    <section aria-label={t('lookup.recipient.title')} className="stack">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('lookup.recipient.hide') : t('lookup.recipient.show')}
      </button>
      {open && (
        <div className="card">
          <ReceiverLookup
            accountId={accountId}
            idPrefix={`recipient-${detail.row.id}`}
            heading={t('lookup.recipient.title')}
            initial={{ bid, name, eia }}
            level={3}
          />
        </div>
      )}
    </section>
  );
}
