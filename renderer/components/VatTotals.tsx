import { useTranslation } from 'react-i18next';
import type { RenderedInvoice } from '../../shared/bridge';
import { useFormat } from '../stores/context';

/** The VAT breakdown and the totals, side by side; `marked`: the one a broken rule points at. */
export function VatTotals({ invoice, marked }: { invoice: RenderedInvoice; marked?: 'vat' | 'totals' | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const c = invoice.currency;
  const totals: [string, number | null][] = [
    [t('invoice.totals.net'), invoice.totals.net],
    [t('invoice.totals.tax'), invoice.totals.tax],
    [t('invoice.totals.gross'), invoice.totals.gross],
    [t('invoice.totals.payable'), invoice.totals.payable],
  ];
  return (
    <div className="vat-totals">
      {invoice.vat.length > 0 && (
        <table className={`table${marked === 'vat' ? ' is-highlighted' : ''}`} data-part="vat">
          <caption>{t('invoice.vat')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoice.vatRate')}</th>
              <th scope="col" className="num">
                {t('invoice.vatTaxable')}
              </th>
              <th scope="col" className="num">
                {t('invoice.vatTax')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.vat.map((v) => (
              <tr key={`${v.rate}-${v.category}`}>
                <td>
                  {f.percent(v.rate)} {v.category && <span className="muted">({v.category})</span>}
                </td>
                <td className="num">{f.money(v.taxable, c)}</td>
                <td className="num">{f.money(v.tax, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className={`table totals${marked === 'totals' ? ' is-highlighted' : ''}`} data-part="totals">
        <caption>{t('invoice.totals.title')}</caption>
        <tbody>
          {totals.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td className="num">{f.money(v, c)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
