import { useTranslation } from 'react-i18next';
import { ConsumerLookup } from '../components/services/ConsumerLookup';
import { EndpointLookup } from '../components/services/EndpointLookup';
import { ReceiverLookup } from '../components/services/ReceiverLookup';
import { SendingParties } from '../components/services/SendingParties';
import { useApp } from '../stores/context';

/** Lookup: receivers in the networks, e-invoice addresses by business id, Norwegian consumers. */
export function LookupPage() {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  if (!accountId) return null;
  return (
    <div className="page" key={accountId}>
      <h1>{t('lookup.title')}</h1>
      <p className="lead">{t('lookup.lead')}</p>
      <div className="card">
        <ReceiverLookup accountId={accountId} idPrefix="lookup" level={2} />
      </div>
      <EndpointLookup accountId={accountId} />
      <ConsumerLookup accountId={accountId} />
      <SendingParties accountId={accountId} />
    </div>
  );
}
