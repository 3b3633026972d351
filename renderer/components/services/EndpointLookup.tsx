import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointLookup as Endpoint } from '../../../shared/schemas/lookup';
import { useBridge } from '../../stores/context';
import { ServiceNotice } from './ServiceNotice';
import { CheckInput, TextInput } from './TextInput';
import { useAction } from './use-action';

export const MAX_IDS = 10;
/** The business ids the user wrote: one per line or separated by commas or spaces, each once. */
export const idsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** E-invoice addresses of at most 10 business ids; the 11th is told before anything is sent. */
export function EndpointLookup({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [text, setText] = useState('');
  const [country, setCountry] = useState('');
  const [invoicesOnly, setInvoicesOnly] = useState(false);
  const [found, setFound] = useState<Endpoint[] | null>(null);
  const action = useAction();
  const ids = idsOf(text);
  const tooMany = ids.length > MAX_IDS;

  return (
    <section aria-labelledby="endpoints-title" className="stack card">
      <h2 id="endpoints-title">{t('lookup.endpoints.title')}</h2>
      <p className="muted">{t('lookup.endpoints.lead')}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="endpoints-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (tooMany || !ids.length) return;
          void action.run(async () => {
            setFound(
              await bridge.invoke('lookup.endpoints', {
                accountId,
                businessIds: ids,
                country: country.trim().toUpperCase() || undefined,
                invoicesOnly,
              }),
            );
          });
        }}
      >
        <TextInput
          label={t('lookup.endpoints.ids')}
          hint={`${t('lookup.endpoints.idsHint')} ${t('lookup.endpoints.count', { count: ids.length })}`}
          multiline
          value={text}
          onChange={setText}
          error={tooMany ? t('lookup.endpoints.tooMany', { count: ids.length }) : action.error?.fields?.businessIds}
        />
        <TextInput label={t('lookup.receivers.country')} value={country} onChange={setCountry} error={action.error?.fields?.country} />
        <CheckInput label={t('lookup.endpoints.invoicesOnly')} checked={invoicesOnly} onChange={setInvoicesOnly} />
        <div className="actions">
          <button type="submit" className="primary" disabled={action.busy || tooMany || ids.length === 0}>
            {action.busy ? t('common.working') : t('lookup.endpoints.search')}
          </button>
        </div>
      </form>
      <ServiceNotice error={action.error} onRetry={action.retry} />
      {found && (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('lookup.endpoints.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('lookup.endpoints.businessId')}</th>
                <th scope="col">{t('lookup.endpoints.address')}</th>
                <th scope="col">{t('lookup.endpoints.operator')}</th>
                <th scope="col">{t('lookup.endpoints.network')}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((e) => (
                <tr key={`${e.business_id}|${e.eia}|${e.network}|${e.operator}`}>
                  <th scope="row" className="mono">
                    {e.business_id}
                  </th>
                  <td className="mono">{e.eia ?? t('lookup.endpoints.noAddress')}</td>
                  <td>{e.operator ?? '–'}</td>
                  <td>{e.network ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
