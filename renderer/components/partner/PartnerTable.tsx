import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerCompanyRef, PartnerListView } from '../../../shared/bridge/partner';
import { PARTNER_MAX_ROWS } from '../../../shared/bridge/partner';
import type { CommandState } from '../../hooks/use-command';
import { useFormat } from '../../stores/context';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';
import { CompanyName, matchesCompany, SyncedCell } from './CompanyCell';

const STEP = 100;

/** The rows that pass the company filter, a hundred more at a time (an office may list thousands). */
function useShown<T extends PartnerCompanyRef>(list: PartnerListView<T> | null, filter: string) {
  const [limit, setLimit] = useState(STEP);
  const matching = (list?.items ?? []).filter((r) => matchesCompany(r, filter));
  return { matching, shown: matching.slice(0, limit), more: matching.length > limit, showMore: () => setLimit((l) => l + STEP) };
}

function ListFoot({
  total,
  shown,
  more,
  onMore,
  list,
}: {
  total: number;
  shown: number;
  more: boolean;
  onMore(): void;
  list: PartnerListView<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {total > 0 && (
        <p className="muted" aria-live="polite">
          {t('partner.shown', { shown, count: total })}
        </p>
      )}
      {more && (
        <div className="actions">
          <button type="button" onClick={onMore}>
            {t('partner.showMore')}
          </button>
        </div>
      )}
      {list.truncated && <p className="notice notice-warn">{t('partner.truncated', { count: PARTNER_MAX_ROWS })}</p>}
    </>
  );
}

type PartnerRow = PartnerCompanyRef & { number: string | null; happenedAt: string | null };

/**
 * The partner lists all show when, which company, which number, two columns of their own and whether
 * the company is synced here, filtered and paged alike; `kind` names their caption and empty text.
 * The paging state lives here, above the loading and error states, so a reload keeps what was shown.
 */
export function PartnerTable<T extends PartnerRow>({
  q,
  kind,
  headers,
  filter,
  onAdd,
  rowKey,
  cells,
}: {
  q: CommandState<PartnerListView<T>>;
  kind: 'inbound' | 'errors';
  headers: [string, string];
  filter: string;
  onAdd(row: PartnerCompanyRef): void;
  rowKey(row: T): string;
  cells(row: T): ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const { matching, shown, more, showMore } = useShown<T>(q.data, filter);
  if (q.error) return <ErrorNotice error={q.error} onRetry={q.reload} />;
  if (!q.data) return <Loading />;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <caption>{t(`partner.${kind}.caption`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('partner.when')}</th>
              <th scope="col">{t('partner.company')}</th>
              <th scope="col">{t('partner.number')}</th>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
              <th scope="col">{t('partner.synced')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {q.data.items.length === 0 ? t(`partner.${kind}.none`) : t('partner.filteredOut')}
                </td>
              </tr>
            )}
            {shown.map((r) => (
              <tr key={rowKey(r)}>
                <td>{f.dateTime(r.happenedAt)}</td>
                <th scope="row">
                  <CompanyName row={r} />
                </th>
                <td className="mono">{r.number ?? '–'}</td>
                {cells(r)}
                <td>
                  <SyncedCell row={r} onAdd={onAdd} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ListFoot total={matching.length} shown={shown.length} more={more} onMore={showMore} list={q.data} />
    </>
  );
}
