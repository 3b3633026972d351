import { useTranslation } from 'react-i18next';
import type { PartnerCompanyRef } from '../../../shared/bridge/partner';

/** The company a row names: its name and business ID. */
export function CompanyName({ row }: { row: PartnerCompanyRef }) {
  return (
    <>
      {row.companyName ?? row.companyId}
      {row.companyBid && <span className="muted mono"> {row.companyBid}</span>}
    </>
  );
}

/** Whether this app syncs the company already, or one click to add it as an account. */
export function SyncedCell({ row, onAdd }: { row: PartnerCompanyRef; onAdd(row: PartnerCompanyRef): void }) {
  const { t } = useTranslation();
  if (row.syncedBy) return <span className="badge badge-ok">{t('partner.syncedAs', { name: row.syncedBy.name })}</span>;
  const name = row.companyName ?? row.companyBid ?? row.companyId;
  return (
    <>
      <span className="badge badge-muted">{t('partner.notSynced')}</span>{' '}
      <button type="button" className="link" aria-label={t('partner.addAccountFor', { name })} onClick={() => onAdd(row)}>
        {t('partner.addAccount')}
      </button>
    </>
  );
}

/** The rows whose company matches what the user typed (name or business ID, any case, spaces and hyphens ignored). */
export function matchesCompany(row: PartnerCompanyRef, filter: string): boolean {
  const want = filter.trim().toLowerCase();
  if (!want) return true;
  const squash = (s: string) => s.replace(/[\s.-]/g, '');
  return (
    (row.companyName ?? '').toLowerCase().includes(want) ||
    (want.length > 1 && squash((row.companyBid ?? '').toLowerCase()).includes(squash(want)))
  );
}
