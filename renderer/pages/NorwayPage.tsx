import { useTranslation } from 'react-i18next';
import { AgreementsPanel } from '../components/AgreementsPanel';
import { MandatesPanel } from '../components/MandatesPanel';
import { B2cnoPanel } from '../components/services/B2cnoPanel';
import { useApp } from '../stores/context';

/** Norway: AvtaleGiro (ATG) agreements and the mandates payers gave on them. */
export function NorwayPage() {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  if (!accountId) return null;
  return (
    <div className="page">
      <h1>{t('norway.title')}</h1>
      <p className="lead">{t('norway.lead')}</p>
      <B2cnoPanel key={`b2cno-${accountId}`} accountId={accountId} />
      <AgreementsPanel key={accountId} accountId={accountId} />
      <MandatesPanel />
    </div>
  );
}
