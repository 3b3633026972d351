import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/bridge';
import { useBridge } from '../../stores/context';
import { ServiceNotice } from './ServiceNotice';
import { TextInput } from './TextInput';
import { useAction } from './use-action';

const KEYS = ['ssn', 'phoneNumber', 'email', 'efakturaIdentifier', 'firstName', 'lastName', 'dateOfBirth', 'postalCode'] as const;
type Key = (typeof KEYS)[number];
const LABEL: Record<Key, string> = {
  ssn: 'ssn',
  phoneNumber: 'phone',
  email: 'email',
  efakturaIdentifier: 'efaktura',
  firstName: 'firstName',
  lastName: 'lastName',
  dateOfBirth: 'dateOfBirth',
  postalCode: 'postalCode',
};

/** The Norwegian consumer registry: which routes (digital post, eFaktura for all) reach a consumer. */
export function ConsumerLookup({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [v, setV] = useState<Record<Key, string>>({
    ssn: '',
    phoneNumber: '',
    email: '',
    efakturaIdentifier: '',
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    postalCode: '',
  });
  const [answer, setAnswer] = useState<{ value: CommandOutput<'lookup.consumer'> } | null>(null);
  const action = useAction();
  const fields = action.error?.fields ?? {};

  return (
    <section aria-labelledby="consumer-title" className="stack card">
      <h2 id="consumer-title">{t('lookup.consumer.title')}</h2>
      <p className="muted">{t('lookup.consumer.lead')}</p>
      <form
        className="form"
        noValidate
        aria-labelledby="consumer-title"
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(async () => {
            setAnswer(null);
            const input = Object.fromEntries(KEYS.map((k) => [k, v[k].trim() || undefined]));
            setAnswer({ value: await bridge.invoke('lookup.consumer', { accountId, ...input }) });
          });
        }}
      >
        {KEYS.map((k) => (
          <TextInput
            key={k}
            label={t(`lookup.consumer.${LABEL[k]}`)}
            hint={k === 'phoneNumber' ? t('lookup.consumer.phoneHint') : undefined}
            type={k === 'dateOfBirth' ? 'date' : k === 'email' ? 'email' : k === 'phoneNumber' ? 'tel' : 'text'}
            value={v[k]}
            error={fields[k]}
            onChange={(x) => setV((o) => ({ ...o, [k]: x }))}
          />
        ))}
        <div className="actions">
          <button type="submit" className="primary" disabled={action.busy}>
            {action.busy ? t('common.working') : t('lookup.consumer.search')}
          </button>
        </div>
      </form>
      <ServiceNotice error={action.error} lines={action.error?.fields ? [] : undefined} onRetry={action.retry} />
      {answer && !answer.value && (
        <p role="status" className="muted">
          {t('lookup.consumer.notFound')}
        </p>
      )}
      {answer?.value && (
        <div role="status" className="card">
          <h3>{t('lookup.consumer.found', { first: answer.value.first_name ?? '', last: answer.value.last_name ?? '' })}</h3>
          {answer.value.efaktura_identifier && (
            <p className="mono">{t('lookup.consumer.efakturaId', { id: answer.value.efaktura_identifier })}</p>
          )}
          <h4>{t('lookup.consumer.routes')}</h4>
          <ul>
            {answer.value.routes.map((r) => (
              <li key={r.route}>
                {t(`lookup.consumer.route.${r.route}`, { defaultValue: r.route })}:{' '}
                <strong>{r.available ? t('lookup.consumer.available') : t('lookup.consumer.unavailable')}</strong>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
