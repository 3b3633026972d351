import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/bridge';
import type { PartnerCompanyRef } from '../../../shared/bridge/partner';
import { AccountForm } from '../AccountForm';

/**
 * A linked company the office does not sync yet, as a new account: the form comes filled with what
 * the partner list knows (where the partner account syncs, the company ID, the name). The company's
 * own API key is the user's to give: the service issues tokens only with it (spec: Authentication).
 */
export function AddCompanyAccount({
  company,
  partner,
  onAdded,
  onCancel,
}: {
  company: PartnerCompanyRef;
  partner: AccountView;
  onAdded(account: AccountView): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const name = company.companyName ?? company.companyBid ?? company.companyId;
  return (
    <section className="card stack" aria-label={t('partner.add.title', { name })}>
      <p className="muted">{t('partner.add.known', { bid: company.companyBid ?? '–', companyId: company.companyId })}</p>
      <p className="notice notice-info">{t('partner.add.keyNeeded')}</p>
      <AccountForm
        id="partner-account"
        title={t('partner.add.title', { name })}
        initial={{
          environment: partner.environment,
          url: partner.baseUrl ?? '',
          companyId: company.companyId,
          name,
        }}
        onAdded={onAdded}
      />
      <div className="actions">
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  );
}
