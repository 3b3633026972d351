import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '../../../shared/schemas/company';
import { useCommand } from '../../hooks/use-command';
import { useBridge } from '../../stores/context';
import { Loading } from '../Loading';
import { ServiceNotice } from './ServiceNotice';
import { CheckInput, TextInput } from './TextInput';
import { useAction } from './use-action';

interface Values {
  email: string;
  street: string;
  postCode: string;
  postOffice: string;
  otherDocs: boolean;
}

function valuesOf(r: Registration): Values {
  const s = (r.network_settings ?? {}) as {
    return_email?: string | null;
    return_address?: { street_address?: string | null; post_code?: string | null; post_office?: string | null } | null;
    other_docs?: boolean;
  };
  return {
    email: s.return_email ?? '',
    street: s.return_address?.street_address ?? '',
    postCode: s.return_address?.post_code ?? '',
    postOffice: s.return_address?.post_office ?? '',
    otherDocs: s.other_docs === true,
  };
}

function RegistrationForm({
  accountId,
  registration,
  onSaved,
}: {
  accountId: string;
  registration: Registration;
  onSaved(r: Registration): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [v, setV] = useState<Values>(valuesOf(registration));
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const set =
    <K extends keyof Values>(k: K) =>
    (x: Values[K]) => {
      setSaved(false);
      setV((o) => ({ ...o, [k]: x }));
    };
  const fields = action.error?.fields ?? {};
  const err = (k: string) => Object.entries(fields).find(([p]) => p.endsWith(k))?.[1];
  const titleId = `scan-reg-${registration.id}`;
  return (
    <form
      className="form card"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(async () => {
          const settings = {
            return_email: v.email.trim() || null,
            return_address: {
              street_address: v.street.trim() || null,
              post_code: v.postCode.trim() || null,
              post_office: v.postOffice.trim() || null,
            },
            other_docs: v.otherDocs,
          };
          onSaved(await bridge.invoke('scanning.registrations.save', { accountId, id: String(registration.id), settings }));
          setSaved(true);
        });
      }}
    >
      <h3 id={titleId}>{t('scanning.registration.item', { id: registration.endpoint_id ?? registration.id })}</h3>
      <TextInput
        label={t('scanning.registration.email')}
        type="email"
        value={v.email}
        onChange={set('email')}
        error={err('return_email')}
      />
      <TextInput label={t('scanning.scan.street')} value={v.street} onChange={set('street')} error={err('street_address')} />
      <TextInput label={t('scanning.scan.postCode')} value={v.postCode} onChange={set('postCode')} error={err('post_code')} />
      <TextInput label={t('scanning.scan.city')} value={v.postOffice} onChange={set('postOffice')} error={err('post_office')} />
      <CheckInput label={t('scanning.registration.otherDocs')} checked={v.otherDocs} onChange={set('otherDocs')} />
      <ServiceNotice error={action.error} onRetry={action.retry} />
      {saved && (
        <p className="notice notice-ok" role="status">
          {t('scanning.scan.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>
          {action.busy ? t('common.working') : t('scanning.registration.save')}
        </button>
      </div>
    </form>
  );
}

/** The SCAN network registrations' settings: where the scanning partner returns what it cannot scan, and other documents. */
export function ScanRegistrationsPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const list = useCommand('scanning.registrations.list', { accountId });
  return (
    <section aria-labelledby="scan-reg-title" className="stack card">
      <h2 id="scan-reg-title">{t('scanning.registration.title')}</h2>
      <p className="muted">{t('scanning.registration.lead')}</p>
      <ServiceNotice error={list.error} onRetry={list.reload} />
      {list.loading && !list.data && <Loading />}
      {list.data?.length === 0 && <p className="muted">{t('scanning.registration.none')}</p>}
      {list.data?.map((r) => (
        <RegistrationForm
          key={String(r.id)}
          accountId={accountId}
          registration={r}
          onSaved={(saved) => list.setData((list.data ?? []).map((x) => (x.id === saved.id ? saved : x)))}
        />
      ))}
    </section>
  );
}
