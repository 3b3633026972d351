import { useTranslation } from 'react-i18next';
import type { RenderedInvoice } from '../../shared/bridge';
import type { RenderedPart } from '../../shared/validation/rendered-part';
import { useFormat } from '../stores/context';
import { LinesTable } from './LinesTable';
import { PartyCard } from './PartyCard';
import { VatTotals } from './VatTotals';

/**
 * The invoice itself, as its XML (UBL, CII or Finvoice) says it. `highlight`: the part a broken rule
 * points at (the Validate page), marked and named by data-part so the page can bring it into view.
 */
export function RenderedInvoiceView({ invoice, highlight }: { invoice: RenderedInvoice; highlight?: RenderedPart | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const on = (kind: RenderedPart['kind']) => highlight?.kind === kind;
  const mark = (kind: RenderedPart['kind'], base: string) => (on(kind) ? `${base} is-highlighted` : base);
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
      <header className={mark('head', 'rendered-head')} data-part="head">
        <h3>
          {t(`invoice.kind.${invoice.kind}`)} {invoice.number ?? ''}
        </h3>
        <p className="rendered-amount">{f.money(invoice.totals.payable ?? invoice.totals.gross, invoice.currency)}</p>
      </header>
      <dl className={mark('head', 'facts')}>
        {head.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="parties">
        <PartyCard title={t('invoice.seller')} party={invoice.seller} part="seller" marked={on('seller')} />
        <PartyCard title={t('invoice.buyer')} party={invoice.buyer} part="buyer" marked={on('buyer')} />
      </div>
      <LinesTable lines={invoice.lines} currency={invoice.currency} marked={highlight?.kind === 'line' ? highlight.index : null} />
      <VatTotals invoice={invoice} marked={highlight?.kind === 'vat' || highlight?.kind === 'totals' ? highlight.kind : null} />
      <section aria-labelledby="payment-title" className={mark('payment', 'payment')} data-part="payment">
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
        <section aria-labelledby="notes-title" className={mark('notes', 'notes')} data-part="notes">
          <h3 id="notes-title">{t('invoice.notes')}</h3>
          {invoice.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </section>
      )}
    </article>
  );
}
