import { useTranslation } from 'react-i18next';
import type { RenderedLine } from '../../shared/bridge';
import { useFormat } from '../stores/context';

/** `marked`: the line (by index) a broken rule points at. */
export function LinesTable({ lines, currency, marked }: { lines: RenderedLine[]; currency: string | null; marked?: number | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (lines.length === 0) return <p className="muted">{t('invoice.noLines')}</p>;
  return (
    <table className="table lines">
      <caption>{t('invoice.lines')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('invoice.line.description')}</th>
          <th scope="col" className="num">
            {t('invoice.line.quantity')}
          </th>
          <th scope="col" className="num">
            {t('invoice.line.unitPrice')}
          </th>
          <th scope="col" className="num">
            {t('invoice.line.vat')}
          </th>
          <th scope="col" className="num">
            {t('invoice.line.net')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          // Lines may lack ids and repeat descriptions: their place is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={i} data-part={`line-${i}`} className={marked === i ? 'is-highlighted' : undefined}>
            <td>
              {l.description}
              {l.id && <span className="muted"> ({l.id})</span>}
            </td>
            <td className="num">
              {f.number(l.quantity, 3)} {l.unit ?? ''}
            </td>
            <td className="num">{f.money(l.unitPrice, currency)}</td>
            <td className="num">{f.percent(l.vatRate)}</td>
            <td className="num">{f.money(l.net, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
