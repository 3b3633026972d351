import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartnerCompanyRef, PartnerLookupView } from '../../../shared/bridge/partner';
import { MAX_PARTNER_LOOKUP_IDS } from '../../../shared/schemas/partner';
import { useBridge } from '../../stores/context';
import { idsOf } from '../services/EndpointLookup';
import { ServiceNotice } from '../services/ServiceNotice';
import { TextInput } from '../services/TextInput';
import { useAction } from '../services/use-action';
import { SyncedCell } from './CompanyCell';

/** Companies by business ID, at most 10 at once: the 11th is told before anything is sent. */
export function CompanyLookup({ accountId, onAdd }: { accountId: string; onAdd(row: PartnerCompanyRef): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [text, setText] = useState('');
  const [country, setCountry] = useState('FI');
  const [found, setFound] = useState<PartnerLookupView[] | null>(null);
  const action = useAction();
  const ids = idsOf(text);
  const tooMany = ids.length > MAX_PARTNER_LOOKUP_IDS;
  return (
    <section aria-labelledby="partner-lookup-title" className="stack">
      <h2 id="partner-lookup-title">{t('partner.lookup.title')}</h2>
      <p className="muted">{t('partner.lookup.lead')}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="partner-lookup-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (tooMany || ids.length === 0) return;
          void action.run(async () => {
            setFound(await bridge.invoke('partner.lookup', { accountId, businessIds: ids, country: country.trim().toUpperCase() }));
          });
        }}
      >
        <TextInput
          label={t('partner.lookup.ids')}
          hint={`${t('partner.lookup.idsHint')} ${t('partner.lookup.count', { count: ids.length })}`}
          multiline
          value={text}
          onChange={setText}
          error={tooMany ? t('partner.lookup.tooMany', { count: ids.length }) : action.error?.fields?.businessIds}
        />
        <TextInput
          label={t('partner.lookup.country')}
          hint={t('partner.lookup.countryHint')}
          value={country}
          onChange={setCountry}
          error={action.error?.fields?.country}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={action.busy || tooMany || ids.length === 0}>
            {action.busy ? t('common.working') : t('partner.lookup.search')}
          </button>
        </div>
      </form>
      <ServiceNotice error={action.error} onRetry={action.retry} />
      {found && found.length === 0 && <p className="muted">{t('partner.lookup.none')}</p>}
      {found && found.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('partner.lookup.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('partner.company')}</th>
                <th scope="col">{t('partner.lookup.businessId')}</th>
                <th scope="col">{t('partner.lookup.country')}</th>
                <th scope="col">{t('partner.lookup.companyId')}</th>
                <th scope="col">{t('partner.synced')}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((c) => (
                <tr key={c.companyId}>
                  <th scope="row">{c.companyName ?? '–'}</th>
                  <td className="mono">{c.companyBid}</td>
                  <td>{c.country ?? '–'}</td>
                  <td className="mono">{c.companyId}</td>
                  <td>
                    <SyncedCell row={c} onAdd={onAdd} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
