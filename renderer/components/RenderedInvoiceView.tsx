import { useTranslation } from 'react-i18next';
import type { RenderedInvoice } from '../../shared/bridge';
import { useFormat } from '../stores/context';
import { LinesTable } from './LinesTable';
import { PartyCard } from './PartyCard';
import { VatTotals } from './VatTotals';

/** The invoice itself, as its XML (UBL, CII or Finvoice) says it. */
export function RenderedInvoiceView({ invoice }: { invoice: RenderedInvoice }) {
  const { t } = useTranslation();
  const f = useFormat();
  const p = invoice.payment;
  const head: [string, string][] = [
    [t('invoice.issueDate'), f.date(invoice.issueDate)],
    [t('invoice.dueDate'), f.date(invoice.dueDate ?? p.dueDate)],
    [t('invoice.currency'), invoice.currency ?? '–'],
    [t('invoice.buyerReference'), invoice.buyerReference ?? '–'],
    [t('invoice.orderReference'), invoice.orderReference ?? '–'],
    [t('invoice.format'), t(`invoice.formats.${invoice.format}`)],
  ];
  const payment: [string, string | null][] = [
    [t('invoice.payment.iban'), p.iban],
    [t('invoice.payment.bic'), p.bic],
    [t('invoice.payment.reference'), p.reference],
    [t('invoice.payment.terms'), p.terms],
    [t('invoice.payment.dueDate'), p.dueDate ? f.date(p.dueDate) : null],
  ];
  return (
    <article className="rendered-invoice" aria-label={t('invoice.rendered')}>
      <header className="rendered-head">
        <h3>
          {t(`invoice.kind.${invoice.kind}`)} {invoice.number ?? ''}
        </h3>
        <p className="rendered-amount">{f.money(invoice.totals.payable ?? invoice.totals.gross, invoice.currency)}</p>
      </header>
      <dl className="facts">
        {head.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="parties">
        <PartyCard title={t('invoice.seller')} party={invoice.seller} />
        <PartyCard title={t('invoice.buyer')} party={invoice.buyer} />
      </div>
      <LinesTable lines={invoice.lines} currency={invoice.currency} />
      <VatTotals invoice={invoice} />
      <section aria-labelledby="payment-title" className="payment">
        <h3 id="payment-title">{t('invoice.payment.title')}</h3>
        <dl className="facts">
          {payment
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd className="mono">{v}</dd>
              </div>
            ))}
        </dl>
      </section>
      {invoice.notes.length > 0 && (
        <section aria-labelledby="notes-title">
          <h3 id="notes-title">{t('invoice.notes')}</h3>
          {invoice.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </section>
      )}
    </article>
  );
}
