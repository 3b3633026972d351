import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerCompanyRef, PartnerErrorView, PartnerInboundView, PartnerListView } from '../../../shared/bridge/partner';
import { PARTNER_MAX_ROWS } from '../../../shared/bridge/partner';
import { useCommand } from '../../hooks/use-command';
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

interface ListProps {
  accountId: string;
  window: { after: string; before?: string };
  filter: string;
  onAdd(row: PartnerCompanyRef): void;
}

/** Invoices the linked companies received in the window, newest first, each naming its company. */
export function InboundList({ accountId, window, filter, onAdd, state }: ListProps & { state: 'all' | 'CREATED' | 'HANDLED' }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useCommand('partner.inbound', { accountId, ...window, state });
  const { matching, shown, more, showMore } = useShown<PartnerInboundView>(q.data, filter);
  if (q.error) return <ErrorNotice error={q.error} onRetry={q.reload} />;
  if (!q.data) return <Loading />;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <caption>{t('partner.inbound.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('partner.when')}</th>
              <th scope="col">{t('partner.company')}</th>
              <th scope="col">{t('partner.number')}</th>
              <th scope="col">{t('partner.inbound.sender')}</th>
              <th scope="col">{t('partner.status')}</th>
              <th scope="col">{t('partner.synced')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {q.data.items.length === 0 ? t('partner.inbound.none') : t('partner.filteredOut')}
                </td>
              </tr>
            )}
            {shown.map((r) => (
              <tr key={`${r.companyId}|${r.invoiceId}`}>
                <td>{f.dateTime(r.happenedAt)}</td>
                <th scope="row">
                  <CompanyName row={r} />
                </th>
                <td className="mono">{r.number ?? '–'}</td>
                <td>{r.senderName ?? '–'}</td>
                <td>{r.state ? t(`partner.inbound.stateNames.${r.state}`, { defaultValue: r.state }) : '–'}</td>
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

/** Sends of the linked companies that failed in the window, newest first, with what went wrong. */
export function ErrorList({ accountId, window, filter, onAdd }: ListProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useCommand('partner.outboundErrors', { accountId, ...window });
  const { matching, shown, more, showMore } = useShown<PartnerErrorView>(q.data, filter);
  if (q.error) return <ErrorNotice error={q.error} onRetry={q.reload} />;
  if (!q.data) return <Loading />;
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <caption>{t('partner.errors.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('partner.when')}</th>
              <th scope="col">{t('partner.company')}</th>
              <th scope="col">{t('partner.number')}</th>
              <th scope="col">{t('partner.errors.recipient')}</th>
              <th scope="col">{t('partner.errors.error')}</th>
              <th scope="col">{t('partner.synced')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {q.data.items.length === 0 ? t('partner.errors.none') : t('partner.filteredOut')}
                </td>
              </tr>
            )}
            {shown.map((r) => (
              <tr key={`${r.companyId}|${r.invoiceId}|${r.happenedAt}`}>
                <td>{f.dateTime(r.happenedAt)}</td>
                <th scope="row">
                  <CompanyName row={r} />
                </th>
                <td className="mono">{r.number ?? '–'}</td>
                <td>{r.recipientName ?? '–'}</td>
                <td>{r.error || '–'}</td>
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
