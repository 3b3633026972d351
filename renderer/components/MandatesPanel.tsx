import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ATG_MANDATE_STATUSES } from '../../shared/enums';
import type { AtgMandate } from '../../shared/schemas/atg';
import { useFormat, useSlice, useStores } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';

/** AvtaleGiro mandates: search by KID or reference, filter by status, page through. */
export function MandatesPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const { mandates } = useStores();
  const s = useSlice(mandates, (x) => x);
  const m = mandates.getState();
  return (
    <section aria-labelledby="mandates-title" className="stack">
      <h2 id="mandates-title">{t('norway.mandates')}</h2>
      <form
        className="form inline-form"
        aria-label={t('norway.searchMandates')}
        onSubmit={(e) => {
          e.preventDefault();
          void m.search(1);
        }}
      >
        <div className="field">
          <label htmlFor="mandate-query">{t('norway.query')}</label>
          <input id="mandate-query" type="search" value={s.query} onChange={(e) => m.setQuery(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="mandate-status">{t('norway.status')}</label>
          <select id="mandate-status" value={s.status} onChange={(e) => m.setStatus(e.target.value)}>
            <option value="">{t('filters.any')}</option>
            {ATG_MANDATE_STATUSES.map((st) => (
              <option key={st} value={st}>
                {t(`norway.statuses.${st}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" disabled={s.loading}>
          {t('norway.search')}
        </button>
      </form>
      <ErrorNotice error={s.error} />
      {s.searched && s.items.length === 0 && !s.error && <p className="muted">{t('norway.noMandates')}</p>}
      {s.searched && s.items.length > 0 && s.parsed === 'too-many' && <p className="muted">{t('norway.parsedTooMany')}</p>}
      {s.items.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('norway.mandates')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('norway.kid')}</th>
                <th scope="col">{t('norway.reference')}</th>
                <th scope="col">{t('norway.paymentType')}</th>
                {s.parsed === 'shown' && <th scope="col">{t('norway.parsed')}</th>}
                <th scope="col">{t('norway.account')}</th>
                <th scope="col">{t('norway.status')}</th>
                <th scope="col">{t('norway.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {s.items.map((x) => (
                <tr key={`${x.kid}-${x.account_number}`}>
                  <td className="mono">{x.kid}</td>
                  <td className="mono">{x.reference_nr ?? '–'}</td>
                  <td>{x.payment_type ?? '–'}</td>
                  {s.parsed === 'shown' && <td>{parsedKid(x, t)}</td>}
                  <td className="mono">{x.account_number}</td>
                  <td>
                    <span className={`badge badge-atg-${x.status.toLowerCase()}`}>
                      {t(`norway.statuses.${x.status}`, { defaultValue: x.status })}
                    </span>
                  </td>
                  <td>{f.dateTime(x.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {s.searched && s.items.length > 0 && (
        <nav className="pager" aria-label={t('norway.pages')}>
          <button type="button" disabled={s.loading || s.page <= 1} onClick={() => void m.search(s.page - 1)}>
            {t('common.previous')}
          </button>
          <span>{s.totalPages ? t('common.pageOf', { page: s.page, pages: s.totalPages }) : t('common.page', { page: s.page })}</span>
          {s.total !== null && <span className="muted">{t('norway.total', { count: s.total })}</span>}
          <button
            type="button"
            disabled={s.loading || (s.totalPages !== null ? s.page >= s.totalPages : s.items.length < s.perPage)}
            onClick={() => void m.search(s.page + 1)}
          >
            {t('common.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** The KID's parts as the service split them: reference, payment type, and whether its check digit holds. */
function parsedKid(x: AtgMandate, t: TFunction): string {
  const p = x.parsed_values;
  if (!p) return '–';
  const parts = [
    p.reference != null && p.reference !== '' ? t('norway.parsedReference', { value: String(p.reference) }) : null,
    p.payment_type != null && p.payment_type !== '' ? t('norway.parsedPaymentType', { value: String(p.payment_type) }) : null,
    p.valid == null ? null : p.valid ? t('norway.kidValid') : t('norway.kidInvalid'),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '–';
}
