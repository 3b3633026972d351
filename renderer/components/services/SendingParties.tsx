import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendingPartyView } from '../../../shared/bridge/partner-services';
import { MAX_PARTNER_LOOKUP_IDS } from '../../../shared/schemas/partner';
import { useBridge } from '../../stores/context';
import { idsOf } from './EndpointLookup';
import { ServiceNotice } from './ServiceNotice';
import { TextInput } from './TextInput';
import { useAction } from './use-action';

/** The company's sending parties: look up at most 10 identifiers, or register one. */
export function SendingParties({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const action = useAction();
  const [text, setText] = useState('');
  const [country, setCountry] = useState('FI');
  const [found, setFound] = useState<{ asked: string[]; parties: SendingPartyView[] } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const ids = idsOf(text);
  const tooMany = ids.length > MAX_PARTNER_LOOKUP_IDS;
  const cc = country.trim().toUpperCase();
  return (
    <section aria-labelledby="sending-parties-title" className="card stack">
      <h2 id="sending-parties-title">{t('sendingParties.title')}</h2>
      <p className="muted">{t('sendingParties.lead')}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="sending-parties-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (tooMany || ids.length === 0) return;
          void action.run(async () => {
            setSaid(null);
            const parties = await bridge.invoke('lookup.sendingParties', { accountId, identifiers: ids, ...(cc ? { country: cc } : {}) });
            setFound({ asked: ids, parties });
          });
        }}
      >
        <TextInput
          label={t('sendingParties.ids')}
          hint={t('sendingParties.idsHint')}
          multiline
          value={text}
          onChange={setText}
          error={
            tooMany
              ? t('sendingParties.tooMany', { count: ids.length })
              : (action.error?.fields?.identifiers ?? action.error?.fields?.identifier)
          }
        />
        <TextInput
          label={t('sendingParties.country')}
          hint={t('sendingParties.countryHint')}
          value={country}
          onChange={setCountry}
          error={action.error?.fields?.country}
        />
        <div className="actions">
          <button type="submit" disabled={action.busy || tooMany || ids.length === 0}>
            {t('sendingParties.find')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={action.busy || ids.length !== 1 || !cc}
            onClick={() =>
              void action.run(async () => {
                const made = await bridge.invoke('lookup.registerSendingParty', { accountId, identifier: ids[0] ?? '', country: cc });
                setSaid(t('sendingParties.registered', { identifier: made.identifier, country: made.country ?? cc }));
                setFound(null);
              })
            }
          >
            {t('sendingParties.register')}
          </button>
        </div>
      </form>
      {said && <p role="status">{said}</p>}
      <ServiceNotice error={action.error} onRetry={action.retry} />
      {found && (
        <ul aria-label={t('sendingParties.results')}>
          {found.asked.map((id) => (
            <li key={id}>
              <span className="mono">{id}</span>:{' '}
              {found.parties.some((p) => p.identifier === id) ? t('sendingParties.isRegistered') : t('sendingParties.notRegistered')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
