import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../../shared/bridge';
import type { CollectionServicesView, CollectionServiceView } from '../../../shared/bridge/collection-views';
import { CHANGE_FIELDS, CLIENT_CODE_FIELDS, clientCodeErrors, JOIN_FIELDS, type JoinService, joinErrors } from '../../forms/collection';
import { commandInput } from '../../forms/command-input';
import { bodyFrom, type FormValues, inputsFrom } from '../../forms/fields';
import { useForm } from '../../forms/use-form';
import { useCommand } from '../../hooks/use-command';
import { useBridge } from '../../stores/context';
import { toErrorView } from '../../stores/errors';
import { ConfirmButton } from '../ConfirmButton';
import { ErrorNotice } from '../ErrorNotice';
import { Field } from '../Field';
import { Loading } from '../Loading';
import { CollectionForm, collectionOptionKey } from './CollectionForm';

/**
 * Settings, an account's page -> Collection: the account's collection services, joined, changed and
 * left here. A service not joined shows only its name and status until its form is opened.
 */
export function CollectionServices({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const state = useCommand('collection.services', { accountId });
  if (!state.data) return state.error ? <ErrorNotice error={state.error} onRetry={state.reload} /> : <Loading />;
  const onChange = (v: CollectionServicesView) => state.setData(v);
  return (
    <div className="stack">
      {state.data.services.map((s) => (
        <div key={s.service} className="card stack" data-service={s.service}>
          <h4>
            {t(`collection.services.${s.service}`)}{' '}
            <span className={`badge badge-collection-${s.status}`}>
              {t(`collection.serviceStatus.${s.status}`, { defaultValue: s.status })}
            </span>
          </h4>
          <ServiceBody accountId={accountId} service={s} onChange={onChange} />
        </div>
      ))}
    </div>
  );
}

/** A service's part of the page; `onChange` gets the services as the service answered after a change, and the page redraws from them. */
interface ServiceProps<S> {
  accountId: string;
  service: S;
  onChange(v: CollectionServicesView): void;
}

function ServiceBody({ accountId, service: s, onChange }: ServiceProps<CollectionServiceView>) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const name = t(`collection.services.${s.service}`);
  const leave = async () => {
    try {
      onChange(await bridge.invoke('collection.leave', { accountId, service: s.service as 'collectora' | 'collectorb' }));
    } catch (e) {
      setError(toErrorView(e));
    }
  };
  if (s.status === 'none' || s.status === 'disabled')
    return (
      <details className="fold">
        <summary>{t('collection.joinService', { service: name })}</summary>
        <JoinForm accountId={accountId} service={s.service} onChange={onChange} />
      </details>
    );
  return (
    <>
      {s.contactEmail && <p className="muted">{s.contactEmail}</p>}
      {s.service === 'collectorb' && s.status === 'pending' && <ClientCodeForm accountId={accountId} onChange={onChange} />}
      {s.service === 'collectora' && s.status === 'active' && <ChangeForm accountId={accountId} service={s} onChange={onChange} />}
      {s.service !== 'collectorc' && (
        <div className="actions">
          <ConfirmButton
            label={t('collection.leave')}
            question={t('collection.leaveQuestion', { service: name })}
            onConfirm={() => void leave()}
          />
        </div>
      )}
      <ErrorNotice error={error} />
    </>
  );
}

function JoinForm({ accountId, service, onChange }: ServiceProps<JoinService>) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const specs = JOIN_FIELDS[service];
  const initial: FormValues = {
    ...inputsFrom(specs, {}),
    ...(service === 'collectora' ? { accountable_party: 'provider', service_type: 'full' } : {}),
  };
  const form = useForm(`collection-join-${service}`, initial);
  const name = t(`collection.services.${service}`);
  const submit = () =>
    form.submit({
      check: (v) => joinErrors(service, v, t),
      prefixes: ['body.'],
      run: async (v) =>
        onChange(await bridge.invoke('collection.join', commandInput('collection.join', { accountId, service, body: bodyFrom(specs, v) }))),
    });
  return (
    <CollectionForm
      form={form}
      label={t('collection.joinService', { service: name })}
      submitLabel={t('collection.joinService', { service: name })}
      primary
      onSubmit={submit}
    >
      <div className="grid-3">
        {specs.map((f) => (
          <Field
            key={f.path}
            form={form}
            spec={f}
            label={t(`collection.fields.${f.path}`)}
            required={f.kind !== 'bool' && !f.optional}
            optionLabel={(o) => t(collectionOptionKey(f.path, o))}
          />
        ))}
      </div>
    </CollectionForm>
  );
}

const CLIENT_CODE_SPEC = CLIENT_CODE_FIELDS[0] ?? { path: 'client_code', kind: 'text' as const };

function ClientCodeForm({ accountId, onChange }: { accountId: string; onChange(v: CollectionServicesView): void }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const form = useForm('collection-client-code', inputsFrom(CLIENT_CODE_FIELDS, {}));
  const submit = () =>
    form.submit({
      check: (v) => clientCodeErrors(v, t),
      prefixes: ['body.'],
      run: async (v) =>
        onChange(
          await bridge.invoke(
            'collection.activate',
            commandInput('collection.activate', { accountId, body: bodyFrom(CLIENT_CODE_FIELDS, v) }),
          ),
        ),
    });
  return (
    <CollectionForm form={form} label={t('collection.clientCodeTitle')} submitLabel={t('collection.activate')} primary onSubmit={submit}>
      <Field
        form={form}
        spec={CLIENT_CODE_SPEC}
        label={t('collection.fields.client_code')}
        hint={t('collection.clientCodeHint')}
        required
      />
    </CollectionForm>
  );
}

function ChangeForm({ accountId, service, onChange }: ServiceProps<CollectionServiceView>) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const form = useForm(
    'collection-change',
    inputsFrom(CHANGE_FIELDS, { accountable_party: service.accountableParty ?? 'provider', service_type: service.serviceType ?? 'full' }),
  );
  const submit = () =>
    form.submit({
      check: () => ({}),
      prefixes: ['body.'],
      run: async (v) =>
        onChange(
          await bridge.invoke('collection.change', commandInput('collection.change', { accountId, body: bodyFrom(CHANGE_FIELDS, v) })),
        ),
    });
  return (
    <CollectionForm form={form} label={t('collection.changeTitle')} submitLabel={t('collection.change')} onSubmit={submit}>
      <div className="grid-3">
        {CHANGE_FIELDS.map((f) => (
          <Field
            key={f.path}
            form={form}
            spec={f}
            label={t(`collection.fields.${f.path}`)}
            optionLabel={(o) => t(collectionOptionKey(f.path, o))}
          />
        ))}
      </div>
    </CollectionForm>
  );
}
